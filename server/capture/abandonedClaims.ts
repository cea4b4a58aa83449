import type { Db } from '../db';
import type { FileStore } from '../files';
import type { TusStore } from './tusStore';
import { CLAIM_LEASE_MS } from './submissionClaim';
import { abandonedCaptureClaims, updateCaptureUpload } from '../db/repositories/captureUploads';

/**
 * Claims never finished (a submission stopped after its claim whose fan never tried again) on
 * uploads past their time: their bytes, in the tus store or already at the original's key, go,
 * and the claim is cleared so the upload sweep removes the row like any upload never submitted.
 * A claim whose upload was written (an uploads row, or a held suspected-spam submission) is left.
 */
export async function sweepAbandonedClaims(db: Db, store: TusStore, files: Pick<FileStore, 'remove'>, now = new Date()): Promise<number> {
  const staleBefore = new Date(now.getTime() - CLAIM_LEASE_MS).toISOString();
  const abandoned = await abandonedCaptureClaims(db, now.toISOString(), staleBefore, 500);
  for (const row of abandoned) {
    await store.remove(row.id);
    if (row.original) await files.remove(row.original);
    await updateCaptureUpload(db, row.id, { uploadId: null, original: null, claimedAt: null });
  }
  return abandoned.length;
}
