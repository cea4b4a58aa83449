import { useEffect, useRef, useState } from 'react';
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
  return <VideoPlayer upload={upload} poster={poster} frame={frame} />;
};

type Frame = Record<string, string>;

/**
 * The video keeps the version it was opened with while staff watch: when the full-quality mp4
 * replaces the review proxy, a button offers it (swapping the sources restarts the video) and
 * takes it from where staff are. A video nobody has started swaps at once.
 */
const VideoPlayer = ({ upload, poster, frame }: { upload: UploadCard; poster?: string; frame: Frame }) => {
  const translate = useTranslate();
  const video = useRef<HTMLVideoElement>(null);
  /** Where staff were in the proxy, and whether it played and was muted: the better version takes it from there. */
  const resume = useRef<{ at: number; muted: boolean; playing: boolean }>(undefined);
  const [shown, setShown] = useState(upload);
  const better = shown.id === upload.id && Boolean(shown.mp4Proxy) && !upload.mp4Proxy;
  if (shown !== upload && !better) setShown(upload);
  useEffect(() => {
    if (better && video.current?.paused && video.current.currentTime === 0) setShown(upload);
  }, [better, upload]);
  const playBetter = () => {
    const current = video.current;
    resume.current = current ? { at: current.currentTime, muted: current.muted, playing: !current.paused } : undefined;
    setShown(upload);
  };

  const mp4 = shown.mp4 && { src: shown.mp4, type: 'video/mp4' };
  const webm = shown.webm && { src: shown.webm, type: 'video/webm' };
  // The best that exists first: a full-quality webm beats the mp4's review proxy.
  const sources = (shown.mp4Proxy ? [webm, mp4] : [mp4, webm]).filter((source): source is { src: string; type: string } => !!source);
  return (
    <>
      {/* key: a new upload, or the full-quality mp4 replacing the review proxy, loads its own
          sources (a <video> keeps the first ones otherwise). */}
      <Box
        component="video"
        ref={video}
        key={`${shown.id}${shown.mp4Proxy ? ':proxy' : ''}`}
        controls
        preload="metadata"
        poster={poster}
        aria-label={translate('app.player.video')}
        sx={frame}
        onLoadedMetadata={(event: React.SyntheticEvent<HTMLVideoElement>) => {
          const from = resume.current;
          if (!from) return;
          resume.current = undefined;
          const element = event.currentTarget;
          element.currentTime = from.at;
          element.muted = from.muted;
          if (from.playing) void element.play().catch(() => undefined);
        }}
      >
        {sources.length ? sources.map((source) => <source key={source.type} src={source.src} type={source.type} />) : <source src={shown.original} />}
      </Box>
      {better && (
        <Alert
          severity="info"
          sx={{ mt: 1 }}
          action={
            <Button size="small" onClick={playBetter}>
              {translate('app.player.playBetter')}
            </Button>
          }
        >
          {translate('app.player.betterReady')}
        </Alert>
      )}
    </>
  );
};
