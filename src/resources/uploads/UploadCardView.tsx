import type { MouseEvent } from 'react';
import { Box, Card, CardActionArea, CardActions, Checkbox, Stack, Typography } from '@mui/material';
import VisibilityIcon from '@mui/icons-material/Visibility';
import FavoriteIcon from '@mui/icons-material/Favorite';
import ImageIcon from '@mui/icons-material/Image';
import { useTranslate } from 'react-admin';
import { useFormat } from '../../i18n/format';
import { formatDuration, type UploadRecord } from './uploadRecord';
import { UploadBadges } from './UploadBadges';
import { CardActionsRow } from './CardActionsRow';
import { useFollowedUpload } from './useFollowedUpload';

/** A counter under the card (views, likes): its icon and number, read out as the sentence `label` says. */
const CardCount = ({ Icon, count, label }: { Icon: typeof VisibilityIcon; count: number; label: string }) => {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={0.25} alignItems="center" aria-label={translate(label, { count })} role="img">
      <Icon sx={{ fontSize: 14 }} />
      <Typography variant="caption">{count}</Typography>
    </Stack>
  );
};

interface UploadCardViewProps {
  upload: UploadRecord;
  resource: string;
  platform: boolean;
  selectable: boolean;
  selected: boolean;
  onSelect: (event: MouseEvent) => void;
  onOpen: () => void;
}

/** One card of the grid: picture, duration, page, date, counts, badges; its actions under it. */
export const UploadCardView = ({ upload: listed, resource, platform, selectable, selected, onSelect, onOpen }: UploadCardViewProps) => {
  const translate = useTranslate();
  // During a show a clip becomes reviewable seconds after it arrives: its card follows it.
  const upload = useFollowedUpload(resource, listed);
  const date = useFormat().date(upload.createdAt);
  const duration = formatDuration(upload.duration);
  const picture = upload.customThumbnail ?? upload.thumbnail;
  return (
    <Card
      variant="outlined"
      sx={{ display: 'flex', flexDirection: 'column', height: '100%', outline: selected ? 2 : 0, outlineColor: 'primary.main' }}
      data-upload-id={upload.id}
    >
      <Box sx={{ position: 'relative' }}>
        <CardActionArea onClick={onOpen} aria-label={translate(`resources.${resource}.card.open`, { page: upload.pageName, date })}>
          <Box sx={{ aspectRatio: '16 / 9', bgcolor: 'grey.900', display: 'flex', alignItems: 'center', justifyContent: 'center', overflow: 'hidden' }}>
            {picture ? (
              <Box component="img" src={picture} alt="" loading="lazy" sx={{ width: '100%', height: '100%', objectFit: 'cover' }} />
            ) : (
              upload.type === 'image' && <ImageIcon sx={{ color: 'grey.300' }} />
            )}
          </Box>
        </CardActionArea>
        {/* Outside the button, so its name ('Open upload from ...') holds all of its visible text (WCAG 2.5.3). */}
        {!picture && upload.type !== 'image' && (
          <Typography
            variant="caption"
            sx={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center', color: 'grey.300', pointerEvents: 'none' }}
          >
            {translate(`resources.${resource}.card.noThumbnail`)}
          </Typography>
        )}
        {duration && (
          <Typography
            variant="caption"
            sx={{ position: 'absolute', right: 6, bottom: 6, px: 0.5, borderRadius: 0.5, bgcolor: 'rgba(0,0,0,0.75)', color: 'common.white' }}
          >
            {duration}
          </Typography>
        )}
        {selectable && (
          <Checkbox
            checked={selected}
            onClick={onSelect}
            inputProps={{ 'aria-label': translate(`resources.${resource}.card.select`, { page: upload.pageName, date }) }}
            sx={{ position: 'absolute', left: 2, top: 2, bgcolor: 'rgba(255,255,255,0.85)', '&:hover': { bgcolor: 'common.white' }, p: 0.5 }}
          />
        )}
      </Box>
      <Stack spacing={0.5} sx={{ p: 1, flexGrow: 1 }}>
        {platform && (
          <Typography variant="body2" fontWeight={700} noWrap>
            {upload.account.name}
          </Typography>
        )}
        <Typography variant="body2" noWrap title={upload.pageName}>
          {upload.pageName}
        </Typography>
        <Stack direction="row" spacing={1.5} alignItems="center" sx={{ color: 'text.secondary' }}>
          <Typography variant="caption">{date}</Typography>
          <CardCount Icon={VisibilityIcon} count={upload.viewCount} label={`resources.${resource}.card.views`} />
          <CardCount Icon={FavoriteIcon} count={upload.likeCount} label={`resources.${resource}.card.likes`} />
        </Stack>
        <UploadBadges upload={upload} resource={resource} />
      </Stack>
      <CardActions sx={{ pt: 0, px: 1, pb: 1 }}>
        <CardActionsRow upload={upload} resource={resource} platform={platform} />
      </CardActions>
    </Card>
  );
};
