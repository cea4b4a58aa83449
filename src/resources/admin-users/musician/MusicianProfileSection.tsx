import { useEffect, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Button, Card, CardContent, Divider, Stack, Typography } from '@mui/material';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { FormProvider, useForm } from 'react-hook-form';
import { musicianSchema, type MusicianProfile } from '../../../domain/schemas/musician';
import { ApiError } from '../../../apiError';
import { queryKeys, type AppDataProvider } from '../../../dataProvider';
import { request } from '../../../http';
import { useZodResolver } from '../../../forms/zodResolver';
import { FormRequiredMarker } from '../../../forms/FormNotices';
import { profileUrl, toForm, type MusicianFormValues } from './musicianForm';
import { MusicianStatusBadge } from './MusicianStatusBadge';
import { ProfileFields } from './ProfileFields';
import { MusicianImages } from './MusicianImages';
import { LinkFields } from './LinkFields';
import { LessonFields } from './LessonFields';
import { LegacyAvailability } from './LegacyAvailability';

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
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const queryKey = queryKeys.musicianProfile(userId);
  const { data: profile, error } = useQuery({ queryKey, queryFn: () => dataProvider.musicianProfile(userId), retry: false });
  const form = useForm<MusicianFormValues>({ resolver: useZodResolver<MusicianFormValues>(musicianSchema) });
  const { reset } = form;
  useEffect(() => {
    if (profile) reset(toForm(profile));
  }, [profile, reset]);
  const loadError = error && (error instanceof ApiError && error.status === 400 ? translate('app.musician.notMusician') : error.message);

  const save = async (values: MusicianFormValues) => {
    try {
      const saved = await request<MusicianProfile>(profileUrl(userId), { method: 'PUT', body: values });
      queryClient.setQueryData(queryKey, saved);
      notify('app.musician.saved', { type: 'success' });
    } catch (e) {
      const items = (e as { api?: { errors?: { path: string; message: string }[] } }).api?.errors ?? [];
      for (const item of items) if (item.path) form.setError(item.path as never, { message: item.message });
      notify(e instanceof Error ? e.message : String(e), { type: 'error' });
    }
  };

  const title = translate('app.musician.title');
  if (loadError) return <Alert severity="warning">{loadError}</Alert>;
  if (!profile) return <Typography color="text.secondary">{translate('app.musician.loading')}</Typography>;
  return (
    <Card component="section" aria-label={title} data-testid="musician-profile">
      <CardContent>
        <FormProvider {...form}>
          <Box component="form" noValidate onSubmit={form.handleSubmit(save)}>
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
              <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
                {translate('app.musician.save')}
              </Button>
              <FormRequiredMarker />
            </Stack>
          </Box>
        </FormProvider>
      </CardContent>
    </Card>
  );
};
