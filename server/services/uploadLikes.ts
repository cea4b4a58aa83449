import type { Deps } from '../deps';
import type { User } from '../db/types';
import { nowIso } from '../db/rows';
import { conflict, forbidden, notFound } from '../errors';
import { addLike, hasLike, removeLike } from '../db/repositories/publicUploads';
import type { LikeResult } from '#shared/domain/schemas/wall';
import { findUploadRow } from '../db/repositories/uploads';

/**
 * The staff Like of the content dialog (the spec names no call): one like per staff
 * user, kept in the likes table beside the fans' likes under a key no visitor key can take
 * (those are hashes), and counted on the upload row in the same transaction as the public like.
 * Shown only when the page has liking enabled and the viewer is not a platform admin.
 */
export const staffLikerId = (userId: string) => `user:${userId}`;

/** Likes the upload, or takes the like back when this user already likes it. */
export async function toggleStaffLike(deps: Pick<Deps, 'db'>, accountId: string, uploadId: string, caller: Pick<User, 'id' | 'type'>): Promise<LikeResult> {
  if (caller.type === 'admin') throw forbidden('app.server.adminsDoNotLike');
  const upload = await findUploadRow(deps.db, uploadId);
  if (!upload || upload.accountId !== accountId) throw notFound('upload');
  if (upload.likingStatus !== 'enabled') throw conflict('app.server.likesOff');
  const liker = staffLikerId(caller.id);
  return (await hasLike(deps.db, upload.id, liker)) ? removeLike(deps.db, upload.id, liker) : addLike(deps.db, upload.id, liker, nowIso());
}
