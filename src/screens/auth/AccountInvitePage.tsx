import { useEffect, useRef, useState } from 'react';
import { Alert, Box, Button, CircularProgress, Tab, Tabs, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { authFlows, type Invitation } from '../../authProvider';
import { AuthCard } from './AuthCard';
import { InviteNewUserForm, InviteExistingUserForm } from './InviteForms';

export type { Invitation };

/** /account-invite/:token: names the account, then a new-user or existing-user form. */
export const AccountInvitePage = () => {
  const translate = useTranslate();
  const { token = '' } = useParams();
  const [invitation, setInvitation] = useState<Invitation>();
  const [error, setError] = useState<string>();
  const [mode, setMode] = useState<'new' | 'existing'>('new');
  const loading = useRef<Promise<Invitation>>(undefined);

  useEffect(() => {
    // Whoever is signed in is signed out first, so the invited person accepts it.
    loading.current ??= authFlows.invitation(token);
    loading.current.then(
      (found) => {
        setInvitation(found);
        setMode(found.userExists ? 'existing' : 'new');
      },
      (e: unknown) => setError(e instanceof Error ? e.message : translate('app.auth.invite.invalid')),
    );
  }, [token, translate]);

  const accept = async (body: Record<string, unknown>) => {
    await authFlows.acceptInvitation(token, body);
    window.location.assign('/');
  };

  return (
    <AuthCard title={translate('app.auth.invite.title')}>
      {!invitation && !error && <CircularProgress size={24} aria-label={translate('app.auth.invite.loading')} />}
      {error && (
        <>
          <Alert severity="error">{error}</Alert>
          <Button component={RouterLink} to="/login" sx={{ mt: 2 }}>
            {translate('app.auth.invite.signIn')}
          </Button>
        </>
      )}
      {invitation && (
        <Box>
          <Alert severity="info" icon={false} sx={{ mb: 2 }}>
            {translate('app.auth.invite.invited', { account: invitation.account.name, role: invitation.role })}
          </Alert>
          <Tabs value={mode} onChange={(_, value: 'new' | 'existing') => setMode(value)} variant="fullWidth" sx={{ mb: 1 }}>
            <Tab value="new" label={translate('app.auth.invite.newUser')} />
            <Tab value="existing" label={translate('app.auth.invite.existingUser')} />
          </Tabs>
          <TextField
            label={translate('app.auth.invite.email')}
            value={invitation.email}
            fullWidth
            margin="dense"
            slotProps={{ input: { readOnly: true } }}
          />
          {mode === 'new' ? <InviteNewUserForm onAccept={accept} /> : <InviteExistingUserForm onAccept={accept} />}
        </Box>
      )}
    </AuthCard>
  );
};
