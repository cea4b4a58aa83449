import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, List, ListItem, ListItemButton, ListItemText, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { AccountChoice } from '@shared/domain/types';
import { switchAccount } from '../screens/auth/SelectAccountPage';
import { useAccountChoices } from '../screens/auth/accountChoices';

/** Lists the user's other accounts; choosing one makes it current and reloads the console. */
export const SwitchAccountDialog = ({ open, onClose, currentId }: { open: boolean; onClose: () => void; currentId?: string }) => {
  const translate = useTranslate();
  const [search, setSearch] = useState('');
  const [accounts, setAccounts] = useState<AccountChoice[]>([]);

  useAccountChoices(
    search,
    (data) => setAccounts(data.filter((account) => account.id !== currentId)),
    () => setAccounts([]),
    { errorDialog: true },
    open,
  );

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{translate('app.switchAccount.title')}</DialogTitle>
      <DialogContent>
        <TextField
          label={translate('app.switchAccount.search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          fullWidth
          margin="dense"
          type="search"
          autoFocus
        />
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
