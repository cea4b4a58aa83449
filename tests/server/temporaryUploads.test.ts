import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_KINDS } from '#shared/domain/files';
import { sweepTemporaryUploads } from '../../server/services/temporaryUploads';
import { makePng } from '../fixtures/images';
import { createTestApp, demoAccounts, signIn, testDatabases, type TestApp, fieldErrors } from './helpers';
import { postForm, settings, temporaryPost, tmpValue } from './uploadHelpers';

const IMAGE_MB = FILE_KINDS.image.maxBytes / (1024 * 1024);

/** Temporary-upload forms: single use, for members who may edit, within a daily quota. */
describe.each(testDatabases)('temporary upload forms on $name', (kind) => {
  let t: TestApp;
  let band: string;
  let owner: string;
  const png = makePng(64, 64);

  beforeAll(async () => {
    // Room for two image forms a day.
    t = await createTestApp(kind, { config: { uploadDailyQuotaBytes: FILE_KINDS.image.maxBytes * 2 + 1024 * 1024 } });
    band = (await demoAccounts(t.db)).band;
    owner = await signIn(t.app, 'owner@example.com');
  });
  afterAll(async () => t?.close());

  const ask = (cookie: string, fileName = 'a.png') => t.app.inject({ method: 'GET', url: `/api/uploads/temporary?fileName=${fileName}`, headers: { cookie } });

  it('hands forms only to users who may edit: read-only members are refused', async () => {
    const readonly = await ask(await signIn(t.app, 'readonly@example.com'));
    expect(readonly.statusCode).toBe(403);
    expect(readonly.json().message).toBe('Read-only members cannot upload files');
    expect((await ask(await signIn(t.app, 'user@example.com'))).statusCode).toBe(200);
    expect((await ask(await signIn(t.app, 'admin@example.com'))).statusCode).toBe(200);
  });

  it('takes each form once, and saves each upload once', async () => {
    const post = await temporaryPost(t.app, owner, 'once.png');
    expect((await postForm(t.app, post, png)).statusCode).toBe(204);
    const again = await postForm(t.app, post, png);
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toBe('This upload form has been used already; ask for a new one');
    const save = () =>
      t.app.inject({ method: 'PUT', url: `/api/accounts/${band}`, headers: { cookie: owner }, payload: settings({ imageTmp: tmpValue(post) }) });
    expect((await save()).statusCode).toBe(200);
    const twice = await save();
    expect(twice.statusCode).toBe(400);
    expect(fieldErrors(twice)).toContainEqual({ path: 'imageTmp', message: 'The uploaded file was not found; please upload it again' });
  });

  it('counts temporary bytes per user for 24 hours: a form its limit, an upload its real size', async () => {
    const user = await signIn(t.app, 'sam@example.com');
    const first = await temporaryPost(t.app, user, 'one.png');
    await temporaryPost(t.app, user, 'two.png');
    const over = await ask(user);
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe(`Daily upload limit reached: at most ${IMAGE_MB * 2 + 1} MB of uploads in 24 hours. Try again tomorrow.`);
    // Another user has a quota of their own.
    expect((await ask(await signIn(t.app, 'user@example.com'))).statusCode).toBe(200);
    // The first upload turned out small: its real size counts from now on.
    expect((await postForm(t.app, first, png)).statusCode).toBe(204);
    expect((await ask(user)).statusCode).toBe(200);
    expect((await ask(user)).statusCode).toBe(429);
    // A day later the forms no longer count.
    expect(await sweepTemporaryUploads(t.db, Date.now() + 25 * 60 * 60 * 1000)).toBeGreaterThan(0);
    expect((await ask(user)).statusCode).toBe(200);
  });
});
