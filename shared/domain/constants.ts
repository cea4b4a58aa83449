/** Business constants of spec console.md section 9 and platform-admin.md section 9. */
export const TABLE_PAGE_SIZE = 50;
export const UPLOAD_GRID_PAGE_SIZE = 48;
/**
 * The requires-approval count stops here and reads '1,000+': it is asked on every Fan Uploads
 * and Insights load, and an exact count of a backlog of a million reads a million index entries.
 */
export const REQUIRES_APPROVAL_COUNT_CAP = 1000;
export const MAX_PAGE_SIZE = 200;

export const UPSELL_DISMISS_DAYS = 7;
export const COPY_FLAG_RESET_MS = 2000;

export const LIMITS = {
  linkLabel: 15,
  linkUrl: 500,
  headerLinks: 6,
  footerLinks: 4,
  customTerms: 3,
  pageName: 100,
  pageSlug: 50,
  accountName: 25,
  accountSlug: 50,
  inviteEmail: 250,
  passwordMin: 6,
  tag: 20,
  /** Not given by the spec: generous bounds so no field is unbounded. */
  personName: 100,
  email: 250,
  password: 200,
  shortText: 200,
  longText: 5000,
} as const;

export const LOCAL_STORAGE_PREFIX = 'app.';

export const DEFAULT_MARKETING_CONSENT = 'I agree to receive marketing and promotional communications.';

export const CROP_ASPECT_DEFAULT = 16 / 9;
export const CROP_ASPECT_AVATAR = 1;
export const AVATAR_MIN_SIZE = 256;
export const IMAGE_SIZES = {
  favicon: { width: 32, height: 32 },
  headerLogo: { width: 120, height: 75 },
  socialImage: { width: 1280, height: 720 },
  mobilePreview: { width: 428, height: 544 },
} as const;
export const HEADER_LOGO_MAX_HEIGHT = 55;

export const UPLOAD_SORTS = ['createdAt', 'viewCount', 'likeCount'] as const;
export const UPLOAD_TYPES = ['video', 'image'] as const;
/** How many frames of a clip are kept for staff to choose its poster from (the processing job keeps the best). */
export const POSTER_CANDIDATES_KEPT = 3;
export type UploadType = (typeof UPLOAD_TYPES)[number];
/** The longest clip a page takes when it sets no limit of its own (pages.maxVideoSeconds). */
export const DEFAULT_MAX_VIDEO_SECONDS = 10 * 60;
/** The job that turns an upload's original into what staff review (an mp4 and a thumbnail, or a photo's web copy). */
export const PROCESS_UPLOAD_JOB = 'process-upload';
/** The job that makes a processed clip's webm: the upload is 'processed' once it has it. */
export const ENCODE_WEBM_JOB = 'encode-webm';
/** The job that makes the full-quality mp4 of a clip made reviewable with its review proxy. */
export const ENCODE_MP4_JOB = 'encode-mp4';
/** The job that fingerprints a processed clip and links the possible duplicates it shows. */
export const FINGERPRINT_UPLOAD_JOB = 'fingerprint-upload';
/** The job that runs the moderation model on an upload's processed pictures. */
export const MODERATE_UPLOAD_JOB = 'moderate-upload';
/** Sends a user the uploads processed since their last 'video processed' mail. */
export const VIDEO_PROCESSED_DIGEST_JOB = 'video-processed-digest';
/** Tells a fan their upload was approved. */
export const FAN_APPROVED_MAIL_JOB = 'fan-approved-mail';
/** Tells a fan their upload arrived. */
export const FAN_RECEIVED_MAIL_JOB = 'fan-received-mail';
/** Asks a fan, in one mail, for the rights to use the clips staff chose. */
export const RIGHTS_REQUEST_MAIL_JOB = 'rights-request-mail';
/** POSTs one signed event to an account's webhook endpoint. */
export const DELIVER_WEBHOOK_JOB = 'deliver-webhook';
/** Cuts a highlight reel from its clips in its three shapes. */
export const RENDER_REEL_JOB = 'render-reel';
/**
 * Which jobs run first (higher first; equal ones oldest first), so a burst of uploads becomes
 * reviewable before anything else is made: moderation and mails, then the encodes
 * staff review, then what can wait until the queue is otherwise empty (full-quality mp4s after a
 * review proxy, webms, clips' fingerprints, Dropbox copies), and last the reels: a render is minutes of encoding that
 * nobody waits on the way a fan's clip is, made from clips that must have been reviewed first.
 */
const JOB_PRIORITY = { urgent: 30, normal: 20, whenIdle: 10, last: 5 } as const;
const JOB_PRIORITIES: Record<string, number> = {
  [MODERATE_UPLOAD_JOB]: JOB_PRIORITY.urgent,
  [FAN_APPROVED_MAIL_JOB]: JOB_PRIORITY.urgent,
  [FAN_RECEIVED_MAIL_JOB]: JOB_PRIORITY.urgent,
  [RIGHTS_REQUEST_MAIL_JOB]: JOB_PRIORITY.urgent,
  [VIDEO_PROCESSED_DIGEST_JOB]: JOB_PRIORITY.urgent,
  [DELIVER_WEBHOOK_JOB]: JOB_PRIORITY.urgent,
  [PROCESS_UPLOAD_JOB]: JOB_PRIORITY.normal,
  [ENCODE_MP4_JOB]: JOB_PRIORITY.whenIdle,
  [ENCODE_WEBM_JOB]: JOB_PRIORITY.whenIdle,
  [FINGERPRINT_UPLOAD_JOB]: JOB_PRIORITY.whenIdle,
  'dropbox-copy': JOB_PRIORITY.whenIdle,
  [RENDER_REEL_JOB]: JOB_PRIORITY.last,
};
/** A job kind's priority: normal unless listed. */
export function jobPriority(kind: string): number {
  return JOB_PRIORITIES[kind] ?? JOB_PRIORITY.normal;
}
export const UPLOAD_STATUSES = [
  'pending',
  'processed',
  'failed',
  'requires-approval',
  'hidden',
  'content-flagged',
  /** Shows the same footage as an earlier upload of the account (server/services/duplicates.ts). */
  'possible-duplicate',
  /** Has other fans' clips of the same moment (server/services/angles.ts). */
  'has-angles',
] as const;
export const DATE_RANGES = ['all', 'yesterday', 'last7', 'last30'] as const;
export const MIN_FILTER_DATE = '2020-01-01';

export const UPSELL_IDS = [
  'insight-filter',
  'upload-filter',
  'data-filter',
  'active_pages',
  'page_ads',
  'custom_terms',
  'invite_user',
  'integrations_dropbox',
  'uploaded_image',
  'reels',
] as const;
export type UpsellId = (typeof UPSELL_IDS)[number];

/** Session lifetime and token lifetimes (not given by the spec). */
const SESSION_TTL_DAYS = 14;
export const SESSION_MAX_AGE_SECONDS = SESSION_TTL_DAYS * 24 * 3600;
/** The session cookie's name. */
export const SESSION_COOKIE = 'sid';
export const TOKEN_TTL_HOURS = {
  'verify-email': 72,
  'reset-password': 2,
  'change-email': 72,
  'set-password': 72,
} as const;
export const INVITE_TTL_DAYS = 7;

/**
 * Sent by the console on every API call. A cross-site page cannot add a header without a CORS
 * preflight we never grant, so it marks a same-origin call where Sec-Fetch-Site is missing.
 */
export const CONSOLE_REQUEST_HEADER = { name: 'x-requested-with', value: 'fan-console' } as const;
