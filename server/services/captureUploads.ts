import type { Db } from '../db';
import { lifespan } from '../db/rows';
import { badRequest, refused, refusedTooLarge } from '../errors';
import type { Config } from '../config';
import { captureKindOf, type CaptureKind } from '#shared/domain/capture';
import type { TusStore } from '../capture/tusStore';
import { acceptedKinds, findPublicPage } from './capturePage';
import { countUnsubmittedOf, deleteCaptureUpload, expiredCaptureUploads, insertCaptureUpload, unsubmittedBytes } from '../db/repositories/captureUploads';

/** What a tus creation request says about itself (Upload-Length and Upload-Metadata). */
interface NewTusUpload {
  id: string;
  size: number | undefined;
  metadata: Record<string, string | null | undefined>;
  addressKey: string;
  /** The browser token's id (server/services/captureLimits.ts), when the request had a valid one. */
  clientKey?: string;
}

export const maxSizeOf = (kind: CaptureKind, config: Pick<Config, 'capture'>) =>
  kind === 'video' ? config.capture.videoMaxBytes : config.capture.imageMaxBytes;

const text = (value: string | null | undefined, max: number) => (typeof value === 'string' ? value.trim().slice(0, max) : '');

/** The part of a page's ceiling on unsubmitted bytes one address may hold (a venue's crowd included). */
const ADDRESS_SHARE = 0.5;

/**
 * The rules of a new fan upload, before a byte is stored: the page takes uploads (the gate),
 * the file is a video or (where the plan has fan photos) a photo by its declared type or name,
 * its declared size is within the kind's limit, the browser (its token, else its address) holds
 * fewer than N uploads not yet submitted, finished or not, and the declared bytes of every
 * upload not yet submitted stay within the server's (507) and the page's (429) ceilings, and
 * one address holds at most half the page's.
 * Records the upload and answers the metadata tus keeps (only the keys we know).
 */
export async function startFanUpload(db: Db, config: Pick<Config, 'capture'>, upload: NewTusUpload): Promise<Record<string, string>> {
  const accountSlug = text(upload.metadata.accountSlug, 100);
  const pageSlug = text(upload.metadata.pageSlug, 100);
  const fileName = text(upload.metadata.filename, 255);
  const fileType = text(upload.metadata.filetype, 100);
  if (!accountSlug || !pageSlug) throw badRequest('app.server.uploadMetadataPage');
  const { target } = await findPublicPage(db, accountSlug, pageSlug);
  const kind = captureKindOf(fileName, fileType);
  if (!kind) throw refused('wrong-kind');
  if (!acceptedKinds(target.limits).includes(kind)) throw refused('photos-not-on-plan');
  if (upload.size === undefined) throw badRequest('app.server.uploadLengthRequired');
  const max = maxSizeOf(kind, config);
  if (upload.size > max) throw refusedTooLarge(kind, max);
  if (upload.size < 1) throw badRequest('app.server.fileEmpty');
  const now = new Date();
  const held = await countUnsubmittedOf(db, now.toISOString(), upload);
  if (held >= config.capture.unfinishedPerAddress) throw refused('too-many-unfinished');
  const bytes = await unsubmittedBytes(db, now.toISOString(), target.pageId, upload.addressKey);
  if (bytes.total + upload.size > config.capture.unsubmittedBytesTotal) throw refused('storage-full');
  if (bytes.page + upload.size > config.capture.unsubmittedBytesPerPage) throw refused('page-busy');
  // One address, however many tokens it minted, fills at most half a page's ceiling: it cannot close a page alone.
  if (bytes.address + upload.size > config.capture.unsubmittedBytesPerPage * ADDRESS_SHARE) throw refused('page-busy');
  await insertCaptureUpload(db, {
    id: upload.id,
    accountId: target.accountId,
    pageId: target.pageId,
    addressKey: upload.addressKey,
    clientKey: upload.clientKey ?? null,
    kind,
    fileName,
    declaredType: fileType,
    size: upload.size,
    finishedAt: null,
    uploadId: null,
    ...lifespan(config.capture.unfinishedTtlHours * 3600_000, now),
  });
  return { accountSlug, pageSlug, filename: fileName, filetype: fileType };
}

/**
 * Removes uploads never submitted within their time (24 hours by default), bytes first;
 * and submitted rows older than that (their bytes are the upload's original by then).
 */
export async function sweepFanUploads(db: Db, store: TusStore, now = new Date()): Promise<number> {
  const expired = await expiredCaptureUploads(db, now.toISOString(), 500);
  for (const row of expired) {
    if (!row.uploadId) {
      await store.datastore.remove(row.id).catch(() => undefined);
      await store.remove(row.id);
    }
    await deleteCaptureUpload(db, row.id);
  }
  return expired.length;
}
