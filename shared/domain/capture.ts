/**
 * The fan capture page's rules shared by the page (src/capture) and the server: which files a
 * fan may send, their limits, the tus upload settings, and why a page may refuse.
 * Schemas of what travels over the wire are in ./schemas/capture.ts.
 */
import { extensionOf } from './files';
import { DEFAULT_MAX_VIDEO_SECONDS } from './constants';

/** Upload kinds as the uploads table stores them ('image' is what fans call a photo). */
export const CAPTURE_KINDS = ['video', 'image'] as const;
export type CaptureKind = (typeof CAPTURE_KINDS)[number];

/** Real types (sniffed from the bytes) with the extension the stored original gets. */
export const CAPTURE_TYPES = {
  video: {
    'video/mp4': 'mp4',
    'video/quicktime': 'mov',
    'video/webm': 'webm',
  },
  image: {
    'image/jpeg': 'jpg',
    'image/png': 'png',
    'image/webp': 'webp',
    'image/heic': 'heic',
    'image/heif': 'heif',
  },
} as const;
export type CaptureContentType = keyof (typeof CAPTURE_TYPES)['video'] | keyof (typeof CAPTURE_TYPES)['image'];

/** File name extensions a fan's file may declare, per kind (mov and m4v may be H.264 or HEVC). */
export const CAPTURE_EXTENSIONS: Record<CaptureKind, readonly string[]> = {
  video: ['mp4', 'm4v', 'mov', 'webm'],
  image: ['jpg', 'jpeg', 'png', 'webp', 'heic', 'heif'],
};

/** Declared (browser-reported) types per kind; the picker's `accept` uses these and the extensions. */
export const CAPTURE_DECLARED_TYPES: Record<CaptureKind, readonly string[]> = {
  video: ['video/mp4', 'video/x-m4v', 'video/quicktime', 'video/webm'],
  image: ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif'],
};

/** Defaults of the configurable limits (server/config.ts: CAPTURE_VIDEO_MAX_BYTES, ...). */
export const CAPTURE_DEFAULTS = {
  videoMaxBytes: 2 * 1024 * 1024 * 1024,
  imageMaxBytes: 25 * 1024 * 1024,
  maxDurationSeconds: 10 * 60,
  /** tus PATCH size: fits under proxies that cap request bodies at 100 MB. */
  chunkSizeBytes: 50 * 1024 * 1024,
  /** Unfinished uploads are removed after this long. */
  unfinishedTtlHours: 24,
  /** Declared bytes of uploads not yet submitted, on one page and on the whole server. */
  unsubmittedBytesPerPage: 20 * 1024 * 1024 * 1024,
  unsubmittedBytesTotal: 100 * 1024 * 1024 * 1024,
  /** Requests per address and hour from browsers with a capture token: a venue's crowd behind one address. */
  addressRateLimit: 600,
  /** Capture page loads per address and hour (every page). */
  pageLoadRateLimit: 1200,
  /** A browser's capture token is good this long after the page gave it. */
  tokenTtlHours: 24,
  /** One visit per visitor and page in this long. */
  visitWindowMinutes: 30,
} as const;

/**
 * The header that carries the capture page's browser token (the page payload's `upload.token`)
 * on tus creation and on the submission: limits count per browser, and per address without it.
 */
export const CAPTURE_TOKEN_HEADER = 'x-capture-token';

/**
 * The longest clip a page takes: its own limit (pages.maxVideoSeconds, DEFAULT_MAX_VIDEO_SECONDS
 * when unset) or the server's CAPTURE_MAX_DURATION_SECONDS, the smaller.
 */
export function maxClipSeconds(pageMaxVideoSeconds: number | null | undefined, configuredMaxSeconds: number): number {
  return Math.min(pageMaxVideoSeconds ?? DEFAULT_MAX_VIDEO_SECONDS, configuredMaxSeconds);
}

/** Where the tus server listens (same origin as the page). */
export const TUS_ENDPOINT = '/api/public/uploads';

/** The platform's terms page (the console's footer links to the same). */
export const TERMS_PATH = '/terms';

/**
 * The kind a file claims to be, from its declared type first and its name's extension second;
 * undefined when it is neither a video nor a photo we take. The server still checks the bytes.
 */
export function captureKindOf(fileName: string, declaredType = ''): CaptureKind | undefined {
  const type = declaredType.trim().toLowerCase();
  const ext = extensionOf(fileName);
  for (const kind of CAPTURE_KINDS) {
    if (type && CAPTURE_DECLARED_TYPES[kind].includes(type)) return kind;
  }
  // Phones sometimes send no type (or application/octet-stream): the extension decides then.
  if (type && !['application/octet-stream', ''].includes(type)) return undefined;
  return CAPTURE_KINDS.find((kind) => CAPTURE_EXTENSIONS[kind].includes(ext));
}

