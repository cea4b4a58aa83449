import { useState, type ReactNode } from 'react';
import { Button, Collapse, MenuItem, Stack, TextField, ToggleButton } from '@mui/material';
import FilterListIcon from '@mui/icons-material/FilterList';
import { useIsPhone } from '../../components/useIsPhone';
import { useGetList, useListContext, useTranslate } from 'react-admin';
import { LIMITS, REQUIRES_APPROVAL_COUNT_CAP, UPLOAD_SORTS, UPLOAD_STATUSES, UPLOAD_TYPES } from '@shared/domain/constants';
import { PLATFORM_UPLOAD_STATUSES } from '@shared/domain/suspectedSpam';
import { DateRangeFilter } from '../../components/DateRangeFilter';
import { showsAllChoice } from '../../components/filterSelect';
import { Upsell } from '../../components/Upsell';
import type { DateRangeValue } from '@shared/domain/dateRange';
import { TextFilter } from '../../components/TextFilter';
import { useUploadPermissions } from './useUploadPermissions';
import { cappedCountLabel } from '@shared/domain/pager';

type Filters = Record<string, string | undefined>;

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
  const set = (changes: Filters) => {
    const next: Filters = { ...values, ...changes };
    for (const key of Object.keys(next)) if (next[key] === undefined || next[key] === '') delete next[key];
    setFilters(next, {});
  };
  // Suspected spam is Platform Uploads' own (held submissions, not uploads of the account's list).
  const statuses = (platform ? PLATFORM_UPLOAD_STATUSES : UPLOAD_STATUSES).filter((status) => status !== 'content-flagged' || permissions.isPlatformAdmin);
  const count = Number((meta as { requiresApprovalCount?: number } | undefined)?.requiresApprovalCount ?? 0);
  const approving = values.status === REQUIRES_APPROVAL;
  const hasFilters = Object.keys(values).length > 0 || sort.field !== 'createdAt';

  const toggle = !platform && (
    <ToggleButton value="requires-approval" size="small" selected={approving} color="warning" onChange={() => set({ status: approving ? undefined : REQUIRES_APPROVAL })} sx={{ whiteSpace: 'nowrap' }}>
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
    <Stack component="section" aria-label={t('title')} direction="row" useFlexGap flexWrap="wrap" gap={1} alignItems="flex-start" sx={{ mb: 2 }}>
      <Choice id="filter-type" label={t('type')} value={values.type} anyLabel={t('any')} onChange={(type) => set({ type })}>
        {UPLOAD_TYPES.map((type) => (
          <MenuItem key={type} value={type}>
            {translate(`resources.${resource}.types.${type}`)}
          </MenuItem>
        ))}
      </Choice>
      <Choice id="filter-status" label={t('status')} value={values.status} anyLabel={t('any')} onChange={(status) => set({ status })}>
        {statuses.map((status) => (
          <MenuItem key={status} value={status}>
            {translate(`resources.${resource}.statuses.${status}`)}
          </MenuItem>
        ))}
      </Choice>
      {platform ? <AccountChoice value={values.accountId} onChange={(accountId) => set({ accountId })} label={t('account')} anyLabel={t('any')} /> : <PageChoice value={values.pageId} onChange={(pageId) => set({ pageId })} label={t('page')} anyLabel={t('any')} />}
      {!platform && (
        <>
          <TextFilter id="filter-tag" label={t('tag')} value={values.tag} maxLength={LIMITS.tag} onChange={(tag) => set({ tag })} />
          <TextFilter id="filter-venue" label={t('venue')} value={values.venue} maxLength={LIMITS.shortText} onChange={(venue) => set({ venue })} />
          <TextFilter id="filter-artist" label={t('artist')} value={values.artist} maxLength={LIMITS.shortText} onChange={(artist) => set({ artist })} />
          <TextFilter id="filter-song" label={t('song')} value={values.song} maxLength={LIMITS.shortText} onChange={(song) => set({ song })} />
        </>
      )}
      <DateRangeFilter
        id="filter-date"
        value={{ startDate: values.startDate, endDate: values.endDate }}
        onChange={(range: DateRangeValue) => set({ startDate: range.startDate, endDate: range.endDate })}
      />
      <TextField select size="small" fullWidth={false} margin="none" id="filter-sort" label={t('sort')} value={sort.field} onChange={(event) => setSort({ field: event.target.value, order: 'DESC' })} sx={{ minWidth: 140 }}>
        {UPLOAD_SORTS.map((field) => (
          <MenuItem key={field} value={field}>
            {translate(`resources.${resource}.sorts.${field}`)}
          </MenuItem>
        ))}
      </TextField>
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

const Choice = ({ id, label, value, anyLabel, onChange, children }: { id: string; label: string; value?: string; anyLabel: string; onChange: (value?: string) => void; children: ReactNode }) => (
  <TextField select size="small" fullWidth={false} margin="none" id={id} label={label} value={value ?? ''} onChange={(event) => onChange(event.target.value || undefined)} sx={{ minWidth: 140 }} slotProps={showsAllChoice}>
    <MenuItem value="">{anyLabel}</MenuItem>
    {children}
  </TextField>
);

type ChoiceProps = { value?: string; onChange: (value?: string) => void; label: string; anyLabel: string };

const PageChoice = (props: ChoiceProps) => {
  const { data = [] } = useGetList<{ id: string; name: string }>('pages', { pagination: { page: 1, perPage: 200 }, sort: { field: 'name', order: 'ASC' } });
  return (
    <Choice id="filter-page" {...props}>
      {data.map((page) => (
        <MenuItem key={page.id} value={page.id}>
          {page.name}
        </MenuItem>
      ))}
    </Choice>
  );
};

const AccountChoice = (props: ChoiceProps) => {
  const { data = [] } = useGetList<{ id: string; name: string }>('admin/accounts', { pagination: { page: 1, perPage: 200 }, sort: { field: 'name', order: 'ASC' } });
  return (
    <Choice id="filter-account" {...props}>
      {data.map((account) => (
        <MenuItem key={account.id} value={account.id}>
          {account.name}
        </MenuItem>
      ))}
    </Choice>
  );
};
