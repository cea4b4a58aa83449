import { Link, Stack, Typography } from '@mui/material';
import { useCanAccess, useGetOne, useTranslate, type RaRecord } from 'react-admin';
import type { UpsellId } from '#shared/domain/constants';
import { RecordActionButton } from '../../components/RecordActionButton';

const key = (name: string) => `resources.reels.page.wall.${name}`;

/**
 * Whether the reel plays on its page's wall, above the fans' uploads: on and off for members who
 * may, with a link to the wall. A reel of several pages' clips has no page, so no wall.
 */
export const ReelWall = ({ reel, onUpsell }: { reel: RaRecord; onUpsell: (id: UpsellId) => void }) => {
  const translate = useTranslate();
  const { canAccess } = useCanAccess({ resource: 'reels', action: 'show-on-wall' });
  const { data: page } = useGetOne('pages', { id: reel.pageId }, { enabled: !!reel.pageId });
  const args = { page: page?.name ?? reel.page?.name ?? '' };
  const action = (name: 'show-on-wall' | 'hide-from-wall', label: 'show' | 'hide', variant: 'contained' | 'outlined') => (
    <RecordActionButton
      resource="reels"
      record={reel}
      action={name}
      label={key(label)}
      confirmContent={key(`${label}Confirm`)}
      successMessage={key(label === 'show' ? 'shown' : 'hidden')}
      messageArgs={args}
      variant={variant}
      onUpsell={onUpsell}
    />
  );
  const state = !reel.pageId ? 'noPage' : !reel.onWall ? 'off' : reel.squareKey ? 'on' : 'onOutOfDate';
  return (
    <Stack component="section" aria-labelledby="reel-wall-title" spacing={1.5}>
      <Typography id="reel-wall-title" variant="h6" component="h2">
        {translate(key('title'))}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate(key(state), args)}
      </Typography>
      {reel.pageId && (
        <Stack direction="row" useFlexGap flexWrap="wrap" gap={1} alignItems="center">
          {canAccess && (reel.onWall ? action('hide-from-wall', 'hide', 'outlined') : action('show-on-wall', 'show', 'contained'))}
          {page?.address && (
            <Link href={page.address} target="_blank" rel="noopener">
              {translate(key('open'))}
            </Link>
          )}
        </Stack>
      )}
    </Stack>
  );
};
