import { useState } from 'react';
import { Box, Button, Stack, Tab, Tabs, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useTranslate, type RaRecord } from 'react-admin';
import { REEL_SHAPES, type ReelShape } from '#shared/domain/reels';

const SHAPES = Object.keys(REEL_SHAPES) as ReelShape[];

/** The reel's three videos, one tab each (9:16, 1:1, 16:9), each with its download. */
export const ReelPlayer = ({ reel }: { reel: RaRecord }) => {
  const translate = useTranslate();
  const [shape, setShape] = useState<ReelShape>('vertical');
  const urls = reel.urls as Record<ReelShape, string> | null;
  const t = (key: string, args?: Record<string, unknown>) => translate(`resources.reels.page.${key}`, args);
  if (!urls) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('noVideo')}
      </Typography>
    );
  }
  const name = t(`shapes.${shape}`);
  const { width, height } = REEL_SHAPES[shape];
  return (
    <Stack spacing={1.5}>
      <Tabs value={shape} onChange={(_event, next: ReelShape) => setShape(next)} aria-label={t('shapesLabel')}>
        {SHAPES.map((each) => (
          <Tab key={each} value={each} label={t(`shapes.${each}`)} id={`reel-tab-${each}`} aria-controls="reel-player" />
        ))}
      </Tabs>
      <Box id="reel-player" role="tabpanel" aria-labelledby={`reel-tab-${shape}`}>
        {/* A new element per shape: switching starts the other video from its beginning. */}
        <Box
          key={shape}
          component="video"
          src={urls[shape]}
          controls
          playsInline
          preload="metadata"
          aria-label={t('player', { shape: name })}
          sx={{
            display: 'block',
            bgcolor: 'common.black',
            aspectRatio: `${width} / ${height}`,
            maxWidth: '100%',
            maxHeight: 560,
            width: shape === 'vertical' ? 'auto' : 640,
            height: shape === 'vertical' ? 560 : 'auto',
          }}
        />
      </Box>
      <Stack direction="row" useFlexGap flexWrap="wrap" gap={1}>
        {SHAPES.map((each) => (
          <Button key={each} size="small" startIcon={<DownloadIcon />} component="a" href={urls[each]} download>
            {t('download', { shape: t(`shapes.${each}`) })}
          </Button>
        ))}
      </Stack>
    </Stack>
  );
};
