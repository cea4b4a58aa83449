import { Alert, Box, Button } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { UploadCard } from '#shared/domain/schemas/uploads';

/**
 * One fan upload played or shown (Fan Uploads' dialog, Fan Data): a video with its mp4 and webm
 * sources and the thumbnail as poster, or the image. `upgrade` says the plan has no fan photos:
 * the spec's message and a way to upgrade instead of the image.
 */
export const UploadPlayer = ({ upload, upgrade = false }: { upload: UploadCard; upgrade?: boolean }) => {
  const translate = useTranslate();
  if (upgrade) {
    return (
      <Alert
        severity="info"
        action={
          <Button component={Link} to="/account-settings/subscription" size="small" variant="contained">
            {translate('app.upsell.upgrade')}
          </Button>
        }
      >
        {translate('app.player.upgrade')}
      </Alert>
    );
  }
  const poster = upload.customThumbnail ?? upload.thumbnail ?? undefined;
  const frame = { width: '100%', maxHeight: '60vh', bgcolor: 'black', display: 'block', objectFit: 'contain' } as const;
  if (upload.type === 'image') {
    return <Box component="img" src={upload.thumbnail ?? upload.original} alt={translate('app.player.image')} sx={frame} />;
  }
  const mp4 = upload.mp4 && { src: upload.mp4, type: 'video/mp4' };
  const webm = upload.webm && { src: upload.webm, type: 'video/webm' };
  // The best that exists first: a full-quality webm beats the mp4's review proxy.
  const sources = (upload.mp4Proxy ? [webm, mp4] : [mp4, webm]).filter((source): source is { src: string; type: string } => !!source);
  return (
    // key: a new upload, or the full-quality mp4 replacing the review proxy, loads its own
    // sources (a <video> keeps the first ones otherwise).
    <Box
      component="video"
      key={`${upload.id}${upload.mp4Proxy ? ':proxy' : ''}`}
      controls
      preload="metadata"
      poster={poster}
      aria-label={translate('app.player.video')}
      sx={frame}
    >
      {sources.length ? sources.map((source) => <source key={source.type} src={source.src} type={source.type} />) : <source src={upload.original} />}
    </Box>
  );
};
