import type { Db } from '../db';
import type { CaptureUploadsTable } from '../db/types';
import { newId } from '../db/rows';
import { refused } from '../errors';
import { claimCaptureUpload, releaseCaptureClaim, renewCaptureClaim } from '../db/repositories/captureUploads';

/**
 * A submission's claim on a finished tus upload. The claim fixes the upload id
 * and the original's key once, and holds a lease: while the submission runs, it renews the lease;
 * a process killed at any step leaves a claim whose lease runs out, and the fan's retry of the
 * same form takes it over and finishes the same move to the same key. Of two live submissions of
 * one upload, one holds the claim; the other answers 'upload-in-progress'.
 */
export const CLAIM_LEASE_MS = 60_000;
const RENEW_EVERY_MS = CLAIM_LEASE_MS / 4;

type Pending = Pick<CaptureUploadsTable, 'id' | 'uploadId' | 'original' | 'claimedAt'>;

export interface Claim {
  uploadId: string;
  original: string;
  /** The lease's start as written: renewals and the release match it, so a claim taken over is not touched. */
  claimedAt: string;
  /** Renews the lease until stop(); resolves when the last renewal is written. */
  keepAlive(): { stop(): Promise<void> };
  /** Gives the claim up early (after an error): a retry may take it over at once; the upload id and key stay. */
  release(): Promise<void>;
}

/**
 * Claims `pending` for this submission, or takes over a claim whose lease ran out (or was
 * released). `originalOf` names the original's key for a new upload id. Throws 'upload-in-progress'
 * when another submission holds a live lease.
 */
export async function claimUpload(db: Db, pending: Pending, originalOf: (uploadId: string) => string, now = Date.now()): Promise<Claim> {
  const uploadId = pending.uploadId ?? newId();
  const original = pending.original ?? originalOf(uploadId);
  let claimedAt = new Date(now).toISOString();
  const staleBefore = new Date(now - CLAIM_LEASE_MS).toISOString();
  // Compare and set: the claim as read (another submission may have claimed it since).
  const claimed = await claimCaptureUpload(db, { id: pending.id, readUploadId: pending.uploadId, uploadId, original, claimedAt, staleBefore });
  if (!claimed) throw refused('upload-in-progress');

  return {
    uploadId,
    original,
    claimedAt,
    keepAlive() {
      let last: Promise<unknown> = Promise.resolve();
      const timer = setInterval(() => {
        const next = new Date().toISOString();
        last = renewCaptureClaim(db, pending.id, claimedAt, next)
          .then((renewed) => {
            if (renewed) claimedAt = next;
          })
          .catch(() => undefined);
      }, RENEW_EVERY_MS);
      timer.unref();
      return {
        async stop() {
          clearInterval(timer);
          await last;
        },
      };
    },
    async release() {
      await releaseCaptureClaim(db, pending.id, claimedAt);
    },
  };
}
