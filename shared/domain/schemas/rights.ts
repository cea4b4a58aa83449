import { z } from 'zod';
import { RIGHTS_ANSWERS } from '../rights';
import { bulkIdsBody } from './uploads';

/** POST /api/accounts/{id}/rights-requests: ask the fans of these uploads (at most 100) for the rights. */
export const rightsRequestBody = bulkIdsBody;

/** What asking did: the uploads asked, one mail per fan, the release text's version, and each upload skipped with why. */
export const rightsRequestResultSchema = z.object({
  requested: z.array(z.string()),
  mails: z.number().int(),
  releaseVersion: z.number().int(),
  skipped: z.array(z.object({ id: z.string(), reason: z.enum(['noEmail', 'requested', 'granted']) })),
});
export type RightsRequestResult = z.infer<typeof rightsRequestResultSchema>;

/** The fan's answer about one clip, as the rights page's form posts it with the link's signature. */
export const rightsAnswerForm = z
  .object({
    e: z.string().max(20),
    s: z.string().max(64),
    request: z.string().min(1).max(64),
    answer: z.enum(RIGHTS_ANSWERS),
  })
  .strict();
