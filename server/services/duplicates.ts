import type { Db } from '../db';
import type { Upload } from '../db/types';
import { bandKeys, toHex } from '../adapters/media/frameHash';
import { STORED_VIEWS, type Fingerprint } from '../adapters/media/fingerprint';
import { isSameFootage, packFingerprint, type PackedFingerprint, type PackedView } from '../adapters/media/fingerprintMatch';
import { fingerprintsOf, recordDuplicates, saveFingerprint, uploadsSharingBands, type FingerprintRow } from '../db/repositories/uploadFingerprints';

/**
 * Possible duplicates: an upload's fingerprint is kept, and compared with the fingerprints of the
 * account's uploads of the last DUPLICATE_WINDOW_DAYS that share a hash band with it (an index
 * look-up, never a scan). The later of two uploads showing the same footage is recorded as a
 * possible duplicate of the earlier one, whichever was processed first.
 */

export const DUPLICATE_WINDOW_DAYS = 14;
/** Candidates confirmed at most: the ones sharing the most bands. */
const MAX_CANDIDATES = 50;
/** A fingerprint this short (a still scene, a photo) also probes each band's one-bit neighbours: its few hashes get more chances to meet. */
const FEW_FRAMES = 4;

export function encodeFingerprint(fingerprint: Fingerprint): Pick<FingerprintRow, 'frames' | 'envelope'> {
  return {
    frames: fingerprint.frames.map((view) => view.map(toHex).join(',')).join(';'),
    envelope: Buffer.from(Uint8Array.from(fingerprint.envelope)).toString('base64'),
  };
}

/** A view's hex hashes as the comparison reads them, each 32-bit half parsed as it is: no BigInt on the look-up's path. */
function packHex(view: string): PackedView {
  const hashes = view ? view.split(',') : [];
  const packed = new Uint32Array(hashes.length * 2);
  hashes.forEach((hex, i) => {
    packed[i * 2] = parseInt(hex.slice(0, 8), 16);
    packed[i * 2 + 1] = parseInt(hex.slice(8), 16);
  });
  return packed;
}

/** A stored fingerprint as a candidate is compared: its stored views only, packed. */
export function decodeStoredViews(row: Pick<FingerprintRow, 'frames' | 'envelope'>): PackedFingerprint {
  return {
    frames: row.frames.split(';', STORED_VIEWS).map(packHex),
    envelope: [...Buffer.from(row.envelope, 'base64')],
  };
}

/** The bands an upload is found by: its stored views' hashes. */
export const storedBands = (fingerprint: Fingerprint) => fingerprint.frames.slice(0, STORED_VIEWS).flat().flatMap(bandKeys);

/** The bands an upload looks for: every view's hashes, and for a short fingerprint each band with one bit flipped too. */
export function probedBands(fingerprint: Fingerprint): number[] {
  const bands = new Set(fingerprint.frames.flat().flatMap(bandKeys));
  if ((fingerprint.frames[0]?.length ?? 0) <= FEW_FRAMES) {
    for (const band of [...bands]) {
      for (let bit = 0; bit < 16; bit++) bands.add(band ^ (1 << bit));
    }
  }
  return [...bands];
}

const daysBefore = (iso: string, days: number) => new Date(Date.parse(iso) - days * 86_400_000).toISOString();

/** The account's recent uploads showing the same footage as this fingerprint, by id. */
export async function findSameFootage(db: Db, upload: Pick<Upload, 'id' | 'accountId' | 'createdAt'>, fingerprint: Fingerprint): Promise<FingerprintRow[]> {
  if (!fingerprint.frames[0]?.length) return [];
  const since = daysBefore(upload.createdAt, DUPLICATE_WINDOW_DAYS);
  const candidates = await uploadsSharingBands(db, upload.accountId, probedBands(fingerprint), since, upload.id, MAX_CANDIDATES);
  const candidateIds = candidates.map((candidate) => candidate.uploadId);
  const rows = await fingerprintsOf(db, candidateIds);
  const query = packFingerprint(fingerprint);
  return rows.filter((row) => row.accountId === upload.accountId && isSameFootage(query, decodeStoredViews(row)));
}

/**
 * Keeps the upload's fingerprint and records the possible duplicates it finds, in the caller's
 * transaction (the processing job's, with the upload made reviewable).
 */
export async function recordFingerprint(db: Db, upload: Pick<Upload, 'id' | 'accountId' | 'createdAt'>, fingerprint: Fingerprint): Promise<void> {
  await saveFingerprint(
    db,
    { uploadId: upload.id, accountId: upload.accountId, createdAt: upload.createdAt, ...encodeFingerprint(fingerprint) },
    storedBands(fingerprint),
  );
  const same = await findSameFootage(db, upload, fingerprint);
  await recordDuplicates(
    db,
    same.map((other) => {
      const earlier = other.createdAt < upload.createdAt || (other.createdAt === upload.createdAt && other.uploadId < upload.id);
      return earlier
        ? { uploadId: upload.id, duplicateOf: other.uploadId, accountId: upload.accountId, createdAt: upload.createdAt }
        : { uploadId: other.uploadId, duplicateOf: upload.id, accountId: upload.accountId, createdAt: other.createdAt };
    }),
  );
}
