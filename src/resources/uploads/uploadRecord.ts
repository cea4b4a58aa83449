import type { UploadCard, UploadDetail } from '#shared/domain/schemas/uploads';

/** react-admin's names of Fan Uploads and Platform Uploads (mounted at /uploads and /admin/uploads). */
export const UPLOADS = 'uploads';
export const ADMIN_UPLOADS = 'admin/uploads';

export type UploadRecord = UploadCard;
export type UploadDetailRecord = UploadDetail;

/** The query parameter that opens one upload's dialog (spec console.md section 2). */
export const SUBMISSION_PARAM = 'submission';

type BadgeKey =
  | 'encodingPending'
  | 'encodingFailed'
  | 'notApproved'
  | 'hidden'
  | 'moderationProcessing'
  | 'moderationFailed'
  | 'contentFlagged'
  | 'suspectedSpam'
  | 'rightsRequested'
  | 'rightsGranted'
  | 'rightsDeclined'
  | 'rightsRevoked'
  | 'approvedAutomatically';

/** The rights badge of each status staff acted on ('none' shows nothing). */
const RIGHTS_BADGES: Partial<Record<NonNullable<UploadCard['rightsStatus']>, BadgeKey>> = {
  requested: 'rightsRequested',
  granted: 'rightsGranted',
  declined: 'rightsDeclined',
  revoked: 'rightsRevoked',
};

/** Encoding or moderation states an upload leaves on its own, as its jobs run. */
const UNDER_WAY = ['pending', 'processing'];

/** How often a card or the dialog of an upload still being processed reads it again. */
const FOLLOW_PROCESSING_MS = 5000;

/** Still being encoded or moderated (a held spam submission waits for staff, not for a job). */
export function stillProcessing(upload: UploadCard): boolean {
  return !upload.suspectedSpam && (UNDER_WAY.includes(upload.encodingStatus) || UNDER_WAY.includes(upload.uploadModerationJob.status));
}

/** react-query's refetchInterval for one upload: every FOLLOW_PROCESSING_MS while it is still being processed. */
export const followWhileProcessing = (query: { state: { data?: UploadCard } }) =>
  query.state.data && stillProcessing(query.state.data) ? FOLLOW_PROCESSING_MS : false;

/** The dialog's: also while it plays the review proxy, until the full-quality mp4 replaces it. */
export const followUntilFullQuality = (query: { state: { data?: UploadCard } }) =>
  followWhileProcessing(query) || (query.state.data?.mp4Proxy ? FOLLOW_PROCESSING_MS : false);

/** The spec's badges of one upload, in the order the card shows them. */
export function badgesOf(upload: UploadCard): BadgeKey[] {
  // A held honeypot submission is nothing else yet: not encoded, not moderated, not on any wall.
  if (upload.suspectedSpam) return ['suspectedSpam'];
  const badges: BadgeKey[] = [];
  if (UNDER_WAY.includes(upload.encodingStatus)) badges.push('encodingPending');
  if (upload.encodingStatus === 'failed') badges.push('encodingFailed');
  if (upload.requiresApproval) badges.push('notApproved');
  if (upload.isHidden) badges.push('hidden');
  const moderation = upload.uploadModerationJob.status;
  if (UNDER_WAY.includes(moderation)) badges.push('moderationProcessing');
  if (moderation === 'failed') badges.push('moderationFailed');
  if (upload.isFlagged) badges.push('contentFlagged');
  // Which uploads went on screen without a person, so staff can check them and hide one in a click.
  if (upload.approvedAutomatically) badges.push('approvedAutomatically');
  const rights = upload.rightsStatus && RIGHTS_BADGES[upload.rightsStatus];
  if (rights) badges.push(rights);
  return badges;
}

/** m:ss of a duration in seconds. */
export function formatDuration(seconds: number | null): string | null {
  if (seconds === null || !Number.isFinite(seconds)) return null;
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
