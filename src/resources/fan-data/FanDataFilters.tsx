import { MenuItem, Stack, TextField } from '@mui/material';
import { useGetList, useListContext, useTranslate } from 'react-admin';
import { LIMITS, MAX_PAGE_SIZE } from '@shared/domain/constants';
import { TextFilter } from '../../components/TextFilter';
import { DateRangeFilter } from '../../components/DateRangeFilter';
import { showsAllChoice } from '../../components/filterSelect';
import type { DateRangeValue } from '@shared/domain/dateRange';

type Filters = Record<string, string | undefined>;

/** Two filters a row on phones, a fixed width on wider screens. */
const fieldSx = { width: { xs: 'calc(50% - 4px)', sm: 170 } };

/** The page filter: the account's pages by name. */
const PageFilter = ({ value, onValue }: { value?: string; onValue: (value?: string) => void }) => {
  const translate = useTranslate();
  const { data: pages = [] } = useGetList('pages', { pagination: { page: 1, perPage: MAX_PAGE_SIZE }, sort: { field: 'name', order: 'ASC' } });
  return (
    <TextField select size="small" margin="none" label={translate('resources.data.filters.pageId')} value={pages.length ? (value ?? '') : ''} onChange={(event) => onValue(event.target.value || undefined)} fullWidth={false} sx={fieldSx} slotProps={showsAllChoice}>
      <MenuItem value="">{translate('resources.data.filters.allPages')}</MenuItem>
      {pages.map((page) => (
        <MenuItem key={page.id} value={String(page.id)}>
          {String(page.name)}
        </MenuItem>
      ))}
    </TextField>
  );
};

/**
 * The Fan Data filters (page, venue, song, artist, date range, marketing consent), kept by the
 * list in the URL; each change goes back to the first page.
 */
export const FanDataFilters = () => {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  const filters = filterValues as Filters;
  const update = (changes: Filters) => {
    const next: Filters = { ...filters, ...changes };
    for (const key of Object.keys(next)) if (next[key] === undefined || next[key] === '') delete next[key];
    setFilters(next, {}, false);
  };
  const range: DateRangeValue = { startDate: filters.startDate, endDate: filters.endDate };
  return (
    <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" alignItems="flex-start" sx={{ p: 2, pb: 1 }} role="search" aria-label={translate('resources.data.filters.label')}>
      <PageFilter value={filters.pageId} onValue={(pageId) => update({ pageId })} />
      {(['venue', 'song', 'artist'] as const).map((name) => (
        <TextFilter key={name} id={`filter-${name}`} label={translate(`resources.data.filters.${name}`)} value={filters[name]} maxLength={LIMITS.shortText} onChange={(text) => update({ [name]: text })} sx={fieldSx} />
      ))}
      <TextField
        select
        size="small"
        margin="none"
        label={translate('resources.data.filters.marketingConsent')}
        value={filters.marketingConsent ?? ''}
        onChange={(event) => update({ marketingConsent: event.target.value || undefined })}
        fullWidth={false}
        sx={fieldSx}
        slotProps={showsAllChoice}
      >
        <MenuItem value="">{translate('resources.data.filters.any')}</MenuItem>
        <MenuItem value="true">{translate('resources.data.filters.consented')}</MenuItem>
        <MenuItem value="false">{translate('resources.data.filters.notConsented')}</MenuItem>
      </TextField>
      <DateRangeFilter value={range} onChange={(next) => update({ startDate: next.startDate, endDate: next.endDate })} />
    </Stack>
  );
};
