import { useRef, useState } from 'react';
import { Alert, Button, Stack, Typography } from '@mui/material';
import { useGetMany, useNotify, useTranslate, useUpdate, type RaRecord } from 'react-admin';
import { REEL_MAX_SECONDS } from '#shared/domain/reels';
import type { UploadDetail } from '#shared/domain/schemas/uploads';
import { clipsFromTexts, clipsToTexts, moved, secondsOf, type EditedClip } from './reelCuts';
import { ReelClipRow } from './ReelClipRow';

/**
 * The reel's clips in order, each with its timeline: re-ordered by dragging or by the arrows,
 * cut, removed, then saved as the reel's clips (which leaves it out of date until rendered again).
 * The total shown is what the reel will last, about, with the default segment for uncut clips.
 */
export const ReelClipsEditor = ({ reel, canEdit }: { reel: RaRecord; canEdit: boolean }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const t = (key: string, args?: Record<string, unknown>) => translate(`resources.reels.page.${key}`, args);
  const saved = clipsToTexts(clipsFromTexts(reel.clips ?? []));
  const [clips, setClips] = useState<EditedClip[]>(() => clipsFromTexts(reel.clips ?? []));
  const dragged = useRef<number | null>(null);
  const { data: uploads = [] } = useGetMany<UploadDetail & RaRecord>('account-videos', { ids: [...new Set(clips.map((clip) => clip.uploadId))] });
  const [update, { isPending }] = useUpdate();
  const uploadOf = (id: string) => uploads.find((upload) => upload.id === id);
  const total = Math.round(clips.reduce((sum, clip) => sum + secondsOf(clip, uploadOf(clip.uploadId)?.duration ?? undefined), 0));
  const changed = JSON.stringify(clipsToTexts(clips)) !== JSON.stringify(saved);

  const save = () =>
    update(
      'reels',
      { id: reel.id, data: { ...reel, clips: clipsToTexts(clips) }, previousData: reel },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => notify('resources.reels.page.saved', { type: 'info' }),
        onError: (error) => notify(error instanceof Error ? error.message : String(error), { type: 'error' }),
      },
    );

  return (
    <Stack component="section" aria-labelledby="reel-clips-title" spacing={1.5}>
      <Typography id="reel-clips-title" variant="h6" component="h2">
        {t('clips')}
      </Typography>
      {canEdit && (
        <Typography variant="body2" color="text.secondary">
          {t('dragHint')}
        </Typography>
      )}
      <Stack component="ol" spacing={1} sx={{ p: 0, m: 0 }}>
        {clips.map((clip, index) => (
          <ReelClipRow
            // The same upload may be in a reel twice: its place tells the rows apart.
            key={`${clip.uploadId}-${index}`}
            clip={clip}
            index={index}
            count={clips.length}
            duration={uploadOf(clip.uploadId)?.duration ?? undefined}
            thumbnail={uploadOf(clip.uploadId)?.thumbnail}
            canEdit={canEdit}
            onChange={(next) => setClips(clips.map((old, at) => (at === index ? next : old)))}
            onMove={(to) => setClips(moved(clips, index, to))}
            onRemove={() => setClips(clips.filter((_, at) => at !== index))}
            onDragStart={(event) => {
              dragged.current = index;
              event.dataTransfer.effectAllowed = 'move';
            }}
            onDrop={(event) => {
              event.preventDefault();
              if (dragged.current !== null) setClips(moved(clips, dragged.current, index));
              dragged.current = null;
            }}
          />
        ))}
      </Stack>
      <Typography variant="body2" role="status">
        {t('total', { total, max: REEL_MAX_SECONDS })}
      </Typography>
      {total > REEL_MAX_SECONDS && <Alert severity="warning">{t('tooLong', { max: REEL_MAX_SECONDS })}</Alert>}
      {canEdit && (
        <Stack direction="row">
          <Button variant="contained" disabled={!changed || isPending} onClick={save}>
            {t('save')}
          </Button>
        </Stack>
      )}
    </Stack>
  );
};
