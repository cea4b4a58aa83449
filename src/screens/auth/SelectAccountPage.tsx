import { useState } from 'react';
import {
  Alert,
  Button,
  CircularProgress,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useLogout, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { AccountChoice } from '@shared/domain/types';
import { ApiError } from '../../apiError';
import { request } from '../../http';
import { useAccountChoices } from './accountChoices';
import { AuthCard } from './AuthCard';
import { takePreviousPath } from '../../authProvider';

/** Makes an account current and reloads the console there (or where the user was headed). */
export async function switchAccount(id: string, destination = '/'): Promise<void> {
  await request(`/api/auth/switch-account/${encodeURIComponent(id)}`, { method: 'POST', handleAuthErrors: false });
  window.location.assign(destination);
}

/** /select-account: the user's accounts, searchable; one account switches by itself. */
export const SelectAccountPage = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const logout = useLogout();
  const [search, setSearch] = useState('');
  const [accounts, setAccounts] = useState<AccountChoice[]>();
  const [selected, setSelected] = useState<string>();
  const [error, setError] = useState<string>();

  useAccountChoices(
    search,
    (data) => {
      setAccounts(data);
      if (!search && data.length === 1) switchAccount(data[0].id, takePreviousPath()).catch((e: Error) => setError(e.message));
    },
    (e) => {
      if (e instanceof ApiError && e.status === 401) navigate('/login');
      else setError(e instanceof Error ? e.message : String(e));
    },
    { handleAuthErrors: false },
  );

  const noAccounts = accounts?.length === 0 && !search;

  return (
    <AuthCard title={translate('app.auth.select.title')}>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      {noAccounts ? (
        <Alert severity="warning">{translate('app.auth.select.none')}</Alert>
      ) : (
        <>
          <TextField
            label={translate('app.auth.select.search')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            fullWidth
            margin="dense"
            type="search"
          />
          {!accounts && <CircularProgress size={24} sx={{ m: 2 }} />}
          {accounts?.length === 0 && (
            <Typography color="text.secondary" sx={{ my: 2 }}>
              {translate('app.auth.select.noMatch')}
            </Typography>
          )}
          <List sx={{ maxHeight: 320, overflow: 'auto' }} aria-label={translate('app.auth.select.title')}>
            {accounts?.map((account) => (
              <ListItem key={account.id} disablePadding>
                <ListItemButton
                  selected={selected === account.id}
                  aria-pressed={selected === account.id}
                  onClick={() => setSelected(account.id)}
                  onDoubleClick={() => switchAccount(account.id, takePreviousPath())}
                >
                  <ListItemText primary={account.name} secondary={account.role ?? undefined} />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </>
      )}
      <Stack direction="row" justifyContent="space-between" sx={{ mt: 2 }}>
        <Button onClick={() => logout()}>{translate('app.auth.select.logout')}</Button>
        {!noAccounts && (
          <Button
            variant="contained"
            disabled={!selected}
            onClick={() => selected && switchAccount(selected, takePreviousPath()).catch((e: Error) => setError(e.message))}
          >
            {translate('app.auth.select.continue')}
          </Button>
        )}
      </Stack>
    </AuthCard>
  );
};
