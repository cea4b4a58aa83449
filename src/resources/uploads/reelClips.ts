import { REEL_MAX_CLIPS } from '#shared/domain/reels';
import type { UploadCard } from '#shared/domain/schemas/uploads';

/**
 * Whether staff may put an upload in a reel: the server's rule (server/services/reels.ts) as the
 * card shows it, so a selection is split before asking rather than refused as a whole.
 */
export function canBeInReel(upload: UploadCard): boolean {
  return (
    upload.type === 'video' &&
    upload.encodingStatus === 'processed' &&
    !!upload.mp4 &&
    !upload.isHidden &&
    !upload.requiresApproval &&
    upload.isAllowed &&
    upload.uploadModerationJob.status === 'processed'
  );
}

/** The selection split into the clips of a new reel (in the grid's order, at most 20) and how many are left out. */
export function reelClipsOf(uploads: readonly UploadCard[]): { clips: string[]; leftOut: number } {
  const fit = uploads.filter(canBeInReel).map((upload) => upload.id);
  const clips = fit.slice(0, REEL_MAX_CLIPS);
  return { clips, leftOut: uploads.length - clips.length };
}
