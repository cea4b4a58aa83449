import { z } from 'zod';
import { LIMITS, POSTER_CANDIDATES_KEPT, UPLOAD_GRID_PAGE_SIZE, UPLOAD_SORTS, UPLOAD_STATUSES, UPLOAD_TYPES } from '../constants';
import { M } from './common';
import { submittedFieldsSchema } from './fanData';
import { cappedPageShape, dateOrderRule, dateRangeShape, filterText, idValue, pagingShape } from './listFilters';
import { PLATFORM_UPLOAD_STATUSES } from '../suspectedSpam';
import { RIGHTS_STATUSES } from '../rights';

/**
 * Fan Uploads and Platform Uploads (spec console.md sections 2, 4, 5, 7; platform-admin.md
 * sections 2, 7): the list queries, the action bodies, the bulk calls and the answers.
 */

export type UploadStatusFilter = (typeof UPLOAD_STATUSES)[number];
export type UploadSort = (typeof UPLOAD_SORTS)[number];

/** At most this many uploads in one bulk call or one zip. */
const MAX_BULK_IDS = 100;
/** Not given by the spec: a generous bound on the tags of one upload. */
export const MAX_TAGS = 30;

const uploadFilterShape = {
  ...pagingShape(UPLOAD_GRID_PAGE_SIZE),
  sort: z.enum(UPLOAD_SORTS, { error: M.invalid }).default('createdAt'),
  status: z.enum(UPLOAD_STATUSES, { error: M.invalid }).optional(),
  type: z.enum(UPLOAD_TYPES, { error: M.invalid }).optional(),
  ...dateRangeShape,
};

/** GET /api/accounts/{id}/videos. Unknown filters are refused. */
export const accountUploadsQuery = z
  .object({
    ...uploadFilterShape,
    pageId: idValue.optional(),
    tag: filterText(LIMITS.tag).optional(),
    venue: filterText(LIMITS.shortText).optional(),
    song: filterText(LIMITS.shortText).optional(),
    artist: filterText(LIMITS.shortText).optional(),
    /** The rights to use the upload: none, requested, granted, declined, revoked. */
    rights: z.enum(RIGHTS_STATUSES, { error: M.invalid }).optional(),
    /** One moment: this upload and the other angles of it (other fans' clips of the same moment). */
    moment: idValue.optional(),
  })
  .strict()
  .refine(dateOrderRule.check, dateOrderRule.params);
export type AccountUploadsQuery = z.output<typeof accountUploadsQuery>;

/** GET /api/upload-videos (platform admins): status may also be 'suspected-spam' (held honeypot submissions). */
export const platformUploadsQuery = z
  .object({ ...uploadFilterShape, status: z.enum(PLATFORM_UPLOAD_STATUSES, { error: M.invalid }).optional(), accountId: idValue.optional() })
  .strict()
  .refine(dateOrderRule.check, dateOrderRule.params);
export type PlatformUploadsQuery = z.output<typeof platformUploadsQuery>;

/** The filters both lists share, as the repository takes them. */
export type UploadListQuery = Partial<Omit<AccountUploadsQuery, 'page' | 'limit' | 'sort' | 'order'>> &
  Pick<AccountUploadsQuery, 'page' | 'limit' | 'sort' | 'order'> & { accountId?: string };

export const tagField = z.string({ error: M.invalid }).trim().min(1, M.required).max(LIMITS.tag, M.tooLong);
export const tagsField = z.array(tagField, { error: M.invalid }).max(MAX_TAGS, 'app.validation.tagsTooMany');

/** POST /api/upload-videos/{id}/tags: the upload's tags become these. */
export const tagsBody = z.object({ tags: tagsField }).strict();

/** POST /api/upload-videos/{id}/poster: the clip's thumbnail becomes its poster candidate `index` (0 is the one chosen first). */
export const posterBody = z
  .object({
    index: z
      .number({ error: M.invalid })
      .int(M.wholeNumber)
      .min(0, M.invalid)
      .max(POSTER_CANDIDATES_KEPT - 1, M.invalid)
      .describe(`Which of the clip's poster candidates (0 to ${POSTER_CANDIDATES_KEPT - 1}, best first)`),
  })
  .strict();

const idsField = z.array(idValue, { error: M.invalid }).min(1, M.required).max(MAX_BULK_IDS, 'app.validation.tooMany');

/** Bulk approve, hide, show, delete: these uploads of the account, all or none. */
export const bulkIdsBody = z.object({ ids: idsField }).strict();

/** Bulk tag: these tags are added to each upload's tags. */
export const bulkTagsBody = z.object({ ids: idsField, tags: tagsField.min(1, M.required) }).strict();

/** GET /api/accounts/{id}/videos/download?ids=a,b,c: one zip of these uploads' files. */
export const zipQuery = z
  .object({
    ids: z
      .string({ error: M.required })
      .transform((value) => [
        ...new Set(
          value
            .split(',')
            .map((id) => id.trim())
            .filter(Boolean),
        ),
      ])
      .pipe(idsField),
  })
  .strict();

