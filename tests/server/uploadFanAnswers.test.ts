import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Migrator } from 'kysely';
import type { Db } from '../../server/db';
import { migrations } from '../../server/db/migrations';
import { createAccount } from '../../server/services/accountCreate';
import { listUploads } from '../../server/db/repositories/uploads';
import { freshDb, testDatabases } from './helpers';
import { insertSubmission, insertUpload } from './uploadFixtures';

/**
 * The fan's venue, song and artist are kept on the upload for the Fan Uploads filters: copied when
 * the submission is written, and from the submissions already there when the migration runs.
 */
describe.each(testDatabases)('fan answers on uploads on $name', (kind) => {
  let db: Db;
  let drop: () => Promise<void>;
  const migrator = () => new Migrator({ db, provider: { getMigrations: migrations } });
  beforeAll(async () => {
    ({ db, drop } = await freshDb(kind));
    const { error } = await migrator().migrateTo('20261126010000-UploadFilterIndexes');
    if (error) throw error;
  });
  afterAll(async () => {
    await db.destroy();
    await drop();
  });

  it('copies the answers of existing submissions, then each new submission copies its own', async () => {
    const account = { id: await createAccount(db, { name: 'Answers Band', slug: 'answersband' }) };
    // The page as that migration's schema has it: createPage writes columns added since.
    const page = { id: 'p-answers' };
    const at = new Date().toISOString();
    await db
      .insertInto('pages')
      .values({
        id: page.id,
        accountId: account.id,
        name: 'Answers Page',
        slug: 'answerspage',
        status: 'pending',
        title: 'Share',
        marketingConsent: 'Yes',
        createdAt: at,
        updatedAt: at,
      } as never)
      .execute();
    const before = 'u-before';
    await db
      .insertInto('uploads')
      .values({
        id: before,
        accountId: account.id,
        pageId: page.id,
        type: 'video',
        status: 'processed',
        encodingStatus: 'processed',
        original: 'o.mov',
        shareToken: 'tok-before',
        tags: '[]',
        moderationStatus: 'processed',
        moderationLabels: '[]',
        isHidden: 0,
        isAllowed: 1,
        viewCount: 0,
        likeCount: 0,
        createdAt: '2026-01-01T00:00:00.000Z',
        updatedAt: '2026-01-01T00:00:00.000Z',
      } as never)
      .execute();
    await db
      .insertInto('submissions')
      .values({
        id: 's-before',
        accountId: account.id,
        pageId: page.id,
        uploadId: before,
        venueCity: 'Austin',
        song: 'Night Owl',
        artist: 'The Owls',
        marketingConsent: 0,
        termsAccepted: '[]',
        createdAt: '2026-01-01T00:00:00.000Z',
      } as never)
      .execute();
    const { error } = await migrator().migrateToLatest();
    if (error) throw error;

    const after = await insertUpload(db, { accountId: account.id, pageId: page.id });
    await insertSubmission(db, { accountId: account.id, pageId: page.id, uploadId: after.id, venueCity: 'Boston', song: 'Day Bird', artist: 'The Owls' });
    await insertUpload(db, { accountId: account.id, pageId: page.id }); // no submission: matches no answer

    const rows = await db
      .selectFrom('uploads')
      .select(['id', 'venueCity', 'song', 'artist'])
      .where('accountId', '=', account.id)
      .orderBy('createdAt')
      .execute();
    expect(rows.slice(0, 2)).toEqual([
      { id: before, venueCity: 'Austin', song: 'Night Owl', artist: 'The Owls' },
      { id: after.id, venueCity: 'Boston', song: 'Day Bird', artist: 'The Owls' },
    ]);
    const ids = async (filters: { venue?: string; song?: string; artist?: string }) =>
      (await listUploads(db, { accountId: account.id, ...filters }, { page: 1, limit: 48, sort: 'createdAt', order: 'desc' })).data.map((row) => row.id);
    expect(await ids({ venue: 'Austin' })).toEqual([before]);
    expect(await ids({ song: 'Day Bird' })).toEqual([after.id]);
    expect(await ids({ artist: 'The Owls' })).toEqual([after.id, before]);
    expect(await ids({ artist: 'The Owls', venue: 'Boston' })).toEqual([after.id]);
  });

  it('goes back down and up again', async () => {
    expect((await migrator().migrateTo('20261126010000-UploadFilterIndexes')).error).toBeUndefined();
    expect((await migrator().migrateToLatest()).error).toBeUndefined();
    const row = await db.selectFrom('uploads').select(['venueCity']).where('id', '=', 'u-before').executeTakeFirstOrThrow();
    expect(row.venueCity).toBe('Austin');
  });
});
