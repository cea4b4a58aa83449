import { Box, LinearProgress, Typography } from '@mui/material';
import { useGetOne, useRecordContext, useTranslate } from 'react-admin';
import { parseReelClip } from '#shared/domain/reels';
import type { UploadDetail } from '#shared/domain/schemas/uploads';

/** The reel's picture in a list: its first clip's thumbnail. */
export const ReelThumbnail = () => {
  const reel = useRecordContext();
  const first = parseReelClip(reel?.clips?.[0] ?? '')?.uploadId;
  const { data } = useGetOne<UploadDetail>('account-videos', { id: first ?? '' }, { enabled: !!first, staleTime: 60_000 });
  return (
    <Box sx={{ width: 64, height: 36, bgcolor: 'grey.200', borderRadius: 0.5, overflow: 'hidden' }}>
      {data?.thumbnail && <Box component="img" src={data.thumbnail} alt="" sx={{ width: '100%', height: '100%', objectFit: 'cover' }} />}
    </Box>
  );
};

/** The reel's status, with its progress while it renders. */
export const ReelStatusCell = () => {
  const reel = useRecordContext();
  const translate = useTranslate();
  if (!reel) return null;
  const label = translate(`resources.reels.choices.status.${reel.status}`);
  if (reel.status !== 'rendering') return <span>{label}</span>;
  return (
    <Box sx={{ minWidth: 120 }}>
      <Typography variant="body2">{`${label} ${reel.progress ?? 0}%`}</Typography>
      <LinearProgress variant="determinate" value={reel.progress ?? 0} aria-label={label} />
    </Box>
  );
};
