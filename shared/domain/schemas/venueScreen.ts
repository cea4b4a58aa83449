import { z } from 'zod';
import { M, requiredOrInvalid } from './common';
import { shownUploadSchema } from './wall';

/**
 * The venue screen's wire contract: GET /api/public/pages/{accountSlug}/{pageSlug}/screen?token=
 * answers what to play now (`screenFeedSchema`), or 404 for a wrong or old token. No data about
 * the fan who sent an upload.
 */
export const screenQuery = z
  .object({
    token: z
      .string({ error: requiredOrInvalid })
      .min(1, M.required)
      .max(100, M.tooLong)
      .regex(/^[A-Za-z0-9_-]+$/, M.invalid),
  })
  .strict();

export type ScreenItem = z.infer<typeof shownUploadSchema>;

export const screenFeedSchema = z.object({
  /** Newest first: approved where the page requires approval, processed, shown and allowed. */
  data: z.array(shownUploadSchema),
});
export type ScreenFeed = z.infer<typeof screenFeedSchema>;
