import type { Db } from '../db';
import type { Upload } from '../db/types';
import type { Fingerprint } from '../adapters/media/fingerprint';
import { alignEnvelopes, MIN_OVERLAP_STEPS } from '../adapters/media/envelopeAlign';
import { duplicatePartnersOf, envelopesNear, saveAngles } from '../db/repositories/uploadAngles';

/**
 * Other angles of the same moment: a clip's sound is aligned with the sound of the account's clips
 * fingerprinted within ANGLE_WINDOW_DAYS of it (an index range of the account's fingerprints, long
 * enough ones only, the latest first and bounded), and each clip whose loudness follows the same shape
 * at some offset is recorded as an angle of it. A copy of the same footage is not another angle:
 * the pairs recorded as possible duplicates are left out.
 */

/** Fans post a show's clips within days of it. */
export const ANGLE_WINDOW_DAYS = 3;
/** Envelopes aligned at most: the latest. */
const MAX_CANDIDATES = 200;
/** base64 of MIN_OVERLAP_STEPS bytes: a shorter envelope cannot overlap enough. */
const MIN_ENVELOPE_CHARS = Math.ceil(MIN_OVERLAP_STEPS / 3) * 4;

const shifted = (iso: string, days: number) => new Date(Date.parse(iso) + days * 86_400_000).toISOString();

type AngleUpload = Pick<Upload, 'id' | 'accountId' | 'createdAt'>;
export type FoundAngle = { angleId: string; offsetMs: number; score: number };

/** The upload's angles among its account's clips near it in time, its recorded copies left out (reads only). */
export async function findAngles(db: Db, upload: AngleUpload, fingerprint: Fingerprint): Promise<FoundAngle[]> {
  if (fingerprint.envelope.length < MIN_OVERLAP_STEPS) return [];
  const [candidates, copies] = await Promise.all([
    envelopesNear(
      db,
      upload.accountId,
      shifted(upload.createdAt, -ANGLE_WINDOW_DAYS),
      shifted(upload.createdAt, ANGLE_WINDOW_DAYS),
      upload.id,
      MIN_ENVELOPE_CHARS,
      MAX_CANDIDATES,
    ),
    duplicatePartnersOf(db, upload.id),
  ]);
  const notAngles = new Set(copies);
  return candidates.flatMap((candidate) => {
    if (notAngles.has(candidate.uploadId)) return [];
    const alignment = alignEnvelopes(fingerprint.envelope, [...Buffer.from(candidate.envelope, 'base64')]);
    return alignment ? [{ angleId: candidate.uploadId, ...alignment }] : [];
  });
}

/**
 * Finds and keeps the upload's angles, once its possible duplicates are recorded: aligned outside
 * a transaction (reads and CPU only, no write lock held meanwhile), kept in one.
 */
export async function recordAngles(db: Db, upload: AngleUpload, fingerprint: Fingerprint): Promise<void> {
  const angles = await findAngles(db, upload, fingerprint);
  // An earlier run's angles are replaced.
  await db.transaction().execute((trx) => saveAngles(trx, upload.id, upload.accountId, angles));
}
