import { UPLOAD_STATUSES } from './constants';

/**
 * Suspected spam: a submission that filled the capture form's hidden honeypot
 * field is held, not dropped, and shown to platform admins only, under Platform Uploads' status
 * filter 'suspected-spam', until one allows it; otherwise it is purged after this many days.
 */
export const SUSPECTED_SPAM_DAYS = 7;
export const SUSPECTED_SPAM_STATUS = 'suspected-spam';

/** Platform Uploads' status filter: the account list's statuses and suspected spam. */
export const PLATFORM_UPLOAD_STATUSES = [...UPLOAD_STATUSES, SUSPECTED_SPAM_STATUS] as const;
