import { sql } from 'kysely';
import type { Db } from '..';

/** Other angles of the same moment: the clips an upload is aligned with, and the pairs found. */

/**
 * The account's fingerprints made between `from` and `to` with at least `minEnvelopeChars` of
 * envelope (a clip long enough to align, read from the (account, created_at) index's rows), the latest
 * first, at most `limit`.
 */
export function envelopesNear(db: Db, accountId: string, from: string, to: string, exceptId: string, minEnvelopeChars: number, limit: number) {
  return db
    .selectFrom('uploadFingerprints')
    .select(['uploadFingerprints.uploadId', 'uploadFingerprints.envelope', 'uploadFingerprints.createdAt'])
    .where('uploadFingerprints.accountId', '=', accountId)
    .where('uploadFingerprints.createdAt', '>=', from)
    .where('uploadFingerprints.createdAt', '<=', to)
    .where('uploadFingerprints.uploadId', '<>', exceptId)
    .where(sql<number>`length(upload_fingerprints.envelope)`, '>=', minEnvelopeChars)
    .orderBy('uploadFingerprints.createdAt', 'desc')
    .orderBy('uploadFingerprints.uploadId')
    .limit(limit)
    .execute();
}

/** The uploads recorded as showing the same footage as this one, either way. */
export async function duplicatePartnersOf(db: Db, uploadId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('uploadDuplicates')
    .select(['uploadDuplicates.uploadId', 'uploadDuplicates.duplicateOf'])
    .where((eb) => eb.or([eb('uploadDuplicates.uploadId', '=', uploadId), eb('uploadDuplicates.duplicateOf', '=', uploadId)]))
    .execute();
  return rows.map((row) => (row.uploadId === uploadId ? row.duplicateOf : row.uploadId));
}

/** The upload's angles become these (kept both ways), replacing any an earlier run of its job found. */
export async function saveAngles(db: Db, uploadId: string, accountId: string, angles: { angleId: string; offsetMs: number; score: number }[]): Promise<void> {
  await db
    .deleteFrom('uploadAngles')
    .where((eb) => eb.or([eb('uploadAngles.uploadId', '=', uploadId), eb('uploadAngles.angleId', '=', uploadId)]))
    .execute();
  if (!angles.length) return;
  await db
    .insertInto('uploadAngles')
    .values(
      angles.flatMap(({ angleId, offsetMs, score }) => [
        { uploadId, angleId, accountId, offsetMs, score },
        { uploadId: angleId, angleId: uploadId, accountId, offsetMs: -offsetMs, score },
      ]),
    )
    .execute();
}

/** The upload's angles with what the side-by-side player shows of them, best aligned first. */
export function anglesOf(db: Db, uploadId: string) {
  return db
    .selectFrom('uploadAngles')
    .innerJoin('uploads', 'uploads.id', 'uploadAngles.angleId')
    .select(['uploads.id', 'uploadAngles.offsetMs', 'uploads.mp4', 'uploads.webm', 'uploads.thumbnail', 'uploads.customThumbnail', 'uploads.createdAt'])
    .where('uploadAngles.uploadId', '=', uploadId)
    .where('uploads.encodingStatus', '=', 'processed')
    .orderBy('uploadAngles.score', 'desc')
    .orderBy('uploads.id')
    .execute();
}
