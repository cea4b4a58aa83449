import { useMemo, useState } from 'react';
import { Alert, Box, Card, CardContent, Grid, Stack, Typography } from '@mui/material';
import { BooleanInput, Form, SaveButton, TextInput, useNotify, useSaveContext, useTranslate } from 'react-admin';
import { useFormState, type FieldValues } from 'react-hook-form';
import { adminUserSchema, type AdminUserInput } from '#shared/domain/schemas/adminUsers';
import { useZodResolver } from '../../forms/zodResolver';
import { FormRequiredMarker } from '../../forms/FormNotices';
import type { AdminUser } from '../records';
import { AvatarPanel } from './AvatarPanel';
import { AccountHeaderPreview } from './AccountHeaderPreview';
import { UserStatusActions } from './UserStatusActions';
import { UserMessages } from './UserMessages';
import { VerifiedBadge } from './UserFields';
import { MusicianProfileSection } from './musician/MusicianProfileSection';

/** The form's values: the preference travels only for admin-type users. */
function toForm(user: AdminUser): AdminUserInput {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    ...(user.type === 'admin' ? { videoProcessedEmails: !!user.videoProcessedEmails } : {}),
  };
}

/** Status buttons read the form: Send Invite waits until the changes are saved. */
const StatusActions = ({ user }: { user: AdminUser }) => {
  const { isDirty } = useFormState();
  return <UserStatusActions user={user} unsaved={isDirty} />;
};

/**
 * The General tab of /admin/users/{userId} (spec section 2): avatar, account header, the
 * profile form with the verification badge and the status buttons, the musician section for
 * musicians, and the message composer with its history.
 */
export const GeneralTab = ({ user, refetch }: { user: AdminUser; refetch: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const { save } = useSaveContext();
  const resolver = useZodResolver(adminUserSchema);
  const [emailChanged, setEmailChanged] = useState(false);
  const values = useMemo(() => toForm(user), [user]);

  // The Edit controller's save (pessimistic update of the record); its answer's body.errors go under the inputs.
  const submit = (data: FieldValues) =>
    save?.(data, {
      onSuccess: (saved: AdminUser) => {
        setEmailChanged(saved.email !== user.email);
        notify('resources.admin/users.details.saved', { type: 'success' });
      },
      onError: (error: unknown) => notify(error instanceof Error ? error.message : String(error), { type: 'error' }),
    });

  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, md: 5 }}>
        <Stack spacing={2}>
          <AvatarPanel user={user} onChanged={refetch} />
          <AccountHeaderPreview account={user.account ?? null} />
          <UserMessages user={user} />
        </Stack>
      </Grid>
      <Grid size={{ xs: 12, md: 7 }}>
        <Stack spacing={2}>
          <Card component="section" aria-label={translate('resources.admin/users.details.profile')}>
            <CardContent>
              <Stack direction="row" spacing={1} alignItems="center" justifyContent="space-between">
                <Typography variant="h6">{translate('resources.admin/users.details.profile')}</Typography>
                <VerifiedBadge verified={user.emailVerified} />
              </Stack>
              <Form record={values} resolver={resolver} onSubmit={submit} disableInvalidFormNotification noValidate>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }}>
                  <TextInput source="firstName" label="resources.admin/users.fields.firstName" isRequired helperText={false} />
                  <TextInput source="lastName" label="resources.admin/users.fields.lastName" isRequired helperText={false} />
                </Stack>
                <TextInput source="email" type="email" label="resources.admin/users.fields.email" isRequired helperText={false} />
                {user.type === 'admin' && (
                  <Box sx={{ mt: 1 }}>
                    <Typography variant="subtitle2">{translate('resources.admin/users.details.emailPreferences')}</Typography>
                    <BooleanInput
                      source="videoProcessedEmails"
                      label="resources.admin/users.fields.videoProcessedEmails"
                      helperText="resources.admin/users.details.videoProcessedHint"
                    />
                  </Box>
                )}
                <FormRequiredMarker />
                {emailChanged && !user.emailVerified && (
                  <Alert severity="info" sx={{ mt: 2 }}>
                    {translate('resources.admin/users.details.emailChanged')}
                  </Alert>
                )}
                <Stack direction="row" spacing={1} sx={{ mt: 2 }} flexWrap="wrap" useFlexGap>
                  <StatusActions user={user} />
                  <SaveButton label="resources.admin/users.details.save" icon={<></>} alwaysEnable />
                </Stack>
              </Form>
            </CardContent>
          </Card>
          {user.type === 'musician' && <MusicianProfileSection userId={String(user.id)} />}
        </Stack>
      </Grid>
    </Grid>
  );
};
