import type { ReactNode } from 'react';
import { MenuItem } from '@mui/material';
import { useTranslate } from 'react-admin';
import { PLANS } from '#shared/domain/plans';
import { ACCOUNT_STATUSES } from '#shared/domain/roles';
import { SearchForm, SearchTextInput } from '../../components/SearchForm';
import { filterWidth, FilterSelectInput } from '../../components/FilterInputs';

/** Search by name or slug, with status and plan, applied with the Search button. */
export const AccountSearchBar = ({ action }: { action?: ReactNode }) => {
  const translate = useTranslate();
  const t = (key: string) => translate(`resources.admin/accounts.${key}`);
  const select = (source: 'status' | 'subscriptionPlan', options: readonly string[], prefix: string) => (
    <FilterSelectInput source={source} label={t(`search.${source}`)} anyLabel={t('search.any')} sx={filterWidth(180)}>
      {options.map((option) => (
        <MenuItem key={option} value={option}>
          {t(`${prefix}.${option}`)}
        </MenuItem>
      ))}
    </FilterSelectInput>
  );
  return (
    <SearchForm action={action}>
      <SearchTextInput label="resources.admin/accounts.search.name" width={260} />
      {select('status', ACCOUNT_STATUSES, 'status')}
      {select('subscriptionPlan', PLANS, 'plan')}
    </SearchForm>
  );
};
