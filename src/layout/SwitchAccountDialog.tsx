import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, List, ListItem, ListItemButton, ListItemText, Typography } from '@mui/material';
import { keepPreviousData } from '@tanstack/react-query';
import { useGetList, useTranslate } from 'react-admin';
import type { AccountChoice } from '#shared/domain/types';
import { switchAccount } from '../screens/auth/SelectAccountPage';
import { DebouncedSearchField } from '../components/DebouncedSearchField';

/**
 * Lists the user's other accounts (the declared my-accounts, the user's own); choosing one makes
 * it current and reloads the console. Typing searches on the server after a pause, so each
 * keystroke does not make a request.
 */
export const SwitchAccountDialog = ({ open, onClose, currentId }: { open: boolean; onClose: () => void; currentId?: string }) => {
  const translate = useTranslate();
  const [search, setSearch] = useState('');
  const { data } = useGetList<AccountChoice>(
    'my-accounts',
    { filter: search ? { q: search } : {}, sort: { field: 'name', order: 'ASC' } },
    { enabled: open, placeholderData: keepPreviousData, meta: { errorDialog: true } },
  );
  const accounts = (data ?? []).filter((account) => account.id !== currentId);

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{translate('app.switchAccount.title')}</DialogTitle>
      <DialogContent>
        <DebouncedSearchField label={translate('app.switchAccount.search')} onSearch={setSearch} autoFocus />
        {accounts.length === 0 ? (
          <Typography color="text.secondary" sx={{ mt: 2 }}>
            {translate('app.switchAccount.none')}
          </Typography>
        ) : (
          <List>
            {accounts.map((account) => (
              <ListItem key={account.id} disablePadding>
                <ListItemButton onClick={() => switchAccount(account.id)}>
                  <ListItemText primary={account.name} secondary={account.role ?? undefined} />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('app.switchAccount.cancel')}</Button>
      </DialogActions>
    </Dialog>
  );
};
