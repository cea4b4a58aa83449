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

/**
 * Records the upload's angles, in the caller's transaction (the fingerprint job's, after the
 * duplicates are recorded).
 */
export async function recordAngles(db: Db, upload: Pick<Upload, 'id' | 'accountId' | 'createdAt'>, fingerprint: Fingerprint): Promise<void> {
  const angles: { angleId: string; offsetMs: number; score: number }[] = [];
  if (fingerprint.envelope.length >= MIN_OVERLAP_STEPS) {
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
    for (const candidate of candidates) {
      if (notAngles.has(candidate.uploadId)) continue;
      const alignment = alignEnvelopes(fingerprint.envelope, [...Buffer.from(candidate.envelope, 'base64')]);
      if (alignment) angles.push({ angleId: candidate.uploadId, ...alignment });
    }
  }
  await saveAngles(db, upload.id, upload.accountId, angles);
}
