import { useMemo, useState } from 'react';
import { Button, Card, CardContent, Stack, TextField } from '@mui/material';
import { BooleanInput, Form, SaveButton, TextInput, Title, useDataProvider, useGetOne, useNotify, useTranslate, useUpdate } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileSchema, type ProfileInput } from '#shared/domain/schemas/auth';
import type { CurrentUser } from '#shared/domain/types';
import type { AppDataProvider } from '../../dataProvider';
import { refreshAppContext } from '../../appContext';
import { useZodResolver } from '../../forms/zodResolver';
import { submissionErrors } from '../../forms/submissionErrors';
import { FormRequiredMarker } from '../../forms/FormNotices';
import { ChangeEmailDialog, ChangePasswordDialog } from './ProfileDialogs';
import { ImageUploader } from '../../components/upload/ImageUploader';

const ME = 'me';
const READ = { errorDialog: true };

/** /settings/profile: names, the video-processed emails preference, password and email changes. */
export const ProfilePage = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  // The signed-in user's own record ('me'); a failed read shows the Error dialog.
  const { data: user } = useGetOne<CurrentUser>(ME, { id: ME, meta: READ });
  const [update] = useUpdate<CurrentUser>();
  const [dialog, setDialog] = useState<'password' | 'email'>();
  const resolver = useZodResolver(profileSchema);
  const values = useMemo(() => user && { firstName: user.firstName, lastName: user.lastName, videoProcessedEmails: user.videoProcessedEmails }, [user]);

  /** The saved user becomes the form's record, and the header's context is read again. */
  const saved = () => Promise.all([queryClient.invalidateQueries({ queryKey: [ME] }), refreshAppContext(queryClient)]);

  const failed = (e: unknown) => notify(e instanceof Error ? e.message : String(e), { type: 'error' });

  /**
   * The avatar saves on its own (POST /api/users/me/avatar), as soon as it is cropped and uploaded
   * (the crop dialog stays busy and shows a failure) or removed (a failure is notified).
   */
  const avatar = useMutation({
    mutationFn: async (tmpAvatar: string | null) => {
      if (tmpAvatar) await dataProvider.action(ME, { id: ME, action: 'avatar', data: { tmpAvatar } });
      else await dataProvider.delete('user-avatars', { id: ME });
    },
    onSuccess: async () => {
      await saved();
      notify('app.profile.avatarSaved', { type: 'success' });
    },
  });

  const saveProfile = async (data: ProfileInput) => {
    try {
      await update(ME, { id: ME, data, previousData: user }, { returnPromise: true });
    } catch (e) {
      failed(e);
      throw e;
    }
    await saved();
    notify('app.profile.saved', { type: 'success' });
  };
  // The form stays busy until the save settles; the server's field errors land under their inputs.
  const save = (data: FieldValues) => saveProfile(data as ProfileInput).then(() => undefined, submissionErrors);

  return (
    <Card sx={{ maxWidth: 640 }}>
      <Title title={translate('app.profile.title')} />
      <CardContent>
        {user && values && (
          <Form record={values} resolver={resolver} onSubmit={save} disableInvalidFormNotification noValidate>
            <ImageUploader
              label={translate('app.profile.avatar')}
              value={user.avatar}
              preset="avatar"
              placeholder={`${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase()}
              onUploaded={(tmp) => avatar.mutateAsync(tmp)}
              onRemove={() => avatar.mutate(null, { onError: failed })}
            />
            <TextField label={translate('app.profile.email')} value={user.email} slotProps={{ input: { readOnly: true } }} fullWidth margin="dense" />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }}>
              <TextInput source="firstName" label="app.profile.firstName" isRequired helperText={false} />
              <TextInput source="lastName" label="app.profile.lastName" isRequired helperText={false} />
            </Stack>
            <BooleanInput source="videoProcessedEmails" label="app.profile.videoProcessedEmails" helperText={false} />
            <FormRequiredMarker />
            {/* Save, then the two dialogs together: on a phone they share the line under Save instead of one wrapping below it. */}
            <Stack direction={{ xs: 'column', sm: 'row' }} alignItems="flex-start" gap={1} sx={{ mt: 2 }} useFlexGap>
              <SaveButton label="app.profile.save" icon={<></>} alwaysEnable />
              <Stack direction="row" gap={1} flexWrap="wrap" useFlexGap>
                <Button onClick={() => setDialog('password')}>{translate('app.profile.changePassword')}</Button>
                <Button onClick={() => setDialog('email')}>{translate('app.profile.changeEmail')}</Button>
              </Stack>
            </Stack>
          </Form>
        )}
      </CardContent>
      <ChangePasswordDialog open={dialog === 'password'} onClose={() => setDialog(undefined)} />
      <ChangeEmailDialog open={dialog === 'email'} onClose={() => setDialog(undefined)} />
    </Card>
  );
};
