import { useEffect, useState } from 'react';
import { Alert, Box, Button, Card, CardContent, Grid, Stack, Typography } from '@mui/material';
import { BooleanInput, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { FormProvider, useForm } from 'react-hook-form';
import { adminUserSchema, type AdminUserInput } from '../../domain/schemas/adminUsers';
import type { AppDataProvider } from '../../dataProvider';
import { ApiError } from '../../apiError';
import { useZodResolver } from '../../forms/zodResolver';
import { FormTextField } from '../../forms/FormTextField';
import { FormRequiredMarker } from '../../forms/FormNotices';
import { ADMIN_USERS, type AdminUserRecord } from './adminUserRecord';
import { AvatarPanel } from './AvatarPanel';
import { AccountHeaderPreview } from './AccountHeaderPreview';
import { UserStatusActions } from './UserStatusActions';
import { UserMessages } from './UserMessages';
import { VerifiedBadge } from './UserFields';
import { MusicianProfileSection } from './musician/MusicianProfileSection';

/** The form's values: the preference travels only for admin-type users. */
function toForm(user: AdminUserRecord): AdminUserInput {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    ...(user.type === 'admin' ? { videoProcessedEmails: !!user.videoProcessedEmails } : {}),
  };
}

/**
 * The General tab of /admin/users/{userId} (spec section 2): avatar, account header, the
 * profile form with the verification badge and the status buttons, the musician section for
 * musicians, and the message composer with its history.
 */
export const GeneralTab = ({ user, refetch }: { user: AdminUserRecord; refetch: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const form = useForm<AdminUserInput>({ resolver: useZodResolver<AdminUserInput>(adminUserSchema), defaultValues: toForm(user) });
  const [emailChanged, setEmailChanged] = useState(false);
  const { reset } = form;
  useEffect(() => {
    reset(toForm(user));
  }, [user, reset]);
  const unsaved = form.formState.isDirty;

  const save = async (values: AdminUserInput) => {
    try {
      const { data } = await dataProvider.update<AdminUserRecord>(ADMIN_USERS, { id: user.id, data: values, previousData: user });
      setEmailChanged(data.email !== user.email);
      reset(toForm(data));
      notify('resources.admin/users.details.saved', { type: 'success' });
      refetch();
    } catch (error) {
      for (const item of error instanceof ApiError ? error.api.errors : []) if (item.path) form.setError(item.path as keyof AdminUserInput, { message: item.message });
      notify(error instanceof Error ? error.message : String(error), { type: 'error' });
    }
  };

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
              <FormProvider {...form}>
                <Box component="form" noValidate onSubmit={form.handleSubmit(save)}>
                  <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                    <FormTextField name="firstName" label={translate('resources.admin/users.fields.firstName')} required />
                    <FormTextField name="lastName" label={translate('resources.admin/users.fields.lastName')} required />
                  </Stack>
                  <FormTextField name="email" type="email" label={translate('resources.admin/users.fields.email')} required />
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
                    <UserStatusActions user={user} unsaved={unsaved} />
                    <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
                      {translate('resources.admin/users.details.save')}
                    </Button>
                  </Stack>
                </Box>
              </FormProvider>
            </CardContent>
          </Card>
          {user.type === 'musician' && <MusicianProfileSection userId={String(user.id)} />}
        </Stack>
      </Grid>
    </Grid>
  );
};
