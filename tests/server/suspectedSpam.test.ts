import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { purgeSuspectedSpam } from '../../server/services/suspectedSpam';
import { createTestApp, demoAccounts, readOutbox, signIn, testDatabases, type TestApp } from './helpers';
import { makeMedia } from './captureMedia';
import { OWLS, owlsFan, storedBytes, tusUpload } from './tusClient';

/**
 * A submission that fills the hidden honeypot field is not dropped. It is held
 * as suspected spam: the fan sees a thank-you, nothing is counted, listed, mailed, announced or
 * processed; platform admins see it under Platform Uploads' 'suspected-spam' filter and may allow
 * it (then it is a normal upload); otherwise it is purged after 7 days, original and all.
 */
const media = makeMedia();
afterAll(() => media.cleanup());

describe.each(testDatabases)('suspected spam ($name)', { timeout: 120_000 }, (database) => {
  let t: TestApp;
  let base: string;
  let band: string;
  const as: Record<'owner' | 'platform', string> = { owner: '', platform: '' };

  beforeAll(async () => {
    t = await createTestApp(database, {
      config: { capture: { ...loadConfig({} as NodeJS.ProcessEnv).capture, unfinishedPerAddress: 50, uploadRateLimit: 1000, submitRateLimit: 1000 } },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    ({ band } = await demoAccounts(t.db));
    as.owner = await signIn(t.app, 'owner@example.com');
    as.platform = await signIn(t.app, 'admin@example.com');
  });
  afterAll(async () => {
    await t?.close();
  });

  const upload = (bytes: Buffer) => tusUpload(base, bytes);
  const fields = owlsFan;
  const submit = (body: object) => t.app.inject({ method: 'POST', url: `/api/public/pages/${OWLS.accountSlug}/${OWLS.pageSlug}/submissions`, payload: body });
  const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
  const counts = async () => {
    const n = async (table: 'uploads' | 'submissions' | 'consentRecords') =>
      Number(
        (
          await t.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const jobs = Object.values(await t.app.deps.queue.counts()).reduce((sum, count) => sum + count, 0);
    const listed = (await get(`/api/accounts/${band}/videos`, as.owner)).json().total as number;
    const everyAccount = (await get('/api/upload-videos', as.platform)).json().total as number;
    return {
      uploads: await n('uploads'),
      submissions: await n('submissions'),
      consents: await n('consentRecords'),
      jobs,
      listed,
      everyAccount,
      mails: readOutbox(t.dataDir).length,
    };
  };
  const stored = (key: string) => storedBytes(t.app.deps.files, key);

  it('holds a honeypot submission: a thank-you, nothing counted, listed, mailed or queued; platform admins see it', async () => {
    const id = await upload(media.mp4);
    const before = await counts();
    const response = await submit({ ...fields(id), website: 'http://spam.example.com' });
    expect(response.statusCode).toBe(201);
    const { uploadId } = response.json() as { uploadId: string };
    expect(await counts()).toEqual(before);

    // Kept, with its original whole, for 7 days.
    const held = await t.db.selectFrom('suspectedSpam').selectAll().where('id', '=', uploadId).executeTakeFirstOrThrow();
    expect(held).toMatchObject({ accountId: band, type: 'video' });
    expect(Date.parse(held.purgeAfter) - Date.parse(held.createdAt)).toBe(7 * 86_400_000);
    expect((await stored(held.original))?.equals(media.mp4)).toBe(true);

    // Platform Uploads, 'suspected spam': the card says so; the account's own list cannot ask.
    const list = await get('/api/upload-videos?status=suspected-spam', as.platform);
    expect(list.statusCode).toBe(200);
    const card = (list.json().data as { id: string }[]).find((c) => c.id === uploadId);
    expect(card).toMatchObject({
      suspectedSpam: true,
      accountId: band,
      type: 'video',
      account: { name: expect.any(String) },
      uploadData: { email: 'ada@example.com' },
    });
    // The admin plays the private original through its signed address.
    const played = await t.app.inject({ method: 'GET', url: (card as unknown as { original: string }).original });
    expect(played.statusCode).toBe(200);
    expect(played.rawPayload.equals(media.mp4)).toBe(true);
    expect((await get('/api/upload-videos?status=suspected-spam', as.owner)).statusCode).toBe(403);
    expect((await get(`/api/accounts/${band}/videos?status=suspected-spam`, as.owner)).statusCode).toBe(400);

    // The fan's form cannot be sent twice.
    const again = await submit(fields(id));
    expect(again.statusCode).toBe(409);
    expect(again.json().reason).toBe('upload-used');
  });

  it('a platform admin allows it: a normal upload from then on, written, counted and queued once', async () => {
    const id = await upload(media.mp4);
    const { uploadId } = (await submit({ ...fields(id), website: 'x' })).json() as { uploadId: string };
    const before = await counts();

    const url = `/api/upload-videos/${uploadId}/spam-allow`;
    expect((await t.app.inject({ method: 'POST', url, headers: { cookie: as.owner } })).statusCode).toBe(403);
    const allowed = await t.app.inject({ method: 'POST', url, headers: { cookie: as.platform } });
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(allowed.json()).toMatchObject({ id: uploadId, encodingStatus: 'pending', submission: { email: 'ada@example.com', venueCity: 'Denver, CO' } });
    const after = await counts();
    expect(after).toMatchObject({
      uploads: before.uploads + 1,
      submissions: before.submissions + 1,
      consents: before.consents + 1,
      listed: before.listed + 1,
      everyAccount: before.everyAccount + 1,
    });
    expect(after.jobs).toBeGreaterThan(before.jobs);
    expect(await t.db.selectFrom('suspectedSpam').select('id').where('id', '=', uploadId).executeTakeFirst()).toBeUndefined();
    const list = (await get('/api/upload-videos?status=suspected-spam', as.platform)).json().data as { id: string }[];
    expect(list.map((c) => c.id)).not.toContain(uploadId);

    expect((await t.app.inject({ method: 'POST', url, headers: { cookie: as.platform } })).statusCode).toBe(404);
    expect((await submit(fields(id))).statusCode).toBe(409);
  });

  it('purges held submissions after 7 days, original and all, and keeps younger ones', async () => {
    const old = (await submit({ ...fields(await upload(media.mp4)), website: 'x' })).json().uploadId as string;
    const young = (await submit({ ...fields(await upload(media.mp4)), website: 'x' })).json().uploadId as string;
    const original = (await t.db.selectFrom('suspectedSpam').select('original').where('id', '=', old).executeTakeFirstOrThrow()).original;
    await t.db
      .updateTable('suspectedSpam')
      .set({ purgeAfter: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', old)
      .execute();

    expect(await purgeSuspectedSpam(t.db, t.app.deps.files)).toBe(1);
    expect(await t.db.selectFrom('suspectedSpam').select('id').where('id', '=', old).executeTakeFirst()).toBeUndefined();
    expect(await t.app.deps.files.probe(original, 1)).toBeUndefined();
    expect(await t.db.selectFrom('suspectedSpam').select('id').where('id', '=', young).executeTakeFirst()).toBeDefined();
    expect((await t.app.inject({ method: 'POST', url: `/api/upload-videos/${old}/spam-allow`, headers: { cookie: as.platform } })).statusCode).toBe(404);
  });

  it("erases a fan's held submission with their other data: the row and the original go", async () => {
    const email = 'held.fan@example.com';
    const id = (await submit({ ...fields(await upload(media.mp4)), email: 'Held.Fan@Example.com', website: 'x' })).json().uploadId as string;
    const other = (await submit({ ...fields(await upload(media.mp4)), email: 'someone.else@example.com', website: 'x' })).json().uploadId as string;
    const original = (await t.db.selectFrom('suspectedSpam').select('original').where('id', '=', id).executeTakeFirstOrThrow()).original;
    expect(await t.app.deps.files.probe(original, 1)).toBeDefined();

    const erased = await t.app.inject({ method: 'POST', url: `/api/accounts/${band}/fans/erase`, payload: { email }, headers: { cookie: as.owner } });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json()).toMatchObject({ submissions: 1, uploads: 1 });
    expect(await t.db.selectFrom('suspectedSpam').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
    expect(await t.app.deps.files.probe(original, 1)).toBeUndefined();
    expect(await t.db.selectFrom('suspectedSpam').select('id').where('id', '=', other).executeTakeFirst()).toBeDefined();
  });
});
