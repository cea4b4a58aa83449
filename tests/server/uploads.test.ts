import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import S3rver from 's3rver';
import { FILE_KINDS } from '#shared/domain/files';
import { sniffContentType } from '../../server/files/sniff';
import { LocalFileStore } from '../../server/files/local';
import { createTemporaryUpload } from '../../server/services/temporaryUploads';
import type { TemporaryPost } from '../../server/files';
import { createUser } from '../../server/services/users';
import { addMember } from '../../server/services/accountCreate';
import { pageSchema } from '#shared/domain/schemas/page';
import { JPEG_HEAD, makePng } from '../fixtures/images';
import { createTestApp, demoAccounts, signIn, testDatabases, type TestApp, fieldErrors } from './helpers';
import { postForm, settings, temporaryPost, tmpValue } from './uploadHelpers';

const SECRET = 'uploads-test-secret-0123456789';

describe('real type from the first bytes', () => {
  const bytes = (...parts: (number[] | string)[]) => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));
  it.each([
    ['image/jpeg', JPEG_HEAD],
    ['image/png', makePng(2, 2)],
    ['image/gif', bytes('GIF89a', [1, 0, 1, 0])],
    ['image/webp', bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 ')],
    ['image/x-icon', bytes([0, 0, 1, 0, 1, 0, 16, 16])],
    ['video/mp4', bytes([0, 0, 0, 0x20], 'ftypisom')],
    ['video/quicktime', bytes([0, 0, 0, 0x14], 'ftypqt  ')],
    ['video/quicktime', bytes([0, 0, 0, 0x08], 'wide')],
    ['video/webm', bytes([0x1a, 0x45, 0xdf, 0xa3])],
    [undefined, bytes('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    [undefined, bytes('plain text')],
    [undefined, bytes([0, 0, 1, 0, 0, 0])],
  ])('%s', (type, head) => {
    expect(sniffContentType(head)).toBe(type);
  });
});

describe.each(testDatabases)('file uploads on $name (local driver)', (kind) => {
  let t: TestApp;
  let band: string;
  let owner: string;
  let user: string;
  let userId: string;
  const png = makePng(300, 300);

  beforeAll(async () => {
    t = await createTestApp(kind, { config: { filesSecret: SECRET } });
    band = (await demoAccounts(t.db)).band;
    owner = await signIn(t.app, 'owner@example.com');
    await t.app.inject({ method: 'POST', url: `/api/auth/switch-account/${band}`, headers: { cookie: owner } });
    userId = await createUser(t.db, {
      email: 'uploader@example.com',
      firstName: 'Up',
      lastName: 'Loader',
      password: 'demo1234',
      emailVerified: true,
      status: 'enabled',
    });
    await addMember(t.db, band, userId, 'user');
    user = await signIn(t.app, 'uploader@example.com');
  });
  afterAll(async () => t?.close());

  it('refuses a temporary upload without a session (401)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/uploads/temporary?fileName=a.png' });
    expect(response.statusCode).toBe(401);
  });

  it('answers an S3-like form for images and refuses other names with the message', async () => {
    const post = await temporaryPost(t.app, owner, 'Our Logo!.png');
    expect(post.url).toBe('/api/files/upload');
    expect(post.path).toMatch(/^tmp\/[^/]+\/[0-9a-f]+\/Our-Logo\.png$/);
    expect(post.fields).toMatchObject({ key: post.path, 'x-max-bytes': String(FILE_KINDS.image.maxBytes) });
    expect(post.fields['x-content-types'].split(',')).toContain('image/png');
    const refused = await t.app.inject({ method: 'GET', url: '/api/uploads/temporary?fileName=notes.txt', headers: { cookie: owner } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0]).toMatchObject({ path: 'fileName', message: expect.stringContaining('Only images') });
  });

  it('stores a posted header image, moves it into place on save and serves it with its type', async () => {
    const post = await temporaryPost(t.app, owner, 'logo.png');
    const uploaded = await postForm(t.app, post, png);
    expect(uploaded.statusCode, uploaded.body).toBe(204);

    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/accounts/${band}`,
      headers: { cookie: owner },
      payload: settings({ headerImageTmp: tmpValue(post) }),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const url: string = saved.json().headerImage;
    expect(url).toMatch(new RegExp(`^/files/accounts/${band}/headerImage/[0-9a-f]+/logo\\.png$`));

    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toContain('immutable');
    expect(served.rawPayload.equals(png)).toBe(true);

    // The context (header logo) shows it, and the same tmp key cannot be saved twice.
    const context = await t.app.inject({ method: 'GET', url: '/api/auth/context', headers: { cookie: owner } });
    expect(context.json().account.headerImage).toBe(url);
    const again = await t.app.inject({
      method: 'PUT',
      url: `/api/accounts/${band}`,
      headers: { cookie: owner },
      payload: settings({ headerImageTmp: tmpValue(post) }),
    });
    expect(again.statusCode).toBe(400);
  });

  it('saves every account image and removes one with null', async () => {
    const tmp: Record<string, string> = {};
    for (const name of ['favicon', 'image', 'socialSiteImage']) {
      const post = await temporaryPost(t.app, owner, `${name}.png`);
      expect((await postForm(t.app, post, png)).statusCode).toBe(204);
      tmp[`${name}Tmp`] = post.path;
    }
    const saved = await t.app.inject({ method: 'PUT', url: `/api/accounts/${band}`, headers: { cookie: owner }, payload: settings(tmp) });
    expect(saved.statusCode, saved.body).toBe(200);
    const account = saved.json();
    expect(account.favicon).toMatch(/^\/files\/accounts\/.+\/favicon\/.+\.png$/);
    expect(account.image).toMatch(/\/image\//);
    expect(account.socialSiteImage).toMatch(/\/socialSiteImage\//);
    expect(account.headerImage).toBeTruthy();

    // A string in the image field itself changes nothing; null removes.
    const removed = await t.app.inject({
      method: 'PUT',
      url: `/api/accounts/${band}`,
      headers: { cookie: owner },
      payload: settings({ favicon: null, image: 'https://elsewhere.example/x.png' }),
    });
    expect(removed.json()).toMatchObject({ favicon: null, image: account.image, socialSiteImage: account.socialSiteImage });
  });

  it("saves a page's banner and ad image, removes them with null; ads need a plan that has them (page_ads)", async () => {
    const admin = await signIn(t.app, 'admin@example.com');
    const pageBody = async (id: string, images: Record<string, string | null>) => {
      const current = (await t.app.inject({ method: 'GET', url: `/api/pages/${id}`, headers: { cookie: owner } })).json();
      const fields = Object.fromEntries(Object.keys(pageSchema.shape).map((key) => [key, current[key] ?? '']));
      return { ...fields, image: current.image, adImage: current.adImage, ...images };
    };
    const upload = async (name: string, cookie = owner) => {
      const post = await temporaryPost(t.app, cookie, `${name}.png`);
      expect((await postForm(t.app, post, png)).statusCode).toBe(204);
      return post.path;
    };
    const put = async (id: string, images: Record<string, string | null>, cookie = owner) =>
      t.app.inject({ method: 'PUT', url: `/api/pages/${id}`, headers: { cookie }, payload: await pageBody(id, images) });
    const id = (await t.app.inject({ method: 'POST', url: `/api/accounts/${band}/pages`, headers: { cookie: owner }, payload: { name: 'Pictured' } })).json()
      .id;

    const saved = await put(id, { imageTmp: await upload('banner') });
    expect(saved.statusCode, saved.body).toBe(200);
    const banner = saved.json().image;
    expect(banner).toMatch(new RegExp(`^/files/pages/${id}/image/.+\\.png$`));
    expect((await t.app.inject({ method: 'GET', url: banner })).headers['content-type']).toBe('image/png');

    // The Midnight Owls are on the pro plan: ads are Enterprise only, and nothing of the save is written.
    const refused = await put(id, { imageTmp: await upload('banner2'), adImageTmp: await upload('ad') });
    expect(refused.statusCode).toBe(402);
    expect(fieldErrors(refused)).toContainEqual({ path: 'upsell', message: 'page_ads' });
    expect((await t.app.inject({ method: 'GET', url: `/api/pages/${id}`, headers: { cookie: owner } })).json().image).toBe(banner);

    // A platform admin may place an ad anyway; the owner can still take it off.
    const withAd = await put(id, { adImageTmp: await upload('ad2', admin) }, admin);
    expect(withAd.statusCode, withAd.body).toBe(200);
    expect(withAd.json().adImage).toMatch(new RegExp(`^/files/pages/${id}/adImage/.+\\.png$`));
    const removed = await put(id, { adImage: null, image: null });
    expect(removed.json()).toMatchObject({ image: null, adImage: null });
  });

  it('sets the avatar from an upload and shows it in the user and the context', async () => {
    const post = await temporaryPost(t.app, user, 'me.jpg');
    expect((await postForm(t.app, post, png)).statusCode).toBe(204);
    const saved = await t.app.inject({ method: 'POST', url: '/api/users/me/avatar', headers: { cookie: user }, payload: { tmpAvatar: tmpValue(post) } });
    expect(saved.statusCode, saved.body).toBe(200);
    // Named after its real type, not the name it was given.
    expect(saved.json().avatar).toMatch(new RegExp(`^/files/users/${userId}/avatar/[0-9a-f]+/me\\.png$`));
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie: user } });
    expect(me.json().avatar).toBe(saved.json().avatar);
    const context = await t.app.inject({ method: 'GET', url: '/api/auth/context', headers: { cookie: user } });
    expect(context.json().user.avatar).toBe(saved.json().avatar);
    const served = await t.app.inject({ method: 'GET', url: saved.json().avatar });
    expect(served.headers['content-type']).toBe('image/png');

    const removed = await t.app.inject({ method: 'DELETE', url: '/api/users/me/avatar', headers: { cookie: user } });
    expect(removed.json().avatar).toBeNull();

    // At least 256 px square, as the crop dialog asks.
    for (const [size, status] of [
      [256, 200],
      [255, 400],
    ] as const) {
      const post = await temporaryPost(t.app, user, 'square.png');
      expect((await postForm(t.app, post, makePng(size, size))).statusCode).toBe(204);
      const answer = await t.app.inject({ method: 'POST', url: '/api/users/me/avatar', headers: { cookie: user }, payload: { tmpAvatar: post.path } });
      expect(answer.statusCode, answer.body).toBe(status);
    }
  });

  it('refuses an altered form (403) and an expired one (403)', async () => {
    const post = await temporaryPost(t.app, owner, 'a.png');
    const changes: Record<string, string>[] = [{ 'x-max-bytes': '999999999' }, { key: post.path.replace('a.png', 'b.png') }, { 'x-signature': '0'.repeat(64) }];
    for (const change of changes) {
      const response = await postForm(t.app, post, png, change);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('The upload signature is invalid');
    }
    const past = new LocalFileStore(path.join(t.dataDir, 'files'), SECRET, () => Date.now() - 16 * 60 * 1000);
    const expired = await past.createTemporaryPost({ ownerId: 'x', fileName: 'a.png', keepOriginalName: false, contentTypes: ['image/png'], maxBytes: 1000 });
    const response = await postForm(t.app, expired, png);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('This upload form has expired; ask for a new one');
  });

  it('takes a file at the size limit and refuses one byte more (400)', async () => {
    const store = new LocalFileStore(path.join(t.dataDir, 'files'), SECRET);
    const ownerRow = await t.db.selectFrom('users').selectAll().where('email', '=', 'owner@example.com').executeTakeFirstOrThrow();
    // A form with a small limit, handed out (and recorded) as the route does.
    const form = (maxBytes: number) =>
      createTemporaryUpload({ db: t.db, files: store, config: t.config }, ownerRow, {
        fileName: 'a.png',
        keepOriginalName: false,
        contentTypes: ['image/png'],
        maxBytes,
      });
    const post = await form(png.length);
    expect((await postForm(t.app, post, png)).statusCode).toBe(204);
    const over = await form(png.length - 1);
    const response = await postForm(t.app, over, png);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^The file is too large \(at most [\d.]+ MB\)$/);
    expect(fs.existsSync(store.pathOf(over.path)!)).toBe(false);
  });

  it('refuses a file whose bytes are not an allowed type, whatever its name (400)', async () => {
    const post = await temporaryPost(t.app, owner, 'photo.png');
    const response = await postForm(t.app, post, Buffer.from('this is plain text, not a picture'));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^This file type is not allowed/);
    const json = await t.app.inject({ method: 'POST', url: '/api/files/upload', payload: {} });
    expect(json.statusCode).toBe(400);
  });

  it('refuses a foreign or unknown tmp key on save without writing anything (400)', async () => {
    const before = (await t.app.inject({ method: 'GET', url: `/api/accounts/${band}`, headers: { cookie: owner } })).json();
    const mine = await temporaryPost(t.app, owner, 'fav.png');
    expect((await postForm(t.app, mine, png)).statusCode).toBe(204);
    const theirs = await temporaryPost(t.app, user, 'theirs.png');
    expect((await postForm(t.app, theirs, png)).statusCode).toBe(204);
    const ownerId = mine.path.split('/')[1];

    for (const bad of [tmpValue(theirs), `tmp/${ownerId}/abcdef/none.png`, '../../app.sqlite']) {
      const response = await t.app.inject({
        method: 'PUT',
        url: `/api/accounts/${band}`,
        headers: { cookie: owner },
        payload: settings({ faviconTmp: mine.path, headerImageTmp: bad, socialSiteTitle: 'Changed' } as never),
      });
      expect(response.statusCode).toBe(400);
      expect(fieldErrors(response)).toEqual([{ path: 'headerImageTmp', message: 'The uploaded file was not found; please upload it again' }]);
    }
    const after = (await t.app.inject({ method: 'GET', url: `/api/accounts/${band}`, headers: { cookie: owner } })).json();
    expect(after).toMatchObject({ favicon: before.favicon, headerImage: before.headerImage, socialSiteTitle: before.socialSiteTitle });
    // The good upload was not moved, so it can still be saved.
    const saved = await t.app.inject({ method: 'PUT', url: `/api/accounts/${band}`, headers: { cookie: owner }, payload: settings({ faviconTmp: mine.path }) });
    expect(saved.statusCode).toBe(200);
    // The other user cannot take the owner's upload as their avatar either.
    const stolen = await t.app.inject({ method: 'POST', url: '/api/users/me/avatar', headers: { cookie: owner }, payload: { tmpAvatar: theirs.path } });
    expect(stolen.statusCode).toBe(400);
  });

  it('serves byte ranges of saved files (video seeking)', async () => {
    const post = await temporaryPost(t.app, owner, 'range.png');
    expect((await postForm(t.app, post, png)).statusCode).toBe(204);
    const saved = await t.app.inject({ method: 'PUT', url: `/api/accounts/${band}`, headers: { cookie: owner }, payload: settings({ imageTmp: post.path }) });
    const url: string = saved.json().image;
    const part = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=8-15' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 8-15/${png.length}`);
    expect(part.rawPayload.equals(png.subarray(8, 16))).toBe(true);
    const beyond = await t.app.inject({ method: 'GET', url, headers: { range: `bytes=${png.length}-` } });
    expect(beyond.statusCode).toBe(416);
  });

  it('sweeps uploads never saved after a day, and leaves saved files', async () => {
    const post = await temporaryPost(t.app, owner, 'forgotten.png');
    expect((await postForm(t.app, post, png)).statusCode).toBe(204);
    const root = path.join(t.dataDir, 'files');
    const savedBefore = fs.readdirSync(path.join(root, 'accounts'), { recursive: true }).length;
    expect(await new LocalFileStore(root, SECRET).sweep()).toBe(0);
    const tomorrow = new LocalFileStore(root, SECRET, () => Date.now() + 25 * 60 * 60 * 1000);
    expect(await tomorrow.sweep()).toBeGreaterThan(0);
    expect(fs.existsSync(path.join(root, ...post.path.split('/')))).toBe(false);
    expect(fs.readdirSync(path.join(root, 'accounts'), { recursive: true }).length).toBe(savedBefore);
  });

  it('serves saved files only: no tmp files, no paths out of the folder', async () => {
    const post = await temporaryPost(t.app, owner, 'x.png');
    expect((await postForm(t.app, post, png)).statusCode).toBe(204);
    for (const url of [
      `/files/${post.path}`,
      '/files/../app.sqlite',
      '/files/%2e%2e/app.sqlite',
      '/files/.signing-secret',
      '/files/accounts/..%2f..%2fapp.sqlite',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
    }
  });
});

