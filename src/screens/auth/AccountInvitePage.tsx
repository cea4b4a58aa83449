import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Box, Button, CircularProgress, Tab, Tabs, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { authFlows } from '../../authProvider';
import { AuthCard } from './AuthCard';
import { InviteNewUserForm, InviteExistingUserForm } from './InviteForms';

/** /account-invite/:token: names the account, then a new-user or existing-user form. */
export const AccountInvitePage = () => {
  const translate = useTranslate();
  const { token = '' } = useParams();
  // Loading it signs out whoever is signed in first, so the invited person accepts it: loaded once.
  const { data: invitation, error: loadError } = useQuery({
    queryKey: ['account-invitation', token],
    queryFn: () => authFlows.invitation(token),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const error = loadError ? loadError.message || translate('app.auth.invite.invalid') : undefined;
  const [chosenMode, setMode] = useState<'new' | 'existing'>();
  const mode = chosenMode ?? (invitation?.userExists ? 'existing' : 'new');

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
          <TextField label={translate('app.auth.invite.email')} value={invitation.email} fullWidth margin="dense" slotProps={{ input: { readOnly: true } }} />
          {mode === 'new' ? <InviteNewUserForm onAccept={accept} /> : <InviteExistingUserForm onAccept={accept} />}
        </Box>
      )}
    </AuthCard>
  );
};
