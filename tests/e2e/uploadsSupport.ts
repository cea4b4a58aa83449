import fs from 'node:fs';
import path from 'node:path';
import { makePng } from '../fixtures/images';
import { withServerDb } from './support';

/**
 * Review data of its own for the Fan Uploads tests, in The Midnight Owls: a page of its own
 * (requiring approval, so the demo's uploads never mix in) with uploads in the states the
 * screens show, their files in the e2e server's storage.
 */
export interface ReviewData {
  accountId: string;
  pageId: string;
  pageName: string;
  /** Newest first, as the grid shows them. */
  uploads: { id: string; kind: string; email: string }[];
  flaggedId: string;
  yesterdayId: string;
}

const filesDir = () => path.join(process.env.E2E_DATA_DIR ?? path.resolve('.tmp/e2e'), 'files');

function putFile(key: string, bytes: Buffer) {
  const full = path.join(filesDir(), ...key.split('/'));
  fs.mkdirSync(path.dirname(full), { recursive: true });
  fs.writeFileSync(full, bytes);
}

export async function seedReviewData(pageName: string, count = 14): Promise<ReviewData> {
  const { insertUpload, insertSubmission } = await import('../server/uploadFixtures');
  const { newId } = await import('../../server/db/rows');
  return withServerDb(async ({ db }) => {
    const account = await db.selectFrom('accounts').select('id').where('slug', '=', 'midnightowls').executeTakeFirstOrThrow();
    const template = await db
      .selectFrom('pages')
      .selectAll()
      .where('accountId', '=', account.id)
      .where('name', '=', 'Summer Tour 2026')
      .executeTakeFirstOrThrow();
    const pageId = newId();
    const now = new Date().toISOString();
    await db
      .insertInto('pages')
      .values({
        ...template,
        id: pageId,
        name: pageName,
        slug: `${pageName.toLowerCase().replace(/[^a-z0-9]/g, '')}${pageId
          .slice(0, 6)
          .toLowerCase()
          .replace(/[^a-z0-9]/g, '')}`,
        requireApproval: 1,
        likingStatus: 'enabled',
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    const uploads: { id: string; kind: string; email: string }[] = [];
    const day = 86_400_000;
    const base = Date.now() - 20 * day;
    const make = async (kind: string, index: number, extra: Record<string, unknown>, fan: Record<string, unknown> = {}) => {
      const id = newId();
      const original = `uploads/${account.id}/${id}/original.mp4`;
      const thumbnail = `uploads/${account.id}/${id}/thumbnail.png`;
      putFile(original, Buffer.from(`video bytes of ${id}`));
      putFile(thumbnail, makePng(320, 180));
      const createdAt = (extra.createdAt as string | undefined) ?? new Date(base + index * 60_000).toISOString();
      await insertUpload(db, {
        id,
        accountId: account.id,
        pageId,
        original,
        thumbnail,
        createdAt,
        viewCount: index,
        likeCount: Math.max(0, count - index),
        ...extra,
      });
      await insertSubmission(db, {
        accountId: account.id,
        pageId,
        uploadId: id,
        email: `fan${index}@example.com`,
        instagram: `fan_${index}`,
        createdAt,
        ...fan,
      });
      uploads.unshift({ id, kind, email: `fan${index}@example.com` });
      return id;
    };
    for (let index = 0; index < count; index++) await make('waiting', index, {});
    await make('image', count, { type: 'image', approvedAt: now }, { song: 'Feathers' });
    await make('tagged', count + 1, { approvedAt: now, tags: JSON.stringify(['encore']) }, { venueCity: 'Seattle, WA', artist: 'The Owls' });
    await make('failed', count + 2, { encodingStatus: 'failed', status: 'failed', encodingError: 'ffmpeg failed' });
    const flaggedId = await make('flagged', count + 3, {
      approvedAt: now,
      isAllowed: 0,
      moderationStatus: 'processed',
      moderationLabels: JSON.stringify([{ name: 'Porn', confidence: 0.91 }]),
    });
    const yesterdayId = await make('yesterday', count + 4, {
      approvedAt: now,
      createdAt: new Date(Date.now() - day).toISOString().slice(0, 10) + 'T12:00:00.000Z',
    });
    return { accountId: account.id, pageId, pageName, uploads, flaggedId, yesterdayId };
  });
}

/** The state of one upload as the database has it. */
export async function uploadRow(id: string) {
  return withServerDb(({ db }) => db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirst());
}

/** The slug of a page, for its public capture page and wall. */
export async function pageSlug(id: string): Promise<string> {
  return withServerDb(async ({ db }) => (await db.selectFrom('pages').select('slug').where('id', '=', id).executeTakeFirstOrThrow()).slug);
}

/** Uploads a fan sends now to a page of the review data: waiting for approval, newest last. */
export async function sendUploads(data: ReviewData, count: number): Promise<string[]> {
  const { insertUpload, insertSubmission } = await import('../server/uploadFixtures');
  return withServerDb(async ({ db }) => {
    const ids: string[] = [];
    for (let index = 0; index < count; index++) {
      const createdAt = new Date(Date.now() + index).toISOString();
      const upload = await insertUpload(db, { accountId: data.accountId, pageId: data.pageId, createdAt });
      await insertSubmission(db, { accountId: data.accountId, pageId: data.pageId, uploadId: upload.id, email: `arrival${index}@example.com`, createdAt });
      ids.push(upload.id);
    }
    return ids;
  });
}