describe.each(testDatabases)('file uploads on $name (S3 driver against s3rver)', (kind) => {
  let t: TestApp;
  let s3: S3rver;
  let s3Dir: string;
  let band: string;
  let owner: string;
  let endpoint: string;
  const png = makePng(64, 36);

  beforeAll(async () => {
    s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fcc-s3-'));
    s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3Dir, configureBuckets: [{ name: 'fan-files' }] });
    const { port } = await s3.run();
    endpoint = `http://127.0.0.1:${port}`;
    t = await createTestApp(kind, {
      config: { s3: { bucket: 'fan-files', region: 'us-east-1', endpoint, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } },
    });
    band = (await demoAccounts(t.db)).band;
    owner = await signIn(t.app, 'owner@example.com');
    await t.app.inject({ method: 'POST', url: `/api/auth/switch-account/${band}`, headers: { cookie: owner } });
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
    fs.rmSync(s3Dir, { recursive: true, force: true });
  });

  /** Posts the presigned form straight to the S3 server, as the browser does. */
  async function postToS3(post: TemporaryPost, bytes: Buffer): Promise<Response> {
    const form = new FormData();
    for (const [name, value] of Object.entries(post.fields)) form.append(name, value);
    form.append('file', new Blob([new Uint8Array(bytes)]), 'upload');
    return fetch(post.url, { method: 'POST', body: form });
  }

  it('lets the console post to and load from the S3 server (CSP)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/me' });
    const csp = String(response.headers['content-security-policy']);
    for (const directive of ['img-src', 'connect-src', 'media-src']) expect(csp).toMatch(new RegExp(`${directive} [^;]*${endpoint}`));
  });

  it('uploads with a presigned POST, copies into place with the real type on save, removes the tmp object', async () => {
    const post = await temporaryPost(t.app, owner, 'social.jpg');
    expect(post.url).toBe(`${endpoint}/fan-files`);
    expect(post.fields).toMatchObject({ key: post.path, Policy: expect.any(String) });
    const uploaded = await postToS3(post, png);
    expect(uploaded.status, await uploaded.text()).toBeLessThan(300);

    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/accounts/${band}`,
      headers: { cookie: owner },
      payload: settings({ socialSiteImageTmp: tmpValue(post) }),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const url: string = saved.json().socialSiteImage;
    expect(url).toMatch(new RegExp(`^${endpoint}/fan-files/accounts/${band}/socialSiteImage/[0-9a-f]+/social\\.png$`));
    const served = await fetch(url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
    expect((await fetch(tmpValue(post))).status).toBe(404);
  });

  it('saves an upload once, though S3 takes its form again until it expires', async () => {
    const post = await temporaryPost(t.app, owner, 'twice.png');
    const save = () =>
      t.app.inject({ method: 'PUT', url: `/api/accounts/${band}`, headers: { cookie: owner }, payload: settings({ faviconTmp: tmpValue(post) }) });
    expect((await postToS3(post, png)).status).toBeLessThan(300);
    expect((await save()).statusCode).toBe(200);
    expect((await postToS3(post, png)).status).toBeLessThan(300);
    const again = await save();
    expect(again.statusCode).toBe(400);
    expect(fieldErrors(again)).toContainEqual({ path: 'faviconTmp', message: 'The uploaded file was not found; please upload it again' });
  });

  it('refuses on save a file whose bytes are not an image, and an unknown key', async () => {
    const post = await temporaryPost(t.app, owner, 'fake.png');
    expect((await postToS3(post, Buffer.from('plain text pretending to be a png'))).status).toBeLessThan(300);
    const refused = await t.app.inject({
      method: 'PUT',
      url: `/api/accounts/${band}`,
      headers: { cookie: owner },
      payload: settings({ faviconTmp: tmpValue(post) }),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0]).toMatchObject({ path: 'faviconTmp', message: expect.stringMatching(/^This file type is not allowed/) });
    const unknown = await t.app.inject({
      method: 'PUT',
      url: `/api/accounts/${band}`,
      headers: { cookie: owner },
      payload: settings({ faviconTmp: post.path.replace(/[^/]+$/, 'missing.png') }),
    });
    expect(unknown.statusCode).toBe(400);
  });

  it('takes an image at the size limit and refuses one byte more on save (s3rver does not check the policy)', async () => {
    const limit = FILE_KINDS.image.maxBytes;
    const padded = (size: number) => Buffer.concat([png, Buffer.alloc(size - png.length)]);
    const atLimit = await temporaryPost(t.app, owner, 'big.png');
    expect((await postToS3(atLimit, padded(limit))).status).toBeLessThan(300);
    const over = await temporaryPost(t.app, owner, 'bigger.png');
    expect((await postToS3(over, padded(limit + 1))).status).toBeLessThan(300);
    const refused = await t.app.inject({ method: 'PUT', url: `/api/accounts/${band}`, headers: { cookie: owner }, payload: settings({ imageTmp: over.path }) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('The file is too large (at most 10 MB)');
    const accepted = await t.app.inject({
      method: 'PUT',
      url: `/api/accounts/${band}`,
      headers: { cookie: owner },
      payload: settings({ imageTmp: atLimit.path }),
    });
    expect(accepted.statusCode).toBe(200);
  });
});
