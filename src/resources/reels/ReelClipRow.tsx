import type { DragEvent } from 'react';
import { Box, Button, IconButton, Paper, Slider, Stack, Typography } from '@mui/material';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import { useTranslate } from 'react-admin';
import { cutOf, keptApart, withCut, type EditedClip } from './reelCuts';

/** A part shorter than this would flash by (the render's shortest). */
const SHORTEST_SECONDS = 1;

interface ReelClipRowProps {
  clip: EditedClip;
  index: number;
  count: number;
  /** The clip's length in seconds and its thumbnail, once read. */
  duration?: number;
  thumbnail?: string | null;
  canEdit: boolean;
  onChange: (clip: EditedClip) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
  /** Dragging: this row taken, or another dropped on it. */
  onDragStart: (event: DragEvent) => void;
  onDrop: (event: DragEvent) => void;
}

/**
 * One clip of the reel: its thumbnail, its place (drag handle, up and down for the keyboard), and
 * a timeline over its length whose two handles choose the seconds it plays.
 */
export const ReelClipRow = ({ clip, index, count, duration, thumbnail, canEdit, onChange, onMove, onRemove, onDragStart, onDrop }: ReelClipRowProps) => {
  const translate = useTranslate();
  const position = index + 1;
  const t = (key: string, args: Record<string, unknown> = {}) => translate(`resources.reels.page.${key}`, { position, ...args });
  const cut = duration ? cutOf(clip, duration) : undefined;
  const chosen = clip.inSeconds !== undefined;
  return (
    <Paper
      component="li"
      variant="outlined"
      onDragOver={(event) => canEdit && event.preventDefault()}
      onDrop={onDrop}
      sx={{ listStyle: 'none', p: 1.5, display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}
    >
      {canEdit && (
        <Box draggable onDragStart={onDragStart} aria-hidden sx={{ cursor: 'grab', display: 'flex', color: 'text.secondary' }} title={t('dragHandle')}>
          <DragIndicatorIcon />
        </Box>
      )}
      <Box sx={{ width: 96, height: 54, flexShrink: 0, bgcolor: 'grey.200', borderRadius: 1, overflow: 'hidden' }}>
        {thumbnail && <Box component="img" src={thumbnail} alt="" sx={{ width: '100%', height: '100%', objectFit: 'cover' }} />}
      </Box>
      <Box sx={{ flex: 1, minWidth: 200 }}>
        <Typography variant="subtitle2" component="h3">
          {t('clip')}
          <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
            {cut && chosen ? t('range', { from: cut[0], to: cut[1] }) : t('auto')}
          </Typography>
        </Typography>
        {cut && duration ? (
          <Stack direction="row" spacing={1} alignItems="center">
            <Slider
              value={cut}
              min={0}
              max={duration}
              step={0.1}
              disabled={!canEdit}
              disableSwap
              getAriaLabel={(thumb) => t(thumb === 0 ? 'cutStart' : 'cutEnd')}
              getAriaValueText={(seconds) => t('seconds', { seconds })}
              valueLabelDisplay="auto"
              onChange={(_event, value, thumb) => onChange(withCut(clip, keptApart(value as number[], thumb, duration, SHORTEST_SECONDS)))}
              sx={{ mx: 1 }}
            />
            {canEdit && chosen && (
              <Button size="small" onClick={() => onChange({ uploadId: clip.uploadId })} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
                {t('autoReset')}
              </Button>
            )}
          </Stack>
        ) : null}
      </Box>
      {canEdit && (
        <Stack direction="row" sx={{ flexShrink: 0 }}>
          <IconButton aria-label={t('moveUp')} disabled={index === 0} onClick={() => onMove(index - 1)}>
            <ArrowUpwardIcon />
          </IconButton>
          <IconButton aria-label={t('moveDown')} disabled={index === count - 1} onClick={() => onMove(index + 1)}>
            <ArrowDownwardIcon />
          </IconButton>
          <IconButton aria-label={t('remove')} disabled={count === 1} onClick={onRemove}>
            <DeleteOutlineIcon />
          </IconButton>
        </Stack>
      )}
    </Paper>
  );
};
