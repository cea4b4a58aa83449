import { useMemo, type ReactNode } from 'react';
import { Alert, Box, Card, CardContent, Divider, Stack, Typography } from '@mui/material';
import { Form, SaveButton, useGetOne, useNotify, useTranslate, useUpdate } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { musicianSchema, type MusicianProfile } from '#shared/domain/schemas/musician';
import { ApiError } from '../../../apiError';
import { useZodResolver } from '../../../forms/zodResolver';
import { submissionErrors } from '../../../forms/submissionErrors';
import { FormRequiredMarker } from '../../../forms/FormNotices';
import { toForm, type MusicianFormValues } from './musicianForm';
import { MusicianStatusBadge } from './MusicianStatusBadge';
import { ProfileFields } from './ProfileFields';
import { MusicianImages } from './MusicianImages';
import { LinkFields } from './LinkFields';
import { LessonFields } from './LessonFields';
import { LegacyAvailability } from './LegacyAvailability';

const PROFILES = 'musician-profiles';

const Part = ({ title, children }: { title: string; children: ReactNode }) => (
  <Box component="section" aria-label={title}>
    <Divider sx={{ my: 2 }} />
    <Typography variant="h6" gutterBottom>
      {title}
    </Typography>
    {children}
  </Box>
);

/**
 * The musician section of a platform user's details: loads and saves its own profile through
 * /api/users/:id/musician, with the shared schema's rules and its own Save Changes.
 */
export const MusicianProfileSection = ({ userId }: { userId: string }) => {
  const translate = useTranslate();
  const notify = useNotify();
  // The profile is the user's: its record id is theirs.
  const { data: profile, error } = useGetOne<MusicianProfile & { id: string }>(PROFILES, { id: userId }, { retry: false });
  const [update] = useUpdate();
  const resolver = useZodResolver(musicianSchema);
  const values = useMemo(() => profile && toForm(profile), [profile]);
  const loadError = error && (error instanceof ApiError && error.status === 400 ? translate('app.musician.notMusician') : error.message);

  // A saved profile replaces the one read (react-admin's cache of the record).
  const saveProfile = async (data: MusicianFormValues) => {
    try {
      await update(PROFILES, { id: userId, data }, { returnPromise: true });
    } catch (e) {
      notify(e instanceof Error ? e.message : String(e), { type: 'error' });
      throw e;
    }
    notify('app.musician.saved', { type: 'success' });
  };
  // The form stays busy until the save settles; the server's field errors land under their inputs.
  const save = (data: FieldValues) => saveProfile(data as MusicianFormValues).then(() => undefined, submissionErrors);

  const title = translate('app.musician.title');
  if (loadError) return <Alert severity="warning">{loadError}</Alert>;
  if (!profile || !values) return <Typography color="text.secondary">{translate('app.musician.loading')}</Typography>;
  return (
    <Card component="section" aria-label={title} data-testid="musician-profile">
      <CardContent>
        <Form record={values} resolver={resolver} onSubmit={save} disableInvalidFormNotification noValidate>
          <Stack direction="row" spacing={2} alignItems="center">
            <Typography variant="h5" component="h2">
              {title}
            </Typography>
            <MusicianStatusBadge status={profile.status} saved={profile.exists} />
          </Stack>
          <Part title={translate('app.musician.page')}>
            <ProfileFields />
          </Part>
          <Part title={translate('app.musician.images')}>
            <MusicianImages />
          </Part>
          <Part title={translate('app.musician.links')}>
            <LinkFields />
          </Part>
          <Part title={translate('app.musician.lessons')}>
            <Stack spacing={2}>
              <LessonFields />
              <LegacyAvailability text={profile.lessonAvailability} />
            </Stack>
          </Part>
          <Divider sx={{ my: 2 }} />
          <Stack direction="row" spacing={2} alignItems="center">
            <SaveButton label="app.musician.save" icon={<></>} alwaysEnable />
            <FormRequiredMarker />
          </Stack>
        </Form>
      </CardContent>
    </Card>
  );
};
