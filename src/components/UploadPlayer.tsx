import { Box } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { UploadCard } from '../domain/schemas/uploads';

/**
 * One fan upload, played or shown: a video with its encoded mp4 and webm sources (the original
 * while encoding has not produced them) and its poster, or the image.
 */
export const UploadPlayer = ({ upload }: { upload: UploadCard }) => {
  const translate = useTranslate();
  const label = translate('app.uploadPlayer.label', { page: upload.pageName });
  if (upload.type === 'image') {
    return <Box component="img" src={upload.original} alt={label} sx={{ display: 'block', maxWidth: '100%', maxHeight: '70vh', mx: 'auto' }} />;
  }
  const poster = upload.customThumbnail ?? upload.thumbnail ?? undefined;
  const encoded = upload.mp4 || upload.webm;
  return (
    <Box component="video" controls playsInline preload="metadata" poster={poster} aria-label={label} sx={{ display: 'block', width: '100%', maxHeight: '70vh', bgcolor: 'common.black' }}>
      {upload.mp4 && <source src={upload.mp4} type="video/mp4" />}
      {upload.webm && <source src={upload.webm} type="video/webm" />}
      {!encoded && <source src={upload.original} />}
    </Box>
  );
};
