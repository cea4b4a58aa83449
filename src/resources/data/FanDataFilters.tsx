import { MenuItem, Stack } from '@mui/material';
import { FilterLiveForm, useTranslate } from 'react-admin';
import { LIMITS } from '#shared/domain/constants';
import { DateRangeInput } from '../../components/DateRangeFilter';
import { filterWidth, FilterSelectInput, FilterTextInput, NamedRecordFilterInput } from '../../components/FilterInputs';

/** Two filters a row on phones, a fixed width on wider screens. */
const fieldSx = filterWidth(170);
/** The date range on wider screens is as wide as its own fields (a custom range adds two). */
const rangeSx = filterWidth('auto');

/** The Fan Data filters (page, venue, song, artist, date range, marketing consent), kept by the list in the URL; each change goes back to the first page. */
export const FanDataFilters = () => {
  const translate = useTranslate();
  const t = (key: string) => translate(`resources.data.filters.${key}`);
  return (
    <FilterLiveForm>
      <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" alignItems="flex-start" sx={{ p: 2, pb: 1 }} role="search" aria-label={t('label')}>
        <NamedRecordFilterInput reference="pages" source="pageId" label={t('pageId')} anyLabel={t('allPages')} sx={fieldSx} />
        {(['venue', 'song', 'artist'] as const).map((name) => (
          <FilterTextInput key={name} source={name} id={`filter-${name}`} label={t(name)} maxLength={LIMITS.shortText} sx={fieldSx} />
        ))}
        <FilterSelectInput source="marketingConsent" label={t('marketingConsent')} anyLabel={t('any')} sx={fieldSx}>
          <MenuItem value="true">{t('consented')}</MenuItem>
          <MenuItem value="false">{t('notConsented')}</MenuItem>
        </FilterSelectInput>
        <DateRangeInput sx={rangeSx} />
      </Stack>
    </FilterLiveForm>
  );
};
