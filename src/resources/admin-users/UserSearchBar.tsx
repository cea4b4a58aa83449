import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Box, Button, Checkbox, FormControl, InputLabel, ListItemText, MenuItem, OutlinedInput, Select, TextField } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { useListContext, useTranslate } from 'react-admin';
import { USER_STATUSES, type UserStatus } from '@shared/domain/roles';

/** Search by name and by statuses (several at once), applied with the Search button (spec section 2). */
export const UserSearchBar = ({ action }: { action?: ReactNode }) => {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  const [q, setQ] = useState<string>(filterValues.q ?? '');
  const [status, setStatus] = useState<UserStatus[]>(filterValues.status ?? []);
  // A filter changed elsewhere (back navigation, stored list params) shows here too.
  const applied = JSON.stringify(filterValues);
  useEffect(() => {
    const values = JSON.parse(applied) as { q?: string; status?: UserStatus[] };
    setQ(values.q ?? '');
    setStatus(values.status ?? []);
  }, [applied]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: Record<string, unknown> = {};
    if (q.trim()) next.q = q.trim();
    if (status.length) next.status = status;
    setFilters(next, {}, false);
  };
  const statusLabel = (value: string) => translate(`resources.admin/users.status.${value}`);

  return (
    <Box component="form" role="search" onSubmit={submit} sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', p: 2 }}>
      <TextField
        variant="outlined"
        size="small"
        fullWidth={false}
        margin="none"
        label={translate('resources.admin/users.search.name')}
        value={q}
        onChange={(e) => setQ(e.target.value)}
        slotProps={{ htmlInput: { maxLength: 100 } }}
        sx={{ width: 280 }}
      />
      <FormControl size="small" variant="outlined" fullWidth={false} margin="none" sx={{ width: 260 }}>
        <InputLabel id="user-status-filter">{translate('resources.admin/users.search.status')}</InputLabel>
        <Select<UserStatus[]>
          labelId="user-status-filter"
          multiple
          value={status}
          onChange={(e) => setStatus(typeof e.target.value === 'string' ? (e.target.value.split(',') as UserStatus[]) : e.target.value)}
          input={<OutlinedInput label={translate('resources.admin/users.search.status')} />}
          renderValue={(selected) => selected.map(statusLabel).join(', ')}
        >
          {USER_STATUSES.map((value) => (
            <MenuItem key={value} value={value}>
              <Checkbox checked={status.includes(value)} size="small" />
              <ListItemText primary={statusLabel(value)} />
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      <Button type="submit" variant="outlined" startIcon={<SearchIcon />}>
        {translate('resources.admin/users.search.submit')}
      </Button>
      {action && <Box sx={{ ml: 'auto' }}>{action}</Box>}
    </Box>
  );
};
