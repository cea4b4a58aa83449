import { useEffect, useState } from 'react';
import { Box, Button, Card, CardContent, FormControlLabel, Stack, Switch, TextField } from '@mui/material';
import { Title, useNotify, useTranslate } from 'react-admin';
import { FormProvider, useController, useForm } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { profileSchema, type ProfileInput } from '../../domain/schemas/auth';
import type { CurrentUser } from '../../domain/types';
import { request } from '../../http';
import { APP_CONTEXT_QUERY_KEY, getAppContext } from '../../appContext';
import { useZodResolver } from '../../forms/zodResolver';
import { FormTextField } from '../../forms/FormTextField';
import { FormRequiredMarker } from '../../forms/FormNotices';
import { ChangeEmailDialog, ChangePasswordDialog } from './ProfileDialogs';
import { ImageUploader } from '../../components/upload/ImageUploader';

const VideoProcessedSwitch = () => {
  const translate = useTranslate();
  const { field } = useController({ name: 'videoProcessedEmails' });
  return (
    <FormControlLabel
      control={<Switch checked={!!field.value} onChange={(e) => field.onChange(e.target.checked)} />}
      label={translate('app.profile.videoProcessedEmails')}
    />
  );
};

/** /settings/profile: names, the video-processed emails preference, password and email changes. */
export const ProfilePage = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [user, setUser] = useState<CurrentUser>();
  const [dialog, setDialog] = useState<'password' | 'email'>();
  const form = useForm<ProfileInput>({ resolver: useZodResolver(profileSchema) });

  useEffect(() => {
    request<CurrentUser>('/api/users/me', { errorDialog: true }).then((me) => {
      setUser(me);
      form.reset({ firstName: me.firstName, lastName: me.lastName, videoProcessedEmails: me.videoProcessedEmails });
    }, () => undefined);
  }, [form]);

  const refreshContext = async () => {
    await getAppContext(true);
    await queryClient.invalidateQueries({ queryKey: APP_CONTEXT_QUERY_KEY });
  };

  /** The avatar saves on its own (POST /api/users/me/avatar), as soon as it is cropped and uploaded. */
  const saveAvatar = async (tmpAvatar: string | null) => {
    const saved = tmpAvatar
      ? await request<CurrentUser>('/api/users/me/avatar', { method: 'POST', body: { tmpAvatar } })
      : await request<CurrentUser>('/api/users/me/avatar', { method: 'DELETE' });
    setUser(saved);
    await refreshContext();
    notify('app.profile.avatarSaved', { type: 'success' });
  };

  const save = async (values: ProfileInput) => {
    try {
      const saved = await request<CurrentUser>('/api/users/me', { method: 'PUT', body: values });
      setUser(saved);
      await refreshContext();
      notify('app.profile.saved', { type: 'success' });
    } catch (e) {
      notify(e instanceof Error ? e.message : String(e), { type: 'error' });
    }
  };

  return (
    <Card sx={{ maxWidth: 640 }}>
      <Title title={translate('app.profile.title')} />
      <CardContent>
        <FormProvider {...form}>
          <Box component="form" noValidate onSubmit={form.handleSubmit(save)}>
            {user && (
              <ImageUploader
                label={translate('app.profile.avatar')}
                value={user.avatar}
                preset="avatar"
                placeholder={`${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase()}
                onUploaded={(tmp) => saveAvatar(tmp)}
                onRemove={() => saveAvatar(null).catch((e: unknown) => notify(e instanceof Error ? e.message : String(e), { type: 'error' }))}
              />
            )}
            <TextField label={translate('app.profile.email')} value={user?.email ?? ''} slotProps={{ input: { readOnly: true } }} fullWidth margin="dense" />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <FormTextField name="firstName" label={translate('app.profile.firstName')} required />
              <FormTextField name="lastName" label={translate('app.profile.lastName')} required />
            </Stack>
            <VideoProcessedSwitch />
            <FormRequiredMarker />
            <Stack direction="row" spacing={1} sx={{ mt: 2 }} flexWrap="wrap" useFlexGap>
              <Button type="submit" variant="contained" disabled={!user || form.formState.isSubmitting}>
                {translate('app.profile.save')}
              </Button>
              <Button onClick={() => setDialog('password')}>{translate('app.profile.changePassword')}</Button>
              <Button onClick={() => setDialog('email')}>{translate('app.profile.changeEmail')}</Button>
            </Stack>
          </Box>
        </FormProvider>
      </CardContent>
      <ChangePasswordDialog open={dialog === 'password'} onClose={() => setDialog(undefined)} />
      <ChangeEmailDialog open={dialog === 'email'} onClose={() => setDialog(undefined)} />
    </Card>
  );
};
