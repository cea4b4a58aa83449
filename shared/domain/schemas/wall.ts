import { z } from 'zod';
import { M, requiredOrInvalid } from './common';

/**
 * The public wall's wire contract ("The public side"):
 * - GET /api/public/pages/{accountSlug}/{pageSlug}/wall?cursor=&limit= answers `wallPageSchema`
 *   (newest first; `nextCursor` null on the last page);
 * - POST / DELETE /api/public/wall/{uploadId}/like and POST /api/public/wall/{uploadId}/views
 *   answer `likeResultSchema` / `viewResultSchema`.
 * Nothing about the fan who sent an upload is on the wall: no name, email or handle.
 */

const WALL_PAGE_SIZE = 12;
const WALL_MAX_PAGE_SIZE = 48;
/** Seconds a wall answer may be reused by browsers and proxies ("disappears at once": at most this late). */
export const WALL_MAX_AGE_SECONDS = 5;

/** An opaque position: base64url of `createdAt|id` of the last upload shown. */
const cursorSchema = z
  .string({ error: requiredOrInvalid })
  .min(1, M.required)
  .max(200, M.tooLong)
  .regex(/^[A-Za-z0-9_-]+$/, M.invalid);

export const wallQuery = z
  .object({
    cursor: cursorSchema.optional(),
    limit: z.coerce.number({ error: requiredOrInvalid }).int(M.wholeNumber).min(1, M.invalid).max(WALL_MAX_PAGE_SIZE, M.invalid).default(WALL_PAGE_SIZE),
  })
  .strict();
export type WallQuery = z.output<typeof wallQuery>;

export const wallUploadParams = z.object({ uploadId: z.string({ error: requiredOrInvalid }).min(1, M.required).max(100, M.tooLong) }).strict();

/** An upload as the public sees it, on the wall and on the venue screen: the files shown, never an original. */
export const shownUploadSchema = z.object({
  id: z.string(),
  type: z.enum(['video', 'image']),
  mp4: z.string().nullable(),
  webm: z.string().nullable(),
  /** The poster of a video, the picture of a photo. */
  image: z.string().nullable(),
});

const wallItemSchema = shownUploadSchema.extend({
  createdAt: z.string(),
  viewCount: z.number(),
  likeCount: z.number(),
  shareLink: z.string(),
});
export type WallItem = z.infer<typeof wallItemSchema>;

/** A highlight reel staff put on the page's wall: its square video, shown above the uploads. */
const wallReelSchema = z.object({ id: z.string(), name: z.string(), mp4: z.string(), duration: z.number().nullable() });
export type WallReel = z.infer<typeof wallReelSchema>;

export const wallPageSchema = z.object({
  data: z.array(wallItemSchema),
  /** On the first page only (no cursor): the page's reel, or null. */
  reel: wallReelSchema.nullable(),
  nextCursor: z.string().nullable(),
  /** The page's likingStatus is enabled: the wall shows Like. */
  liking: z.boolean(),
});
export type WallPage = z.infer<typeof wallPageSchema>;

export const likeResultSchema = z.object({ liked: z.boolean(), likeCount: z.number() });
export type LikeResult = z.infer<typeof likeResultSchema>;

export const viewResultSchema = z.object({ counted: z.boolean(), viewCount: z.number() });
export type ViewResult = z.infer<typeof viewResultSchema>;

/** What a server-written public page is, for its script (the data block #public-data; server/http/shareHtml.ts). */
export type PublicPageData =
  | { kind: 'share'; uploadId: string }
  | { kind: 'wall'; accountSlug: string; pageSlug: string }
  /** The venue screen: the token it was opened with asks for its feed. */
  | { kind: 'screen'; accountSlug: string; pageSlug: string; token: string }
  /** A page with nothing for the script to do (the 404). */
  | { kind: 'none' };
