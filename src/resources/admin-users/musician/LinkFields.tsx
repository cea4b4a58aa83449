import { Grid, Stack, Typography } from '@mui/material';
import OndemandVideoIcon from '@mui/icons-material/OndemandVideo';
import { TextInput, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { YOUTUBE_EMBED } from '#shared/domain/schemas/musician';

const LINKS = ['facebook', 'instagram', 'youtube', 'twitter', 'website'] as const;

/** Which video the embed src shows, without loading YouTube into the console. */
const EmbedHint = () => {
  const translate = useTranslate();
  const src = ((useWatch({ name: 'customembed' }) as string | undefined) ?? '').trim();
  const id = YOUTUBE_EMBED.exec(src)?.[3];
  if (!id) return null;
  return (
    <Stack direction="row" spacing={1} alignItems="center" sx={{ color: 'text.secondary' }} data-testid="embed-hint">
      <OndemandVideoIcon fontSize="small" />
      <Typography variant="body2">{translate('app.musician.embedVideo', { id })}</Typography>
    </Stack>
  );
};

/** Social links (full URLs) and the YouTube embed src. */
export const LinkFields = () => (
  <>
    <Grid container spacing={2}>
      {LINKS.map((name) => (
        <Grid key={name} size={{ xs: 12, md: 6 }}>
          <TextInput source={name} type="url" label={`app.musician.${name}`} placeholder="https://" />
        </Grid>
      ))}
    </Grid>
    <TextInput source="customembed" label="app.musician.customembed" helperText="app.musician.customembedHint" />
    <EmbedHint />
  </>
);
