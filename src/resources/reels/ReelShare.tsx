import { Stack, TextField, Typography } from '@mui/material';
import LinkIcon from '@mui/icons-material/Link';
import { useCanAccess, useTranslate, type RaRecord } from 'react-admin';
import type { UpsellId } from '#shared/domain/constants';
import { RecordActionButton } from '../../components/RecordActionButton';
import { CopyButton } from '../uploads/CopyButton';

const key = (name: string) => `resources.reels.page.share.${name}`;

/**
 * The reel's public address: its copy for whoever sees the reel; share (a new address each
 * time, the old one stops working) and unshare for members who may.
 */
export const ReelShare = ({ reel, onUpsell }: { reel: RaRecord; onUpsell: (id: UpsellId) => void }) => {
  const translate = useTranslate();
  const { canAccess: canShare } = useCanAccess({ resource: 'reels', action: 'share' });
  const shareUrl = reel.shareUrl as string | null;
  const action = (name: 'share' | 'unshare', label: string, variant: 'contained' | 'outlined' = 'outlined') => (
    <RecordActionButton
      resource="reels"
      record={reel}
      action={name}
      label={key(label)}
      confirmContent={key(`${label}Confirm`)}
      successMessage={key(name === 'share' ? 'shared' : 'unshared')}
      variant={variant}
      onUpsell={onUpsell}
    />
  );
  return (
    <Stack component="section" aria-labelledby="reel-share-title" spacing={1.5}>
      <Typography id="reel-share-title" variant="h6" component="h2">
        {translate(key('title'))}
      </Typography>
      {shareUrl ? (
        <>
          <TextField label={translate(key('address'))} value={shareUrl} size="small" fullWidth slotProps={{ htmlInput: { readOnly: true } }} />
          <Stack direction="row" useFlexGap flexWrap="wrap" gap={1}>
            <CopyButton text={shareUrl} label={translate(key('copy'))} copiedLabel={translate(key('copied'))} icon={<LinkIcon />} />
            {canShare && action('share', 'rotate')}
            {canShare && action('unshare', 'unshare')}
          </Stack>
        </>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary">
            {translate(key(reel.landscapeKey ? 'notShared' : 'needsRender'))}
          </Typography>
          {canShare && reel.landscapeKey && <Stack direction="row">{action('share', 'share', 'contained')}</Stack>}
        </>
      )}
    </Stack>
  );
};
