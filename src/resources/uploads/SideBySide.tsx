import { useEffect, useState } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { UploadAngle, UploadCard } from '#shared/domain/schemas/uploads';
import { useFormat } from '../../i18n/format';
import { useIsPhone } from '../../components/useIsPhone';

/** The angle is re-seeked when it drifts this far (s) from where the clip says it should be. */
const DRIFT = 0.15;

type Sources = Pick<UploadCard, 'mp4' | 'webm'>;
const sourcesOf = ({ mp4, webm }: Sources) =>
  [webm && { src: webm, type: 'video/webm' }, mp4 && { src: mp4, type: 'video/mp4' }].filter((source): source is { src: string; type: string } => !!source);

/**
 * Keeps `follower` at the instant `leader` shows: its time is the leader's plus `offset` (s), and
 * it plays and pauses with it. Where the angle has no such instant (it starts later, or ended),
 * it waits, paused, at its nearest end.
 */
function follow(leader: HTMLVideoElement, follower: HTMLVideoElement, offset: number) {
  const sync = () => {
    const target = leader.currentTime + offset;
    const end = Number.isFinite(follower.duration) ? follower.duration : Infinity;
    const inside = target >= 0 && target <= end;
    const at = Math.min(Math.max(target, 0), end);
    if (Math.abs(follower.currentTime - at) > DRIFT || leader.paused) follower.currentTime = at;
    if (inside && !leader.paused && follower.paused) void follower.play().catch(() => undefined);
    if ((!inside || leader.paused) && !follower.paused) follower.pause();
  };
  const events = ['play', 'pause', 'seeked', 'seeking', 'timeupdate', 'ratechange'] as const;
  for (const event of events) leader.addEventListener(event, sync);
  follower.addEventListener('loadedmetadata', sync);
  // Both open on the first instant they share: the clip skips what the angle did not film.
  const start = () => {
    if (offset < 0 && leader.currentTime < -offset) leader.currentTime = -offset;
    sync();
  };
  if (leader.readyState >= 1) start();
  else leader.addEventListener('loadedmetadata', start, { once: true });
  return () => {
    for (const event of events) leader.removeEventListener(event, sync);
    follower.removeEventListener('loadedmetadata', sync);
    leader.removeEventListener('loadedmetadata', start);
  };
}

/**
 * This clip and another fan's clip of the same moment, side by side (stacked on a phone), started
 * at the same instant of the song and kept there: the angle follows this clip's play, pause and
 * seek, muted, so one sound plays.
 */
export const SideBySide = ({ upload, angle, resource, onClose }: { upload: UploadCard; angle: UploadAngle; resource: string; onClose: () => void }) => {
  const translate = useTranslate();
  const format = useFormat();
  const isPhone = useIsPhone();
  const t = (key: string, args?: Record<string, unknown>) => translate(`resources.${resource}.dialog.angles.${key}`, args);
  // Held as state, not refs: the dialog mounts its content after its own first render.
  const [leader, setLeader] = useState<HTMLVideoElement | null>(null);
  const [follower, setFollower] = useState<HTMLVideoElement | null>(null);
  useEffect(() => (leader && follower ? follow(leader, follower, angle.offsetMs / 1000) : undefined), [leader, follower, angle.offsetMs]);
  const frame = { width: '100%', aspectRatio: '16 / 9', bgcolor: 'black', display: 'block', objectFit: 'contain' } as const;
  const angleName = t('angle', { date: format.dateTime(angle.createdAt) });
  return (
    <Dialog open onClose={onClose} fullWidth fullScreen={isPhone} maxWidth="lg" aria-labelledby="side-by-side-title">
      <DialogTitle id="side-by-side-title">{t('title')}</DialogTitle>
      <DialogContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <Box component="figure" sx={{ m: 0, flex: 1, minWidth: 0 }}>
            <Box component="video" ref={setLeader} controls preload="auto" aria-label={t('thisClip')} sx={frame}>
              {sourcesOf(upload).map((source) => (
                <source key={source.type} src={source.src} type={source.type} />
              ))}
            </Box>
            <Typography component="figcaption" variant="body2" color="text.secondary">
              {t('thisClip')}
            </Typography>
          </Box>
          <Box component="figure" sx={{ m: 0, flex: 1, minWidth: 0 }}>
            <Box component="video" ref={setFollower} muted playsInline preload="auto" poster={angle.thumbnail ?? undefined} aria-label={angleName} sx={frame}>
              {sourcesOf(angle).map((source) => (
                <source key={source.type} src={source.src} type={source.type} />
              ))}
            </Box>
            <Typography component="figcaption" variant="body2" color="text.secondary">
              {angleName} · {t('muted')}
            </Typography>
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('close')}</Button>
      </DialogActions>
    </Dialog>
  );
};
