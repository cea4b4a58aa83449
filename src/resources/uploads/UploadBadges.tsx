import { Chip, Link, Stack } from '@mui/material';
import { useTranslate } from 'react-admin';
import { badgesOf, type UploadRecord } from './uploadRecord';
import { DuplicateBadge } from './DuplicateBadge';

const COLORS = {
  encodingPending: 'default',
  encodingFailed: 'error',
  notApproved: 'warning',
  hidden: 'default',
  moderationProcessing: 'default',
  moderationFailed: 'error',
  contentFlagged: 'error',
  suspectedSpam: 'warning',
  approvedAutomatically: 'info',
  rightsRequested: 'default',
  rightsGranted: 'success',
  rightsDeclined: 'default',
  rightsRevoked: 'warning',
} as const;

/** A label longer than a phone's card ('Moderation Processing') wraps instead of being cut short. */
const WRAPPING = { height: 'auto', maxWidth: '100%', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } } as const;

/** The spec's badges of one upload; 'Encoding Failed' links to the original file, 'Possible duplicate of …' to the earlier upload. */
export const UploadBadges = ({ upload, resource }: { upload: UploadRecord; resource: string }) => {
  const translate = useTranslate();
  const badges = badgesOf(upload);
  if (!badges.length && !upload.duplicateOf) return null;
  return (
    <Stack direction="row" useFlexGap flexWrap="wrap" gap={0.5}>
      {badges.map((badge) => {
        const label = translate(`resources.${resource}.badges.${badge}`);
        if (badge === 'encodingFailed' && upload.original) {
          return (
            <Chip
              key={badge}
              size="small"
              color={COLORS[badge]}
              label={label}
              sx={WRAPPING}
              component={Link}
              href={upload.original}
              target="_blank"
              rel="noopener"
              clickable
              onClick={(event: React.MouseEvent) => event.stopPropagation()}
              title={translate(`resources.${resource}.card.original`)}
            />
          );
        }
        return <Chip key={badge} size="small" color={COLORS[badge]} label={label} sx={WRAPPING} />;
      })}
      {upload.duplicateOf && <DuplicateBadge duplicateOf={upload.duplicateOf} resource={resource} />}
    </Stack>
  );
};