export const videoParams = z.object({ id: idValue, videoId: idValue });

/** One card of the grid: what the card, its badges and its actions need. */
const uploadCardSchema = z.object({
  id: z.string(),
  type: z.enum(UPLOAD_TYPES),
  pageId: z.string(),
  pageName: z.string(),
  pageRequiresApproval: z.boolean(),
  likingStatus: z.string(),
  accountId: z.string(),
  account: z.object({ name: z.string() }),
  status: z.string(),
  encodingStatus: z.string(),
  encodingError: z.string().nullable(),
  original: z.string(),
  mp4: z.string().nullable(),
  /** The mp4 is the review proxy (720p, quickly encoded); the full-quality mp4 replaces it, at another address. */
  mp4Proxy: z.boolean().optional(),
  webm: z.string().nullable(),
  thumbnail: z.string().nullable(),
  customThumbnail: z.string().nullable(),
  duration: z.number().nullable(),
  createdAt: z.string(),
  approvedAt: z.string().nullable(),
  /** Approved by the page's auto-approval, not a person: 'Approved automatically'. */
  approvedAutomatically: z.boolean().optional(),
  /** Processed, on a page requiring approval, not yet approved: the 'Not Approved' badge and Approve. */
  requiresApproval: z.boolean(),
  isHidden: z.boolean(),
  isAllowed: z.boolean(),
  /** Moderation processed and not allowed: 'Content Flagged'. */
  isFlagged: z.boolean(),
  viewCount: z.number(),
  likeCount: z.number(),
  shareLink: z.string(),
  tags: z.array(z.string()),
  uploadData: z.object({ email: z.string().nullable(), instagram: z.string().nullable(), tiktok: z.string().nullable(), tags: z.array(z.string()) }),
  uploadModerationJob: z.object({ status: z.string(), moderationLabels: z.array(z.unknown()) }),
  /** The earliest upload of the account showing the same footage: 'Possible duplicate of …' with a link to it. */
  duplicateOf: z.object({ id: z.string(), createdAt: z.string() }).nullable().optional(),
  /** Whether its fan granted the rights to use it (none until staff ask); a held submission has none. */
  rightsStatus: z.enum(RIGHTS_STATUSES).optional(),
  /** A held honeypot submission (Platform Uploads' 'suspected-spam' filter): 'Suspected spam' and Allow, nothing else. */
  suspectedSpam: z.boolean().optional(),
});
export type UploadCard = z.infer<typeof uploadCardSchema>;

/** Fan Uploads and Platform Uploads: a capped page (the cap is UPLOAD_COUNT_CAP in server/db/repositories/uploads.ts) and the approval count. */
export const uploadListSchema = z.object({
  ...cappedPageShape(uploadCardSchema),
  /** Uploads waiting for approval in the account (the Requires Approval toggle's count), whatever the filters, up to REQUIRES_APPROVAL_COUNT_CAP. */
  requiresApprovalCount: z
    .number()
    .describe('Uploads waiting for approval in the account, whatever the filters, counted up to 1,000 (the console shows 1,000+)'),
});

const uploadEventSchema = z.object({
  action: z.string(),
  at: z.string(),
  by: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  detail: z.unknown().nullable(),
});

const uploadAngleSchema = z.object({
  id: z.string(),
  offsetMs: z.number(),
  mp4: z.string().nullable(),
  webm: z.string().nullable(),
  thumbnail: z.string().nullable(),
  createdAt: z.string(),
});
export type UploadAngle = z.infer<typeof uploadAngleSchema>;

/** The content dialog: the card plus the fan's submitted data, the consent given, the history. */
export const uploadDetailSchema = uploadCardSchema.extend({
  submission: submittedFieldsSchema.extend({ id: z.string(), createdAt: z.string() }).nullable(),
  /** `locale`: the language the page around the consent texts was shown in (shared/i18n/fan). */
  consent: z.object({ marketingConsent: z.boolean(), termsAccepted: z.array(z.unknown()), locale: z.string() }).nullable(),
  history: z.array(uploadEventSchema),
  /** Later uploads recorded as possible duplicates of this one and not hidden yet: 'Hide copies' hides them. */
  visibleCopies: z.number().optional(),
  /** A clip's poster candidates (addresses, best first): staff pick one as its thumbnail; empty for a photo or a clip processed before they were kept. */
  posterCandidates: z.array(z.string()),
  /** The signed-in staff user likes it (the dialog's Like, see POST .../videos/{videoId}/like). */
  likedByMe: z.boolean(),
  /**
   * Other fans' clips of the same moment, found by their sound (best aligned first): 'n other angles
   * of this moment'. `offsetMs`: a moment `t` s into this clip is `t + offsetMs / 1000` s into the angle.
   */
  angles: z.array(uploadAngleSchema).optional(),
});
export type UploadDetail = z.infer<typeof uploadDetailSchema>;

export const bulkResultSchema = z.object({ ids: z.array(z.string()) });