/** The kind of a real (sniffed) content type, or undefined when it is not a capture type. */
export function captureKindOfContentType(type: string): CaptureKind | undefined {
  return CAPTURE_KINDS.find((kind) => type in CAPTURE_TYPES[kind]);
}

/** The extension the stored original gets for a real content type. */
export function captureExtensionOf(type: CaptureContentType): string {
  const all: Record<string, string> = { ...CAPTURE_TYPES.video, ...CAPTURE_TYPES.image };
  return all[type];
}

/** The file input's `accept` attribute for the kinds the page takes. */
export function acceptAttribute(kinds: readonly CaptureKind[]): string {
  return kinds.flatMap((kind) => [...CAPTURE_DECLARED_TYPES[kind], ...CAPTURE_EXTENSIONS[kind].map((ext) => `.${ext}`)]).join(',');
}

/**
 * Why a page refuses to show its form or to take a file or a submission. The server answers
 * `{status, error: 'CaptureRefused', message, reason, errors}`; the page shows REFUSAL_MESSAGES[reason].
 */
export const REFUSAL_REASONS = [
  'page-not-found',
  'page-not-enabled',
  'page-closed',
  'account-disabled',
  'upload-cap-reached',
  'photos-not-on-plan',
  'wrong-kind',
  'too-large',
  'too-long',
  'file-damaged',
  'upload-not-found',
  'upload-unfinished',
  'upload-used',
  'upload-other-page',
  'too-many-unfinished',
  'rate-limited',
  'upload-in-progress',
  'storage-unavailable',
  'page-busy',
  'storage-full',
] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

export const REFUSAL_MESSAGES: Record<RefusalReason, string> = {
  'page-not-found': 'This page does not exist.',
  'page-not-enabled': 'This page is not available right now.',
  'page-closed': 'This page is not accepting uploads right now.',
  'account-disabled': 'This page is not available: the account is not active.',
  'upload-cap-reached': 'This page has reached its upload limit and cannot take more uploads.',
  'photos-not-on-plan': 'This page takes videos only.',
  'wrong-kind': 'This file type is not supported. Send a video (mp4, mov, m4v, webm) or a photo (jpeg, png, webp, heic).',
  'too-large': 'This file is too large.',
  'too-long': 'This clip is longer than this page takes. Please trim it and choose it again.',
  'file-damaged': 'This file is damaged or incomplete. Please choose it again.',
  'upload-not-found': 'The upload was not found. Please choose your file again.',
  'upload-unfinished': 'The upload has not finished yet.',
  'upload-used': 'This upload has already been submitted.',
  'upload-other-page': 'This upload belongs to another page.',
  'too-many-unfinished': 'Too many uploads in progress. Finish or wait for the others first.',
  'rate-limited': 'Too many attempts. Please wait a moment and try again.',
  'upload-in-progress': 'This upload is still being saved. Please try again in a minute.',
  'storage-unavailable': 'We could not save your upload right now, please try again in a few minutes',
  'page-busy': 'This page is taking many uploads right now. Please try again in a few minutes.',
  'storage-full': 'We cannot take more uploads right now. Please try again later.',
};

/** HTTP status per reason: 404 for a missing page or upload, 413 for size, 429 for limits, 409 for states, 503 for storage faults, 507 when the server holds all the unsubmitted bytes it may, else 403/400. */
export const REFUSAL_STATUS: Record<RefusalReason, number> = {
  'page-not-found': 404,
  'page-not-enabled': 403,
  'page-closed': 403,
  'account-disabled': 403,
  'upload-cap-reached': 403,
  'photos-not-on-plan': 403,
  'wrong-kind': 400,
  'too-large': 413,
  'too-long': 400,
  'file-damaged': 400,
  'upload-not-found': 404,
  'upload-unfinished': 409,
  'upload-used': 409,
  'upload-other-page': 400,
  'too-many-unfinished': 429,
  'rate-limited': 429,
  'upload-in-progress': 409,
  'storage-unavailable': 503,
  'page-busy': 429,
  'storage-full': 507,
};

/** "at most 2 GB" / "at most 25 MB" for messages. */
export function sizeLabel(bytes: number): string {
  const gb = bytes / (1024 * 1024 * 1024);
  if (gb >= 1) return `${Math.round(gb * 10) / 10} GB`;
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
}

/** Why the page cannot go on: a known reason (its message is REFUSAL_MESSAGES[reason]) and field errors. */
export interface Refusal {
  reason?: RefusalReason;
  message: string;
  errors: { path: string; message: string }[];
}
