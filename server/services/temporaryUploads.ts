import { megabytes } from '#shared/domain/files';
import { canEdit, isPlatformAdmin } from '#shared/domain/permissions';
import type { Config } from '../config';
import type { Db } from '../db';
import type { User } from '../db/types';
import { nowIso } from '../db/rows';
import { forbidden, tooManyRequests } from '../errors';
import type { FileStore, TemporaryPost, TemporaryPostInput } from '../files/types';
import { enabledMembershipsOf } from '../db/repositories/accountMembers';
import { deleteTemporaryUploadsBefore, insertTemporaryUpload, temporaryBytesSince } from '../db/repositories/temporaryUploads';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Platform admins, and members who may edit (user or above) in an enabled account. */
async function mayUpload(db: Db, user: User): Promise<boolean> {
  const type = user.type;
  if (isPlatformAdmin({ type })) return true;
  const roles = await enabledMembershipsOf(db, user.id);
  return roles.some(({ role }) => canEdit({ type, role }));
}

/** GET /api/uploads/temporary: a single-use form, for users who may edit something, within their daily quota of temporary bytes (UPLOAD_DAILY_QUOTA_MB). */
export async function createTemporaryUpload(
  deps: { db: Db; files: FileStore; config: Pick<Config, 'uploadDailyQuotaBytes'> },
  user: User,
  input: Omit<TemporaryPostInput, 'ownerId'>,
): Promise<TemporaryPost> {
  const { db, files, config } = deps;
  if (!(await mayUpload(db, user))) throw forbidden('app.server.readonlyCannotUpload');
  // What the user took in the last 24 hours: each form's limit until its real size is known.
  const used = await temporaryBytesSince(db, user.id, new Date(Date.now() - DAY_MS).toISOString());
  if (used + input.maxBytes > config.uploadDailyQuotaBytes) {
    throw tooManyRequests('app.server.dailyUploadQuota', { megabytes: megabytes(config.uploadDailyQuotaBytes) });
  }
  const post = await files.createTemporaryPost({ ...input, ownerId: user.id });
  await insertTemporaryUpload(db, { key: post.path, userId: user.id, bytes: input.maxBytes, createdAt: nowIso() });
  return post;
}

/** Forgets forms older than a day: they no longer count, and their files are swept too. */
export async function sweepTemporaryUploads(db: Db, now = Date.now()): Promise<number> {
  return deleteTemporaryUploadsBefore(db, new Date(now - DAY_MS).toISOString());
}
