import { useEffect, useState } from 'react';
import { Alert, Button, CircularProgress, List, ListItem, ListItemButton, ListItemText, Stack, Typography } from '@mui/material';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useLogout, useTranslate } from 'react-admin';
import { Navigate } from 'react-router-dom';
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
  const logout = useLogout();
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<string>();
  const { data: accounts, error: loadError } = useQuery({
    queryKey: ['select-account', search],
    queryFn: () => authFlows.selectableAccounts(search),
    retry: false,
  });
  const { mutate: switchTo, error: switchError } = useMutation({ mutationFn: (id: string) => switchAccount(id, takePreviousPath()) });
  const signedOut = loadError instanceof ApiError && loadError.status === 401;
  const error = switchError?.message ?? (loadError && !signedOut ? loadError.message : undefined);
  const only = !search && accounts?.length === 1 ? accounts[0].id : undefined;

  // 'Switches automatically if the user has only one account' (spec section 2).
  useEffect(() => {
    if (only) switchTo(only);
  }, [only, switchTo]);

  // A 401 means signed out.
  if (signedOut) return <Navigate to="/login" />;

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
                  onDoubleClick={() => switchTo(account.id)}
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
          <Button variant="contained" disabled={!selected} onClick={() => selected && switchTo(selected)}>
            {translate('app.auth.select.continue')}
          </Button>
        )}
      </Stack>
    </AuthCard>
  );
};
