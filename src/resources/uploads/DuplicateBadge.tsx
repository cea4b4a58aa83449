import { Chip } from '@mui/material';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { useFormat } from '../../i18n/format';
import { SUBMISSION_PARAM, type UploadRecord } from './uploadRecord';

/** The grid's address with the earlier upload's dialog open, the filters kept. */
function useOpenLink(id: string) {
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  params.set(SUBMISSION_PARAM, id);
  return { pathname, search: `?${params}` };
}

/** 'Possible duplicate of …': links to the earlier upload showing the same footage (its dialog). */
export const DuplicateBadge = ({ duplicateOf, resource }: { duplicateOf: NonNullable<UploadRecord['duplicateOf']>; resource: string }) => {
  const translate = useTranslate();
  const format = useFormat();
  const to = useOpenLink(duplicateOf.id);
  return (
    <Chip
      size="small"
      color="primary"
      variant="outlined"
      clickable
      component={RouterLink}
      to={to}
      label={translate(`resources.${resource}.badges.duplicateOf`, { date: format.dateTime(duplicateOf.createdAt) })}
      sx={{ height: 'auto', maxWidth: '100%', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } }}
      onClick={(event: React.MouseEvent) => event.stopPropagation()}
    />
  );
};
