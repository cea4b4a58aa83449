import { useState } from 'react';
import { Button, Collapse, MenuItem, Stack, ToggleButton } from '@mui/material';
import FilterListIcon from '@mui/icons-material/FilterList';
import { useIsPhone } from '../../components/useIsPhone';
import { FilterLiveForm, useListContext, useTranslate } from 'react-admin';
import { LIMITS, REQUIRES_APPROVAL_COUNT_CAP, UPLOAD_SORTS, UPLOAD_STATUSES, UPLOAD_TYPES } from '#shared/domain/constants';
import { PLATFORM_UPLOAD_STATUSES } from '#shared/domain/suspectedSpam';
import { DateRangeInput } from '../../components/DateRangeFilter';
import { RIGHTS_STATUSES } from '#shared/domain/rights';
import { filterWidth, FilterSelectInput, FilterTextField, FilterTextInput, NamedRecordFilterInput } from '../../components/FilterInputs';
import { Upsell } from '../../components/Upsell';
import { useUploadPermissions } from './useUploadPermissions';
import { cappedCountLabel } from '#shared/domain/pager';

type Filters = Record<string, string | undefined>;

/** Two filters a row on phones (as Fan Data's), their own width on wider screens. */
const CHOICE_SX = { minWidth: 140, ...filterWidth('auto') };
const TEXT_SX = filterWidth(150);
const TEXT_FILTERS = [
  ['tag', LIMITS.tag],
  ['venue', LIMITS.shortText],
  ['artist', LIMITS.shortText],
  ['song', LIMITS.shortText],
] as const;

const REQUIRES_APPROVAL = 'requires-approval';

/**
 * The filters of Fan Uploads and Platform Uploads, kept in the URL by react-admin's list: type,
 * status, page (or account), tag, venue, artist, song, date range and sort, and the Requires
 * Approval toggle with its count. On a plan without filters the box shows the upload-filter
 * upsell instead (platform admins bypass it).
 */
export const UploadFilterBar = ({ platform }: { platform: boolean }) => {
  const translate = useTranslate();
  const { filterValues, setFilters, sort, setSort, resource, meta } = useListContext();
  const permissions = useUploadPermissions(platform);
  const isPhone = useIsPhone();
  const [expanded, setExpanded] = useState(false);
  const values = filterValues as Filters;
  const t = (key: string, args?: Record<string, unknown>) => translate(`resources.${resource}.filters.${key}`, args);
  /** The choices of a select, each labelled by `<labels>.<value>`. */
  const options = (values: readonly string[], labels: string) =>
    values.map((value) => (
      <MenuItem key={value} value={value}>
        {translate(`${labels}.${value}`)}
      </MenuItem>
    ));
  // Suspected spam is Platform Uploads' own (held submissions, not uploads of the account's list).
  const statuses = (platform ? PLATFORM_UPLOAD_STATUSES : UPLOAD_STATUSES).filter((status) => status !== 'content-flagged' || permissions.isPlatformAdmin);
  const count = Number((meta as { requiresApprovalCount?: number } | undefined)?.requiresApprovalCount ?? 0);
  const approving = values.status === REQUIRES_APPROVAL;
  const hasFilters = Object.keys(values).length > 0 || sort.field !== 'createdAt';

  const toggle = !platform && (
    <ToggleButton
      value="requires-approval"
      size="small"
      selected={approving}
      color="warning"
      onChange={() => setFilters({ ...values, status: approving ? undefined : REQUIRES_APPROVAL }, {})}
      sx={{ whiteSpace: 'nowrap', alignSelf: 'center' }}
    >
      {t('requiresApproval', { count: cappedCountLabel(count, REQUIRES_APPROVAL_COUNT_CAP) })}
    </ToggleButton>
  );
  if (permissions.isPending) return null;
  if (!permissions.filtersAllowed) {
    return (
      <Stack spacing={1} sx={{ mb: 2 }}>
        <Upsell id="upload-filter" />
        <div>{toggle}</div>
      </Stack>
    );
  }
  const active = Object.keys(values).filter((key) => key !== 'status' || !approving).length;
  const bar = (
    <FilterLiveForm>
      <Stack component="section" aria-label={t('title')} direction="row" useFlexGap flexWrap="wrap" gap={1} alignItems="flex-start" sx={{ mb: 2 }}>
        <FilterSelectInput source="type" id="filter-type" label={t('type')} anyLabel={t('any')} sx={CHOICE_SX}>
          {options(UPLOAD_TYPES, `resources.${resource}.types`)}
        </FilterSelectInput>
        <FilterSelectInput source="status" id="filter-status" label={t('status')} anyLabel={t('any')} sx={CHOICE_SX}>
          {options(statuses, `resources.${resource}.statuses`)}
        </FilterSelectInput>
        {platform ? (
          <NamedRecordFilterInput reference="admin/accounts" source="accountId" id="filter-account" label={t('account')} anyLabel={t('any')} sx={CHOICE_SX} />
        ) : (
          <NamedRecordFilterInput reference="pages" source="pageId" id="filter-page" label={t('page')} anyLabel={t('any')} sx={CHOICE_SX} />
        )}
        {!platform && (
          <FilterSelectInput source="rights" id="filter-rights" label={t('rights')} anyLabel={t('any')} sx={CHOICE_SX}>
            {options(RIGHTS_STATUSES, 'resources.rights-requests.choices.status')}
          </FilterSelectInput>
        )}
        {!platform &&
          TEXT_FILTERS.map(([name, maxLength]) => (
            <FilterTextInput key={name} source={name} id={`filter-${name}`} label={t(name)} maxLength={maxLength} sx={TEXT_SX} />
          ))}
        <DateRangeInput id="filter-date" sx={CHOICE_SX} />
        <FilterTextField
          select
          id="filter-sort"
          label={t('sort')}
          value={sort.field}
          onChange={(event) => setSort({ field: event.target.value, order: 'DESC' })}
          sx={CHOICE_SX}
        >
          {options(UPLOAD_SORTS, `resources.${resource}.sorts`)}
        </FilterTextField>
        {toggle}
        {hasFilters && (
          <Button
            size="small"
            onClick={() => {
              setFilters({}, {});
              setSort({ field: 'createdAt', order: 'DESC' });
            }}
            sx={{ alignSelf: 'center' }}
          >
            {t('clear')}
          </Button>
        )}
      </Stack>
    </FilterLiveForm>
  );
  if (!isPhone) return bar;
  // On phones the filters fold away behind one button, so the cards come first.
  return (
    <>
      <Stack direction="row" useFlexGap flexWrap="wrap" gap={1} sx={{ mb: 1 }}>
        <Button size="small" variant="outlined" startIcon={<FilterListIcon />} aria-expanded={expanded} onClick={() => setExpanded(!expanded)}>
          {active ? `${t('title')} (${active})` : t('title')}
        </Button>
        {!expanded && toggle}
      </Stack>
      <Collapse in={expanded}>{bar}</Collapse>
    </>
  );
};
