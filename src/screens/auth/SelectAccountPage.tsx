import { useEffect, useState } from 'react';
import {
  Alert,
  Button,
  CircularProgress,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useLogout, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../apiError';
import { AuthCard } from './AuthCard';
import { DebouncedSearchField } from '../../components/DebouncedSearchField';
import { authFlows, takePreviousPath } from '../../authProvider';

/** Makes an account current and reloads the console there (or where the user was headed). */
export async function switchAccount(id: string, destination = '/'): Promise<void> {
  await authFlows.switchAccount(id);
  window.location.assign(destination);
}

/** /select-account: the user's accounts, searchable; one account switches by itself. */
export const SelectAccountPage = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const logout = useLogout();
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<string>();
  const [switchError, setSwitchError] = useState<string>();
  const { data: accounts, error: loadError } = useQuery({
    queryKey: ['select-account', search],
    queryFn: () => authFlows.selectableAccounts(search),
    retry: false,
  });
  const signedOut = loadError instanceof ApiError && loadError.status === 401;
  const error = switchError ?? (loadError && !signedOut ? loadError.message : undefined);
  const only = !search && accounts?.length === 1 ? accounts[0].id : undefined;

  // 'Switches automatically if the user has only one account' (spec section 2); a 401 means signed out.
  useEffect(() => {
    if (only) switchAccount(only, takePreviousPath()).catch((e: Error) => setSwitchError(e.message));
  }, [only]);
  useEffect(() => {
    if (signedOut) navigate('/login');
  }, [signedOut, navigate]);

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
          <DebouncedSearchField label={translate('app.auth.select.search')} onSearch={setSearch} />
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
            onClick={() => selected && switchAccount(selected, takePreviousPath()).catch((e: Error) => setSwitchError(e.message))}
          >
            {translate('app.auth.select.continue')}
          </Button>
        )}
      </Stack>
    </AuthCard>
  );
};
