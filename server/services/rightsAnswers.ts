import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../deps';
import { newId, nowIso } from '../db/rows';
import { changeRightsRequest, insertRightsAnswer, requestsOfLink, rightsRequired } from '../db/repositories/rights';
import { updateUploads } from '../db/repositories/uploads';
import { conflict, notFound } from '../errors';
import type { RightsAnswer, RightsStatus } from '#shared/domain/rights';
import { queueUploadEvents } from './webhooks';
import { dropClipsFromReels, removeReelFiles } from './reels';
import { releaseTextIn } from './releaseTexts';

export type RightsClip = Awaited<ReturnType<typeof requestsOfLink>>[number];

/** The clips of one fan's mail as their page shows them; 404 when there are none (erased, or no such mail). */
export async function rightsClips(deps: Pick<Deps, 'db'>, linkId: string): Promise<RightsClip[]> {
  const clips = await requestsOfLink(deps.db, linkId);
  if (!clips.length) throw notFound('record');
  return clips;
}

/** What each answer may follow: a request is granted or declined, a grant revoked. */
const FROM: Record<RightsAnswer, RightsStatus> = { granted: 'requested', declined: 'requested', revoked: 'granted' };

/**
 * Records the fan's answer about one clip of their mail, beside the consent records: the exact text
 * and version they were shown, the time, their salted address and the language. The upload's status
 * and the webhook event go in the same transaction; a revoked clip leaves the account's reels where
 * the account uses only clips with rights granted (as a hidden one does). 409 when the clip is not
 * in a state that answer follows (a second click).
 */
export async function answerRights(
  deps: Deps,
  linkId: string,
  requestId: string,
  answer: RightsAnswer,
  addressKey: string,
  log: FastifyBaseLogger,
): Promise<void> {
  const reelFiles = await deps.db.transaction().execute(async (trx) => {
    const clip = (await requestsOfLink(trx, linkId)).find((row) => row.id === requestId);
    if (!clip) throw notFound('record');
    const now = nowIso();
    if (!(await changeRightsRequest(trx, clip.id, FROM[answer], answer, now))) throw conflict('app.server.invalidInput');
    await insertRightsAnswer(trx, {
      id: newId(),
      accountId: clip.accountId,
      uploadId: clip.uploadId,
      requestId: clip.id,
      answer,
      releaseTextId: clip.releaseTextId,
      releaseVersion: clip.releaseVersion,
      text: releaseTextIn(clip, clip.locale),
      locale: clip.locale,
      addressKey,
      createdAt: now,
    });
    await updateUploads(trx, [clip.uploadId], { rightsStatus: answer }, now);
    await queueUploadEvents(deps, trx, `rights.${answer}`, [clip.uploadId]);
    if (answer !== 'revoked' || !(await rightsRequired(trx, clip.accountId))) return [];
    return dropClipsFromReels(deps, trx, clip.accountId, [clip.uploadId]);
  });
  await removeReelFiles(deps, reelFiles, log);
}
