import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Box, Button, MenuItem, TextField } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { useListContext, useTranslate } from 'react-admin';
import { PLANS } from '@shared/domain/plans';
import { ACCOUNT_STATUSES } from '@shared/domain/roles';

interface Filters {
  q?: string;
  status?: string;
  subscriptionPlan?: string;
}

/** Search by name or slug, with status and plan, applied with the Search button. */
export const AccountSearchBar = ({ action }: { action?: ReactNode }) => {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  const [values, setValues] = useState<Filters>(filterValues);
  // A filter changed elsewhere (back navigation, stored list params) shows here too.
  const applied = JSON.stringify(filterValues);
  useEffect(() => setValues(JSON.parse(applied) as Filters), [applied]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = Object.fromEntries(Object.entries({ ...values, q: values.q?.trim() }).filter(([, value]) => value));
    setFilters(next, {}, false);
  };
  const t = (key: string) => translate(`resources.admin/accounts.${key}`);
  const select = (name: 'status' | 'subscriptionPlan', options: readonly string[], prefix: string) => (
    <TextField
      select
      variant="outlined"
      size="small"
      margin="none"
      label={t(`search.${name}`)}
      value={values[name] ?? ''}
      onChange={(e) => setValues({ ...values, [name]: e.target.value })}
      sx={{ width: 180 }}
    >
      <MenuItem value="">{t('search.any')}</MenuItem>
      {options.map((option) => (
        <MenuItem key={option} value={option}>
          {t(`${prefix}.${option}`)}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <Box component="form" role="search" onSubmit={submit} sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', p: 2 }}>
      <TextField
        variant="outlined"
        size="small"
        margin="none"
        label={t('search.name')}
        value={values.q ?? ''}
        onChange={(e) => setValues({ ...values, q: e.target.value })}
        slotProps={{ htmlInput: { maxLength: 100 } }}
        sx={{ width: 260 }}
      />
      {select('status', ACCOUNT_STATUSES, 'status')}
      {select('subscriptionPlan', PLANS, 'plan')}
      <Button type="submit" variant="outlined" startIcon={<SearchIcon />}>
        {t('search.submit')}
      </Button>
      {action && <Box sx={{ ml: 'auto' }}>{action}</Box>}
    </Box>
  );
};
