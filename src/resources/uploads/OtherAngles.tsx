import { useState } from 'react';
import { Button, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { UploadAngle, UploadCard } from '#shared/domain/schemas/uploads';
import { useFormat } from '../../i18n/format';
import { SideBySide } from './SideBySide';
import { UPLOADS } from './uploadRecord';

/**
 * 'n other angles of this moment': other fans' clips of the same moment (found by their sound),
 * each opening side by side with this clip, in sync; in Fan Uploads, a link to the grid of this
 * moment's clips (the `moment` filter).
 */
export const OtherAngles = ({ upload, angles, resource }: { upload: UploadCard; angles: UploadAngle[]; resource: string }) => {
  const translate = useTranslate();
  const format = useFormat();
  const [chosen, setChosen] = useState<UploadAngle>();
  if (!angles.length) return null;
  const t = (key: string, args?: Record<string, unknown>) => translate(`resources.${resource}.dialog.angles.${key}`, args);
  return (
    <Stack component="section" aria-labelledby="other-angles-title" direction="row" useFlexGap flexWrap="wrap" gap={1} alignItems="center">
      <Typography id="other-angles-title" variant="body2">
        {t('count', { smart_count: angles.length, count: format.number(angles.length) })}
      </Typography>
      {angles.map((angle) => (
        <Button key={angle.id} size="small" variant="outlined" onClick={() => setChosen(angle)}>
          {t('watch', { date: format.dateTime(angle.createdAt) })}
        </Button>
      ))}
      {resource === UPLOADS && (
        <Button size="small" component={RouterLink} to={`/uploads?filter=${encodeURIComponent(JSON.stringify({ moment: upload.id }))}`}>
          {t('list')}
        </Button>
      )}
      {chosen && <SideBySide upload={upload} angle={chosen} resource={resource} onClose={() => setChosen(undefined)} />}
    </Stack>
  );
};
