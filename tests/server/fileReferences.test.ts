import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageSchema } from '#shared/domain/schemas/page';
import { makePng } from '../fixtures/images';
import { createTestApp, demoAccounts, signIn, testDatabases, type TestApp } from './helpers';
import { postForm, settings, temporaryPost, tmpValue } from './uploadHelpers';

/** A saved file is public for as long as something shows it, and no longer. */
describe.each(testDatabases)('files nothing references any more on $name', (kind) => {
  let t: TestApp;
  let band: string;
  let owner: string;
  const png = makePng(300, 300);

  beforeAll(async () => {
    t = await createTestApp(kind);
    band = (await demoAccounts(t.db)).band;
    owner = await signIn(t.app, 'owner@example.com');
    await t.app.inject({ method: 'POST', url: `/api/auth/switch-account/${band}`, headers: { cookie: owner } });
  });
  afterAll(async () => t?.close());

  const upload = async (name: string, cookie = owner) => {
    const post = await temporaryPost(t.app, cookie, name);
    expect((await postForm(t.app, post, png)).statusCode).toBe(204);
    return tmpValue(post);
  };
  const served = async (url: string) => (await t.app.inject({ method: 'GET', url })).statusCode;

  it('removes an account image when it is replaced or removed', async () => {
    const put = (images: Record<string, string | null>) =>
      t.app.inject({ method: 'PUT', url: `/api/accounts/${band}`, headers: { cookie: owner }, payload: settings(images) });
    const first = (await put({ headerImageTmp: await upload('one.png'), faviconTmp: await upload('icon.png') })).json();
    expect(await served(first.headerImage)).toBe(200);
    const second = (await put({ headerImageTmp: await upload('two.png') })).json();
    expect(await served(second.headerImage)).toBe(200);
    expect(await served(first.headerImage)).toBe(404);
    // Saving without touching an image keeps it.
    expect(await served(first.favicon)).toBe(200);
    await put({ favicon: null });
    expect(await served(first.favicon)).toBe(404);
  });

  it('keeps a page banner a clone still shows, and removes it when the last page lets it go', async () => {
    const pageBody = async (id: string, images: Record<string, string | null>) => {
      const current = (await t.app.inject({ method: 'GET', url: `/api/pages/${id}`, headers: { cookie: owner } })).json();
      return { ...Object.fromEntries(Object.keys(pageSchema.shape).map((key) => [key, current[key] ?? ''])), ...images };
    };
    const put = async (id: string, images: Record<string, string | null>) =>
      t.app.inject({ method: 'PUT', url: `/api/pages/${id}`, headers: { cookie: owner }, payload: await pageBody(id, images) });
    const create = async (body: object) =>
      (await t.app.inject({ method: 'POST', url: `/api/accounts/${band}/pages`, headers: { cookie: owner }, payload: body })).json();

    const original = await create({ name: 'Shared Banner' });
    const banner: string = (await put(original.id, { imageTmp: await upload('banner.png') })).json().image;
    const clone = await create({ name: 'Shared Banner Copy', clonePageId: original.id });
    expect(clone.image).toBe(banner);

    const replaced = (await put(original.id, { imageTmp: await upload('banner2.png') })).json().image;
    expect(await served(banner)).toBe(200);
    expect(await served(replaced)).toBe(200);
    await put(clone.id, { image: null });
    expect(await served(banner)).toBe(404);
    await put(original.id, { image: null });
    expect(await served(replaced)).toBe(404);
  });

  it('removes an avatar when it is replaced or removed', async () => {
    const user = await signIn(t.app, 'user@example.com');
    const set = async () =>
      (
        await t.app.inject({ method: 'POST', url: '/api/users/me/avatar', headers: { cookie: user }, payload: { tmpAvatar: await upload('me.png', user) } })
      ).json().avatar as string;
    const first = await set();
    const second = await set();
    expect(await served(first)).toBe(404);
    expect(await served(second)).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/users/me/avatar', headers: { cookie: user } })).statusCode).toBe(200);
    expect(await served(second)).toBe(404);
  });
});
