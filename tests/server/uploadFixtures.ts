import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../../server/db';
import { newId } from '../../server/db/rows';
import { insertSubmission as insertSubmissionRow } from '../../server/db/repositories/submissions';
import type { Submission, Upload } from '../../server/db/types';

/**
 * Fan uploads and submissions written straight into the database, as the capture route and the
 * media pipeline would leave them, so review tests do not depend on those routes.
 */

let clock = Date.parse('2026-06-01T12:00:00.000Z');
/** Distinct, increasing timestamps unless a test gives one. */
const nextTime = () => new Date((clock += 1000)).toISOString();

export type UploadInput = Partial<Upload> & { accountId: string; pageId: string };

export async function insertUpload(db: Db, input: UploadInput): Promise<Upload> {
  const id = input.id ?? newId();
  const createdAt = input.createdAt ?? nextTime();
  const row: Upload = {
    id,
    duration: null,
    type: 'video',
    status: 'processed',
    encodingStatus: 'processed',
    original: `accounts/${input.accountId}/uploads/${id}/original.mov`,
    mp4: null,
    mp4Proxy: 0,
    rightsStatus: 'none',
    webm: null,
    thumbnail: null,
    image: null,
    encodingError: null,
    customThumbnail: null,
    posterCandidates: null,
    approvedAt: null,
    approvedAutomatically: 0,
    isHidden: 0,
    isAllowed: 1,
    viewCount: 0,
    likeCount: 0,
    shareToken: newId(),
    tags: '[]',
    moderationStatus: 'processed',
    moderationLabels: '[]',
    venueCity: null,
    song: null,
    artist: null,
    updatedAt: createdAt,
    ...input,
    createdAt,
  };
  await db.insertInto('uploads').values(row).execute();
  const tags = JSON.parse(row.tags) as string[];
  if (tags.length)
    await db
      .insertInto('uploadTags')
      .values(tags.map((tag) => ({ uploadId: id, accountId: row.accountId, tag })))
      .execute();
  return row;
}

export type SubmissionInput = Partial<Submission> & { accountId: string; pageId: string };

export async function insertSubmission(db: Db, input: SubmissionInput): Promise<Submission> {
  const row: Submission = {
    id: newId(),
    uploadId: null,
    firstName: 'Fan',
    lastName: 'Person',
    email: 'fan@example.com',
    dob: null,
    country: null,
    city: null,
    state: null,
    zip: null,
    phone: null,
    instagram: null,
    tiktok: null,
    venueCity: null,
    song: null,
    artist: null,
    marketingConsent: 0,
    termsAccepted: '[]',
    locale: 'en',
    createdAt: input.createdAt ?? nextTime(),
    ...input,
  };
  await insertSubmissionRow(db, row);
  return row;
}

/** Writes the upload's files into the local store (DATA_DIR/files), so deletes and zips have bytes. */
export function writeUploadFiles(dataDir: string, upload: Upload, bytes = `bytes of ${upload.id}`): string[] {
  const keys = [upload.original, upload.mp4, upload.webm, upload.thumbnail].filter((key): key is string => Boolean(key));
  for (const key of keys) {
    const file = path.join(dataDir, 'files', ...key.split('/'));
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, `${bytes} ${key}`);
  }
  return keys.map((key) => path.join(dataDir, 'files', ...key.split('/')));
}
