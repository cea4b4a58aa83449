import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPage } from '../../server/services/pages';
import type { Page } from '../../server/db/types';
import { createTestApp, demoAccounts, signIn, testDatabases, type TestApp } from './helpers';
import { insertSubmission, insertUpload, writeUploadFiles } from './uploadFixtures';

/** Fan Uploads and Platform Uploads: the lists and their filters, the dialog, every action, bulk calls and the zip. */
describe.each(testDatabases)('reviewing fan uploads on $name', (kind) => {
  let t: TestApp;
  let band: string;
  let team: string;
  let approvalPage: Page;
  let openPage: Page;
  let teamPage: Page;
  const as: Record<'owner' | 'user' | 'readonly' | 'platform', string> = { owner: '', user: '', readonly: '', platform: '' };
  const get = (who: keyof typeof as, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: as[who] } });
  const post = (who: keyof typeof as, url: string, payload: unknown = {}) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers: { cookie: as[who] } });
  const list = async (query: string, who: keyof typeof as = 'owner', account = band) => {
    const response = await get(who, `/api/accounts/${account}/videos${query ? `?${query}` : ''}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { data: { id: string; [key: string]: unknown }[]; total: number; requiresApprovalCount: number };
  };
  const ids = (answer: { data: { id: string }[] }) => answer.data.map((card) => card.id);

  /** Fixed uploads of the band the filter tests read (actions use uploads of their own). */
  const u: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp(kind);
    ({ band, team } = await demoAccounts(t.db));
    approvalPage = await createPage(t.db, band, 'Approval Page');
    await t.db.updateTable('pages').set({ requireApproval: 1 }).where('id', '=', approvalPage.id).execute();
    openPage = await createPage(t.db, band, 'Open Page');
    teamPage = await createPage(t.db, team, 'Team Page');
    const at = (day: string) => `${day}T10:00:00.000Z`;
    const up = async (name: string, input: Partial<Parameters<typeof insertUpload>[1]>) => {
      u[name] = (await insertUpload(t.db, { accountId: band, pageId: openPage.id, ...input })).id;
    };
    await up('old', { createdAt: at('2021-03-01'), viewCount: 50, likeCount: 1 });
    await up('march', { createdAt: at('2024-03-10'), viewCount: 5, likeCount: 40, tags: '["encore","crowd"]' });
    await up('waiting', { pageId: approvalPage.id, createdAt: at('2024-03-11') });
    await up('approved', { pageId: approvalPage.id, createdAt: at('2024-03-12'), approvedAt: at('2024-03-13') });
    await up('encoding', { encodingStatus: 'pending', createdAt: at('2024-03-13') });
    await up('failed', { encodingStatus: 'failed', createdAt: at('2024-03-14') });
    await up('hidden', { isHidden: 1, createdAt: at('2024-03-15') });
    await up('flagged', {
      isAllowed: 0,
      moderationStatus: 'processed',
      createdAt: at('2024-03-16'),
      moderationLabels: '[{"name":"Violence","confidence":0.9}]',
    });
    await up('photo', { type: 'image', createdAt: at('2024-03-17'), viewCount: 100 });
    await insertSubmission(t.db, {
      accountId: band,
      pageId: openPage.id,
      uploadId: u.march,
      email: 'ana@example.com',
      instagram: '@ana',
      venueCity: 'Austin',
      song: 'Night Owl',
      artist: 'The Owls',
      marketingConsent: 1,
      termsAccepted: '["I agree to the terms"]',
    });
    await insertSubmission(t.db, { accountId: band, pageId: openPage.id, uploadId: u.photo, venueCity: 'Boston', song: 'Day Bird', artist: 'Guests' });
    u.team = (await insertUpload(t.db, { accountId: team, pageId: teamPage.id, createdAt: at('2024-03-18') })).id;
    u.teamPhoto = (await insertUpload(t.db, { accountId: team, pageId: teamPage.id, type: 'image', createdAt: at('2024-03-19') })).id;
    as.owner = await signIn(t.app, 'owner@example.com');
    as.user = await signIn(t.app, 'user@example.com');
    as.readonly = await signIn(t.app, 'readonly@example.com');
    as.platform = await signIn(t.app, 'admin@example.com');
  });
  afterAll(async () => t?.close());

  describe('GET /api/accounts/{id}/videos', () => {
    it("lists the account's uploads newest first with what the cards need, and the Requires Approval count", async () => {
      const answer = await list('');
      expect(ids(answer)).toEqual(['photo', 'flagged', 'hidden', 'failed', 'encoding', 'approved', 'waiting', 'march', 'old'].map((name) => u[name]));
      expect(answer.total).toBe(9);
      expect(answer.requiresApprovalCount).toBe(1);
      const march = answer.data.find((card) => card.id === u.march)!;
      expect(march).toMatchObject({
        type: 'video',
        pageName: 'Open Page',
        viewCount: 5,
        likeCount: 40,
        tags: ['encore', 'crowd'],
        encodingStatus: 'processed',
        isHidden: false,
        isFlagged: false,
        requiresApproval: false,
        uploadData: { email: 'ana@example.com', instagram: '@ana', tiktok: null },
      });
      expect(march.shareLink).toMatch(/^http:\/\/localhost:3000\/s\/.+/);
      expect(answer.data.find((card) => card.id === u.waiting)).toMatchObject({ requiresApproval: true, pageRequiresApproval: true });
      expect(answer.data.find((card) => card.id === u.flagged)).toMatchObject({
        isFlagged: true,
        uploadModerationJob: { status: 'processed', moderationLabels: [{ name: 'Violence', confidence: 0.9 }] },
      });
    });

    it('pages by 48 by default and by limit', async () => {
      const first = await list('limit=4&page=1');
      const third = await list('limit=4&page=3');
      expect(first.data).toHaveLength(4);
      expect(third.data).toHaveLength(1);
      expect(first.total).toBe(9);
      expect(ids(third)).toEqual([u.old]);
    });

    it.each([
      ['status=pending', ['encoding']],
      ['status=failed', ['failed']],
      ['status=hidden', ['hidden']],
      ['status=requires-approval', ['waiting']],
      ['type=image', ['photo']],
      ['tag=encore', ['march']],
      ['tag=encor', []],
      ['tag=encore&type=image', []],
      ['tag=encore&type=video', ['march']],
      ['venue=Austin', ['march']],
      ['song=Day%20Bird', ['photo']],
      ['artist=The%20Owls', ['march']],
      ['startDate=2024-03-12&endDate=2024-03-13', ['encoding', 'approved']],
      ['startDate=2024-03-17', ['photo']],
      ['endDate=2021-03-01', ['old']],
      ['endDate=2021-02-28', []],
    ])('filters by %s, the total counting the same uploads', async (query, expected) => {
      const page = await list(query);
      expect(ids(page)).toEqual(expected.map((name) => u[name]));
      expect(page.total).toBe(expected.length);
    });

    it('filters by a page of the account', async () => {
      expect(ids(await list(`pageId=${approvalPage.id}`))).toEqual([u.approved, u.waiting]);
    });

    it('sorts by views and by likes', async () => {
      expect(ids(await list('sort=viewCount&limit=3'))).toEqual([u.photo, u.old, u.march]);
      expect(ids(await list('sort=likeCount&limit=2'))).toEqual([u.march, u.old]);
      expect(ids(await list('sort=viewCount&order=asc')).at(-1)).toBe(u.photo);
    });

    it('ignores a range whose start is not before today, and applies one starting yesterday', async () => {
      const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
      expect((await list(`startDate=${day(0)}`)).total).toBe(9);
      expect((await list(`startDate=${day(1)}&endDate=${day(2)}`)).total).toBe(9);
      expect((await list(`startDate=${day(-1)}&endDate=${day(-1)}`)).total).toBe(0);
    });

    it.each([
      ['startDate=2019-12-31', 'startDate', 'Must be on or after 01/01/2020'],
      ['startDate=2021-02-30', 'startDate', 'Must be a date'],
      ['endDate=03/10/24', 'endDate', 'Must be a date'],
      ['startDate=2024-03-10&endDate=2024-03-09', 'endDate', 'Must not be before the start date'],
      ['status=approved', 'status', 'Invalid value'],
      ['sort=name', 'sort', 'Invalid value'],
      ['type=audio', 'type', 'Invalid value'],
      ['color=red', '', 'Unknown field: color'],
      [`tag=${'x'.repeat(21)}`, 'tag', 'Must be 20 characters or less'],
      ['limit=0', 'limit', ''],
      ['page=abc', 'page', 'Invalid value'],
    ])('refuses %s', async (query, path, message) => {
      const response = await get('owner', `/api/accounts/${band}/videos?${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0]).toMatchObject({ path });
      expect(response.json().errors[0].message).toContain(message);
    });

    it("refuses another account's page id and never shows another account's uploads", async () => {
      const response = await get('owner', `/api/accounts/${band}/videos?pageId=${teamPage.id}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0]).toMatchObject({ path: 'pageId', message: 'No such page in this account' });
      expect(ids(await list(''))).not.toContain(u.team);
    });

    it('keeps content-flagged for platform admins', async () => {
      const member = await get('owner', `/api/accounts/${band}/videos?status=content-flagged`);
      expect(member.statusCode).toBe(400);
      expect(ids(await list('status=content-flagged', 'platform'))).toEqual([u.flagged]);
    });

    it('answers the upload-filter upgrade on a plan without filters, except the approval toggle and for platform admins', async () => {
      const filtered = await get('owner', `/api/accounts/${team}/videos?type=image`);
      expect(filtered.statusCode).toBe(402);
      expect(filtered.json().message).toContain('upgrade');
      expect(filtered.json().errors[0]).toMatchObject({ path: 'upsell', message: 'upload-filter' });
      expect((await get('owner', `/api/accounts/${team}/videos?sort=viewCount`)).statusCode).toBe(402);
      expect((await list('status=requires-approval', 'owner', team)).total).toBe(0);
      expect(ids(await list('type=image', 'platform', team))).toEqual([u.teamPhoto]);
      expect((await list('', 'owner', team)).total).toBe(2);
    });

    it('lets a readonly member read, and refuses a non-member', async () => {
      expect((await list('', 'readonly')).total).toBe(9);
      expect((await get('user', `/api/accounts/${team}/videos`)).statusCode).toBe(403);
    });
  });

  describe('one upload', () => {
    it("answers the dialog: the fan's data, the consent given and the history", async () => {
      const response = await get('readonly', `/api/accounts/${band}/videos/${u.march}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        id: u.march,
        submission: { email: 'ana@example.com', venueCity: 'Austin', song: 'Night Owl', artist: 'The Owls' },
        consent: { marketingConsent: true, termsAccepted: ['I agree to the terms'] },
        history: [],
      });
      expect((await get('readonly', `/api/upload-videos/${u.march}`)).json().id).toBe(u.march);
    });

    it("answers 404 for another account's upload, through either path", async () => {
      expect((await get('owner', `/api/accounts/${band}/videos/${u.team}`)).statusCode).toBe(404);
      expect((await get('user', `/api/upload-videos/${u.team}`)).statusCode).toBe(404);
      expect((await get('owner', `/api/upload-videos/nope`)).statusCode).toBe(404);
    });

    it('answers the image upgrade for a photo on a plan without photos', async () => {
      const response = await get('owner', `/api/accounts/${team}/videos/${u.teamPhoto}`);
      expect(response.statusCode).toBe(402);
      expect(response.json().message).toContain('upgrade');
      expect(response.json().errors[0].message).toBe('uploaded_image');
      expect((await get('platform', `/api/upload-videos/${u.teamPhoto}`)).statusCode).toBe(200);
    });
  });

  describe('actions', () => {
    const fresh = (input: Partial<Parameters<typeof insertUpload>[1]> = {}) => insertUpload(t.db, { accountId: band, pageId: approvalPage.id, ...input });

    it('approves an upload waiting for approval, once, and writes who did it to the history', async () => {
      const upload = await fresh();
      const response = await post('user', `/api/upload-videos/${upload.id}/approve`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        requiresApproval: false,
        history: [{ action: 'approved', by: { email: 'user@example.com', name: 'Umar Ulrich' } }],
      });
      expect(response.json().approvedAt).toBeTruthy();
      const again = await post('user', `/api/upload-videos/${upload.id}/approve`);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('This upload does not need approval');
    });

    it('does not approve on a page that does not require approval', async () => {
      const upload = await fresh({ pageId: openPage.id });
      expect((await post('user', `/api/upload-videos/${upload.id}/approve`)).statusCode).toBe(409);
    });

    it('hides and shows, each in the history', async () => {
      const upload = await fresh();
      expect((await post('user', `/api/upload-videos/${upload.id}/hidden`)).json().isHidden).toBe(true);
      expect((await post('user', `/api/upload-videos/${upload.id}/hidden`)).statusCode).toBe(409);
      const shown = await post('user', `/api/upload-videos/${upload.id}/show`);
      expect(shown.json().isHidden).toBe(false);
      expect(shown.json().history.map((event: { action: string }) => event.action)).toEqual(['hidden', 'shown']);
    });

    it('sets tags (at most 20 characters each), finds them by the tag filter, and records them', async () => {
      const upload = await fresh({ pageId: openPage.id });
      const response = await post('user', `/api/upload-videos/${upload.id}/tags`, { tags: ['front row', 'front row', 'x'.repeat(20)] });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().tags).toEqual(['front row', 'x'.repeat(20)]);
      expect(response.json().history[0]).toMatchObject({ action: 'tagged', detail: { tags: ['front row', 'x'.repeat(20)] } });
      expect(ids(await list('tag=front%20row'))).toEqual([upload.id]);
      await post('user', `/api/upload-videos/${upload.id}/tags`, { tags: [] });
      expect(ids(await list('tag=front%20row'))).toEqual([]);
      const long = await post('user', `/api/upload-videos/${upload.id}/tags`, { tags: ['x'.repeat(21)] });
      expect(long.statusCode).toBe(400);
      expect(long.json().errors[0]).toMatchObject({ path: 'tags.0', message: 'Must be 20 characters or less' });
    });

    it('refuses tags on a plan without tagging, with its upgrade message', async () => {
      const response = await post('owner', `/api/upload-videos/${u.team}/tags`, { tags: ['goal'] });
      expect(response.statusCode).toBe(402);
      expect(response.json().message).toContain('upgrade');
      expect((await post('platform', `/api/upload-videos/${u.team}/tags`, { tags: ['goal'] })).statusCode).toBe(200);
    });

    it('lets only platform admins allow flagged content', async () => {
      const upload = await fresh({ isAllowed: 0, moderationStatus: 'processed' });
      expect((await post('owner', `/api/upload-videos/${upload.id}/moderation-approve`)).statusCode).toBe(403);
      const allowed = await post('platform', `/api/upload-videos/${upload.id}/moderation-approve`);
      expect(allowed.statusCode, allowed.body).toBe(200);
      expect(allowed.json()).toMatchObject({ isAllowed: true, isFlagged: false, history: [{ action: 'allowed', by: { email: 'admin@example.com' } }] });
      expect((await post('platform', `/api/upload-videos/${upload.id}/moderation-approve`)).statusCode).toBe(409);
    });

    it('refuses every change to a readonly member with 403', async () => {
      const upload = await fresh({ isHidden: 1 });
      for (const [path, body] of [
        ['approve', {}],
        ['hidden', {}],
        ['show', {}],
        ['tags', { tags: ['a'] }],
      ] as const) {
        expect((await post('readonly', `/api/upload-videos/${upload.id}/${path}`, body)).statusCode, path).toBe(403);
      }
      expect((await t.app.inject({ method: 'DELETE', url: `/api/upload-videos/${upload.id}`, headers: { cookie: as.readonly } })).statusCode).toBe(403);
      for (const path of ['approve', 'hidden', 'show', 'delete']) {
        expect((await post('readonly', `/api/accounts/${band}/videos/${path}`, { ids: [upload.id] })).statusCode, path).toBe(403);
      }
      expect((await post('readonly', `/api/accounts/${band}/videos/tags`, { ids: [upload.id], tags: ['a'] })).statusCode).toBe(403);
      const row = await t.db.selectFrom('uploads').select(['isHidden', 'approvedAt']).where('id', '=', upload.id).executeTakeFirstOrThrow();
      expect(row).toEqual({ isHidden: 1, approvedAt: null });
    });

    it('deletes an upload with its files, irreversibly', async () => {
      const upload = await fresh({ mp4: `accounts/${band}/uploads/del/video.mp4`, thumbnail: `/files/accounts/${band}/uploads/del/thumb.jpg` });
      const files = writeUploadFiles(t.dataDir, { ...upload, thumbnail: `accounts/${band}/uploads/del/thumb.jpg` });
      expect(files.every((file) => fs.existsSync(file))).toBe(true);
      await post('user', `/api/upload-videos/${upload.id}/hidden`);
      const response = await t.app.inject({ method: 'DELETE', url: `/api/upload-videos/${upload.id}`, headers: { cookie: as.user } });
      expect(response.statusCode).toBe(204);
      expect(files.filter((file) => fs.existsSync(file))).toEqual([]);
      expect(await t.db.selectFrom('uploads').select('id').where('id', '=', upload.id).executeTakeFirst()).toBeUndefined();
      expect(await t.db.selectFrom('uploadEvents').select('id').where('uploadId', '=', upload.id).execute()).toEqual([]);
      expect((await get('user', `/api/upload-videos/${upload.id}`)).statusCode).toBe(404);
    });
  });

  describe('bulk calls', () => {
    const many = (n: number, input: Partial<Parameters<typeof insertUpload>[1]> = {}) =>
      Promise.all(Array.from({ length: n }, () => insertUpload(t.db, { accountId: band, pageId: approvalPage.id, ...input }))).then((rows) =>
        rows.map((row) => row.id),
      );

    it('approves ten at once, each in its history', async () => {
      const ten = await many(10);
      const before = (await list('status=requires-approval')).requiresApprovalCount;
      const response = await post('user', `/api/accounts/${band}/videos/approve`, { ids: ten });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().ids.sort()).toEqual([...ten].sort());
      expect((await list('')).requiresApprovalCount).toBe(before - 10);
      const events = await t.db.selectFrom('uploadEvents').select('uploadId').where('uploadId', 'in', ten).where('action', '=', 'approved').execute();
      expect(events).toHaveLength(10);
    });

    it("changes nothing when one id is another account's", async () => {
      const two = await many(2);
      const response = await post('user', `/api/accounts/${band}/videos/hidden`, { ids: [...two, u.team] });
      expect(response.statusCode).toBe(404);
      const rows = await t.db.selectFrom('uploads').select('isHidden').where('id', 'in', two).execute();
      expect(rows.map((row) => row.isHidden)).toEqual([0, 0]);
      const del = await post('owner', `/api/accounts/${band}/videos/delete`, { ids: [two[0], u.team] });
      expect(del.statusCode).toBe(404);
      expect(await t.db.selectFrom('uploads').select('id').where('id', 'in', [two[0], u.team]).execute()).toHaveLength(2);
    });

    it('hides, shows, tags and deletes many', async () => {
      const three = await many(3, { pageId: openPage.id });
      expect((await post('user', `/api/accounts/${band}/videos/hidden`, { ids: three })).json().ids).toHaveLength(3);
      expect(ids(await list('status=hidden'))).toEqual(expect.arrayContaining(three));
      expect((await post('user', `/api/accounts/${band}/videos/show`, { ids: three })).json().ids).toHaveLength(3);
      const tagged = await post('user', `/api/accounts/${band}/videos/tags`, { ids: three, tags: ['bulk'] });
      expect(tagged.statusCode, tagged.body).toBe(200);
      expect(ids(await list('tag=bulk')).sort()).toEqual([...three].sort());
      expect((await post('user', `/api/accounts/${band}/videos/delete`, { ids: three })).json().ids).toHaveLength(3);
      expect(await t.db.selectFrom('uploads').select('id').where('id', 'in', three).execute()).toEqual([]);
    });

    it('refuses too many ids, no ids and long tags', async () => {
      const tooMany = Array.from({ length: 101 }, (_, i) => `id${i}`);
      expect((await post('user', `/api/accounts/${band}/videos/approve`, { ids: tooMany })).statusCode).toBe(400);
      expect((await post('user', `/api/accounts/${band}/videos/approve`, { ids: [] })).statusCode).toBe(400);
      expect((await post('user', `/api/accounts/${band}/videos/tags`, { ids: [u.march], tags: ['y'.repeat(21)] })).statusCode).toBe(400);
      expect((await get('user', `/api/accounts/${band}/download-videos?ids=${tooMany.join(',')}`)).statusCode).toBe(400);
    });

    it('streams one zip of the original files', async () => {
      const two = await Promise.all([0, 1].map(() => insertUpload(t.db, { accountId: band, pageId: openPage.id })));
      two.forEach((upload) => writeUploadFiles(t.dataDir, upload));
      const response = await get('readonly', `/api/accounts/${band}/download-videos?ids=${two.map((upload) => upload.id).join(',')}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('application/zip');
      expect(response.headers['content-disposition']).toMatch(/^attachment; filename="midnightowls-uploads-\d{4}-\d{2}-\d{2}\.zip"$/);
      const zip = response.rawPayload;
      expect(zip.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
      for (const upload of two) {
        expect(zip.includes(Buffer.from(`-${upload.id}.mov`))).toBe(true);
        expect(zip.includes(Buffer.from(`bytes of ${upload.id} ${upload.original}`))).toBe(true);
      }
      expect((await get('readonly', `/api/accounts/${band}/download-videos?ids=${two[0].id},${u.team}`)).statusCode).toBe(404);
    });
  });

  describe('GET /api/upload-videos (platform)', () => {
    it('lists every account with its name, filtered by account, status, type and dates', async () => {
      const all = await get('platform', '/api/upload-videos?limit=200');
      expect(all.statusCode, all.body).toBe(200);
      expect(ids(all.json())).toEqual(expect.arrayContaining([u.team, u.march]));
      expect(all.json().data.find((card: { id: string }) => card.id === u.team).account).toEqual({ name: 'Harbor City FC' });
      expect(ids((await get('platform', `/api/upload-videos?accountId=${team}`)).json())).toEqual([u.teamPhoto, u.team]);
      expect(ids((await get('platform', `/api/upload-videos?accountId=${team}&type=image`)).json())).toEqual([u.teamPhoto]);
      expect(ids((await get('platform', '/api/upload-videos?status=content-flagged&endDate=2024-12-31')).json())).toEqual([u.flagged]);
      expect(ids((await get('platform', '/api/upload-videos?startDate=2024-03-18&endDate=2024-03-18')).json())).toEqual([u.team]);
      expect((await get('platform', '/api/upload-videos?pageId=x')).statusCode).toBe(400);
      expect((await get('owner', '/api/upload-videos')).statusCode).toBe(403);
    });
  });

  describe("the dialog's Like (POST /api/accounts/{id}/videos/{videoId}/like)", () => {
    it("toggles one like per staff user, counted on the upload like a fan's, and says so in the dialog", async () => {
      const likingPage = await createPage(t.db, band, 'Liking Page');
      await t.db.updateTable('pages').set({ likingStatus: 'enabled' }).where('id', '=', likingPage.id).execute();
      const id = (await insertUpload(t.db, { accountId: band, pageId: likingPage.id, likeCount: 3 })).id;
      const like = (who: keyof typeof as, upload = id, account = band) => post(who, `/api/accounts/${account}/videos/${upload}/like`);
      const detail = async (who: keyof typeof as) => (await get(who, `/api/accounts/${band}/videos/${id}`)).json() as { likedByMe: boolean; likeCount: number };

      expect(await detail('owner')).toMatchObject({ likedByMe: false, likeCount: 3 });
      const first = await like('owner');
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toEqual({ liked: true, likeCount: 4 });
      expect(await detail('owner')).toMatchObject({ likedByMe: true, likeCount: 4 });
      // Another member likes too (a read-only member may: a like is not an edit); each has one.
      expect((await like('readonly')).json()).toEqual({ liked: true, likeCount: 5 });
      expect(await detail('user')).toMatchObject({ likedByMe: false, likeCount: 5 });
      expect((await like('owner')).json()).toEqual({ liked: false, likeCount: 4 });
      expect((await list(`pageId=${likingPage.id}`)).data[0]).toMatchObject({ id, likeCount: 4 });
      const row = await t.db.selectFrom('uploads').select('likeCount').where('id', '=', id).executeTakeFirstOrThrow();
      expect(Number(row.likeCount)).toBe(4);
    });

    it('refuses platform admins, pages with liking off, and uploads of another account', async () => {
      const off = await createPage(t.db, band, 'No Likes Page');
      await t.db.updateTable('pages').set({ likingStatus: 'disabled' }).where('id', '=', off.id).execute();
      const quiet = (await insertUpload(t.db, { accountId: band, pageId: off.id })).id;
      const refused = await post('owner', `/api/accounts/${band}/videos/${quiet}/like`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe('Likes are turned off on this page');
      const admin = await post('platform', `/api/accounts/${band}/videos/${u.march}/like`);
      expect(admin.statusCode).toBe(403);
      expect((await post('owner', `/api/accounts/${band}/videos/${u.team}/like`)).statusCode).toBe(404);
      expect((await post('owner', `/api/accounts/${band}/videos/${'x'.repeat(65)}/like`)).statusCode).toBe(400);
    });
  });
});
