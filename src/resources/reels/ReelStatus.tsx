import { Alert, Box, LinearProgress, Typography } from '@mui/material';
import { useTranslate, type RaRecord } from 'react-admin';

/** Statuses during which the reel's page reads it again, to follow its render. */
export const RENDERING_STATUSES: readonly string[] = ['queued', 'rendering'];

/** Where the reel's render stands: queued, rendering with its progress, done, failed with the reason, or out of date. */
export const ReelStatus = ({ reel }: { reel: RaRecord }) => {
  const translate = useTranslate();
  const text = translate(`resources.reels.page.status.${reel.status}`, { progress: reel.progress ?? 0, error: reel.error ?? '' });
  if (reel.status === 'failed') return <Alert severity="error">{text}</Alert>;
  if (reel.status === 'outOfDate') return <Alert severity="warning">{text}</Alert>;
  return (
    <Box>
      <Typography variant="body2" role="status" aria-live="polite">
        {text}
      </Typography>
      {RENDERING_STATUSES.includes(reel.status) && (
        <LinearProgress
          variant={reel.status === 'rendering' ? 'determinate' : 'indeterminate'}
          value={reel.progress ?? 0}
          aria-label={text}
          sx={{ mt: 1, maxWidth: 480 }}
        />
      )}
    </Box>
  );
};
