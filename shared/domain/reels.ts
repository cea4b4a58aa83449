import { z } from 'zod';
import type { Plan } from './plans';
import { dateOrderRule, dateRangeShape, filterText, idValue } from './schemas/listFilters';

/** A reel's life: queued for its render, rendering (with a progress), done, failed, or out of date once a clip left it. */
export const REEL_STATUSES = ['queued', 'rendering', 'done', 'failed', 'outOfDate'] as const;
export type ReelStatus = (typeof REEL_STATUSES)[number];

/** More clips than this make a reel longer than a social post takes and a render too long for one job. */
export const REEL_MAX_CLIPS = 20;

/** A reel's whole length at most: longer parts are cut shorter, so a reel stays a social post. */
export const REEL_MAX_SECONDS = 60;

/** The plans that make reels; platform admins make them on any plan. */
export const REEL_PLANS: readonly Plan[] = ['pro', 'enterprise'];

/** The three shapes one render makes, by the name of their output. */
export const REEL_SHAPES = {
  vertical: { width: 1080, height: 1920 },
  square: { width: 1080, height: 1080 },
  landscape: { width: 1920, height: 1080 },
} as const;
export type ReelShape = keyof typeof REEL_SHAPES;

/** How long each clip's best part is: long enough to be a moment, short enough for a reel of many. */
export const REEL_SEGMENT_SECONDS = { min: 4, max: 8 } as const;

/**
 * One clip of a reel as the API takes it: the upload's id, or the id with the seconds staff
 * chose, `<uploadId>@<in>-<out>` ('k3Jd9@2.5-8'). A list of texts is what a declared field stores
 * and a default form edits today, so the clip and its cut travel as one text.
 */
const CLIP_TEXT = /^([A-Za-z0-9_-]{1,64})(?:@(\d{1,4}(?:\.\d{1,2})?)-(\d{1,4}(?:\.\d{1,2})?))?$/;

export interface ReelClip {
  uploadId: string;
  /** Seconds into the clip where staff want it to start and end; none lets the analysis choose. */
  inSeconds?: number;
  outSeconds?: number;
}

export function parseReelClip(text: string): ReelClip | undefined {
  const match = CLIP_TEXT.exec(text);
  if (!match) return undefined;
  const [, uploadId, from, to] = match;
  if (from === undefined || to === undefined) return { uploadId };
  const inSeconds = Number(from);
  const outSeconds = Number(to);
  return outSeconds > inSeconds ? { uploadId, inSeconds, outSeconds } : undefined;
}

export const formatReelClip = (clip: ReelClip): string =>
  clip.inSeconds !== undefined && clip.outSeconds !== undefined ? `${clip.uploadId}@${clip.inSeconds}-${clip.outSeconds}` : clip.uploadId;

export const reelClipText = z.string({ error: 'app.validation.invalid' }).refine((text) => parseReelClip(text) !== undefined, 'app.validation.reelClip');

export const reelClipsField = z
  .array(reelClipText, { error: 'app.validation.invalid' })
  .min(1, 'app.validation.required')
  .max(REEL_MAX_CLIPS, 'app.validation.tooMany');

/** How a rule ranks a page's clips: most liked, most viewed, or newest first. */
export const REEL_RULE_ORDERS = ['likes', 'views', 'newest'] as const;
export type ReelRuleOrder = (typeof REEL_RULE_ORDERS)[number];
export const REEL_RULE_DEFAULT_COUNT = 10;

/**
 * A reel made by a rule instead of a selection: 'the best of this page between these dates', the
 * approved, shown videos of one page (sent between startDate and endDate, with a tag), ranked by
 * likes, views or date; the first `count` become the reel's clips, in that order.
 */
export const reelRuleSchema = z
  .object({
    pageId: idValue,
    ...dateRangeShape,
    by: z.enum(REEL_RULE_ORDERS, { error: 'app.validation.invalid' }),
    tag: filterText(50).optional(),
    count: z
      .number({ error: 'app.validation.invalid' })
      .int('app.validation.wholeNumber')
      .min(2, 'app.validation.invalid')
      .max(REEL_MAX_CLIPS, 'app.validation.tooMany')
      .default(REEL_RULE_DEFAULT_COUNT),
  })
  .strict()
  .refine(dateOrderRule.check, dateOrderRule.params);
export type ReelRule = z.output<typeof reelRuleSchema>;
