import { Box, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { UploadDetailRecord } from './uploadRecord';
import { useUploadAction } from './useUploadActions';

interface ThumbnailChooserProps {
  upload: Pick<UploadDetailRecord, 'id' | 'thumbnail' | 'customThumbnail' | 'posterCandidates'>;
  resource: string;
}

/**
 * The clip's thumbnail among the frames its processing kept (best first): the one in use is
 * pressed, another click makes that one the thumbnail. A custom thumbnail, while set, shows
 * instead of any of them, and the chooser says so.
 */
export const ThumbnailChooser = ({ upload, resource }: ThumbnailChooserProps) => {
  const translate = useTranslate();
  const { mutate, isPending, variables } = useUploadAction();
  const t = (key: string, args?: Record<string, unknown>) => translate(`resources.${resource}.dialog.thumbnail.${key}`, args);
  const count = upload.posterCandidates.length;
  const pending = isPending && variables?.id === upload.id && variables.action === 'poster' ? variables.index : undefined;
  const chosen = pending ?? upload.posterCandidates.indexOf(upload.thumbnail ?? '');
  return (
    <Stack spacing={1} component="section" aria-labelledby="upload-thumbnail-title">
      <Typography id="upload-thumbnail-title" variant="subtitle2" component="h3">
        {t('title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {upload.customThumbnail ? t('customWins') : t('hint')}
      </Typography>
      <ToggleButtonGroup
        exclusive
        value={chosen}
        aria-labelledby="upload-thumbnail-title"
        onChange={(_event, index: number | null) => index !== null && index !== chosen && !isPending && mutate({ id: upload.id, action: 'poster', index })}
        sx={{ display: 'flex', gap: 1, '& .MuiToggleButtonGroup-grouped': { border: 2, borderColor: 'divider', borderRadius: 1, m: 0 } }}
      >
        {upload.posterCandidates.map((address, index) => (
          <ToggleButton
            key={address}
            value={index}
            aria-label={t('choice', { index: index + 1, count })}
            sx={{ p: 0.5, flex: '1 1 0', maxWidth: 180, '&.Mui-selected': { borderColor: 'primary.main' } }}
          >
            <Box
              component="img"
              src={address}
              alt=""
              loading="lazy"
              sx={{ width: '100%', aspectRatio: '16 / 9', objectFit: 'contain', bgcolor: 'common.black', display: 'block', borderRadius: 0.5 }}
            />
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </Stack>
  );
};
