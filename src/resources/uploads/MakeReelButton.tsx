import { Box, Button } from '@mui/material';
import MovieIcon from '@mui/icons-material/Movie';
import { useCanAccess, useCreate, useNotify, useRedirect, useTranslate } from 'react-admin';
import { REEL_PLANS } from '#shared/domain/reels';
import type { UploadCard } from '#shared/domain/schemas/uploads';
import { useAppContext } from '../../appContext';
import { Upsell } from '../../components/Upsell';
import { reelClipsOf } from './reelClips';

/** Whether the current account makes reels: its plan, or a platform admin who bypasses plans. */
export function useReelsAllowed(): { allowed: boolean; isPending: boolean } {
  const { data: context } = useAppContext();
  const bypass = useCanAccess({ resource: 'plan-limits', action: 'bypass' });
  const plan = context?.account?.subscriptionPlan;
  return { allowed: !!bypass.canAccess || (!!plan && REEL_PLANS.includes(plan)), isPending: bypass.isPending || !context };
}

/**
 * 'Make a reel' of the chosen uploads: the approved, shown videos among them become a new reel
 * (the rest are left out, and the notice says how many), then the reel's page opens. Hidden from
 * members who may not make reels; on a plan without reels, the reels upsell stands in its place
 * (where `upsell` allows: one upload's dialog shows none).
 */
export const MakeReelButton = ({ uploads, onDone, upsell = true }: { uploads: readonly UploadCard[]; onDone?: () => void; upsell?: boolean }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const { canAccess } = useCanAccess({ resource: 'reels', action: 'create' });
  const { allowed, isPending } = useReelsAllowed();
  const [create, { isPending: creating }] = useCreate();
  if (!canAccess || isPending) return null;
  if (!allowed) {
    if (!upsell) return null;
    return (
      // Below the bar's buttons: its own line, after Clear selection.
      <Box sx={{ flexBasis: '100%', order: 1 }}>
        <Upsell id="reels" />
      </Box>
    );
  }

  const make = () => {
    const { clips, leftOut } = reelClipsOf(uploads);
    if (!clips.length) {
      notify('resources.reels.make.none', { type: 'warning' });
      return;
    }
    const name = translate('resources.reels.make.defaultName', { date: new Date().toLocaleDateString() });
    create(
      'reels',
      { data: { name, clips } },
      {
        onSuccess: (reel) => {
          notify(leftOut ? 'resources.reels.make.madeLeftOut' : 'resources.reels.make.made', {
            type: 'info',
            messageArgs: { smart_count: clips.length, leftOut },
          });
          onDone?.();
          redirect('edit', 'reels', reel.id);
        },
        onError: (error) => notify(error instanceof Error ? error.message : String(error), { type: 'error' }),
      },
    );
  };

  return (
    <Button size="small" startIcon={<MovieIcon />} disabled={creating || !uploads.length} onClick={make}>
      {translate('resources.reels.make.button')}
    </Button>
  );
};
