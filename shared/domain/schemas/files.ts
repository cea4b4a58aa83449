import { z } from 'zod';
import { M, requiredOrInvalid } from './common';

/** GET /api/uploads/temporary?fileName&keepOriginalName */
export const temporaryUploadQuery = z
  .object({
    fileName: z.string({ error: requiredOrInvalid }).trim().min(1, M.required).max(255, M.tooLong),
    keepOriginalName: z
      .enum(['true', 'false', '1', '0'], { error: M.invalid })
      .optional()
      .transform((value) => value === 'true' || value === '1'),
  })
  .strict();

/**
 * A `...Tmp` field of an entity: what the browser stored after uploading (the tmp key, or url
 * plus path). Blank or absent means no new file.
 */
export const tmpFileField = z.string({ error: M.invalid }).trim().max(1000, M.tooLong).nullable().optional();

/**
 * The current image of an entity as the form sends it back. Only null means something
 * (remove the image); any other value leaves the stored image as it is.
 */
export const currentFileField = z.string({ error: M.invalid }).max(2000, M.tooLong).nullable().optional();

/** GET /api/uploads/temporary: a form like an S3 presigned POST (TemporaryPost of ../files.ts). */
export const temporaryPostSchema = z.object({ url: z.string(), path: z.string(), fields: z.record(z.string(), z.string()) });
