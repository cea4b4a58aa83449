import { z } from 'zod';

/** An error answer as every route sends it (ApiErrorBody of ../validation.ts, built by server/plugins/errors.ts). */
const messageArgs = z.record(z.string(), z.union([z.string(), z.number()]));

export const apiErrorSchema = z
  .object({
    status: z.number(),
    error: z.string(),
    message: z.string(),
    messageKey: z.string().optional(),
    messageArgs: messageArgs.optional(),
    errors: z.array(z.object({ path: z.string(), message: z.string(), messageKey: z.string().optional(), messageArgs: messageArgs.optional() })),
    /** Why a public capture page refuses (a RefusalReason of ../capture.ts). */
    reason: z.string().optional(),
  })
  .describe('Refused: the status, English text, its i18n key and args, and the fields at fault');
