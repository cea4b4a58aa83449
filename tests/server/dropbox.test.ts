import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPage } from '../../server/services/pages';
import { copyUploadToDropbox } from '../../server/services/dropbox';
import { announceProcessed } from '../../server/services/uploadAnnouncements';
import { DROPBOX_COPY_JOB } from '#shared/domain/integrations';
import { createDropboxClient } from '../../server/adapters/dropbox';
import { createTestApp, demoAccounts, signIn, testDatabases, type TestApp } from './helpers';
import { insertSubmission, insertUpload } from './uploadFixtures';
import { startFakeDropbox } from './fakeDropbox';

describe.each(testDatabases)('the Dropbox integration on $name', (kind) => {
  let t: TestApp;
  let dropbox: Awaited<ReturnType<typeof startFakeDropbox>>;
  let owner: string;
  let band: string;
  let team: string;

  beforeAll(async () => {
    dropbox = await startFakeDropbox();
    t = await createTestApp(kind, { config: { dropbox: dropbox.config, secretsKey: 'a-test-secrets-key-of-thirty-two-chars!' } });
    ({ band, team } = await demoAccounts(t.db));
    owner = await signIn(t.app, 'owner@example.com');
  });
  afterAll(async () => {
    await t?.close();
    await dropbox?.close();
  });

  const get = (url: string, cookie = owner) => t.app.inject({ method: 'GET', url, headers: { cookie, 'sec-fetch-site': 'same-origin' } });
  const integration = async () => (await get(`/api/accounts/${band}/integrations`)).json().dropbox;

  /** Follows the authorize url through the fake Dropbox and answers where our callback sends the browser. */
  async function connect(cookie = owner): Promise<string> {
    const { url } = (await get(`/api/accounts/${band}/connect-dropbox`, cookie)).json();
    const consent = await fetch(url, { redirect: 'manual' });
    const callback = new URL(consent.headers.get('location')!);
    const back = await get(`${callback.pathname}${callback.search}`, cookie);
    expect(back.statusCode).toBe(302);
    return back.headers.location as string;
  }

  it('is a plan feature: a free account gets the upgrade prompt', async () => {
    const response = await get(`/api/accounts/${team}/connect-dropbox`);
    expect(response.statusCode).toBe(402);
    expect(response.json().message).toMatch(/upgrade/);
    expect((await get(`/api/accounts/${team}/integrations`)).json().dropbox).toMatchObject({ available: false, connected: false });
  });

  it('connects with PKCE and offline access, keeping the refresh token encrypted', async () => {
    expect(await integration()).toMatchObject({ available: true, configured: true, connected: false, status: 'disconnected' });
    const { url } = (await get(`/api/accounts/${band}/connect-dropbox`)).json();
    const authorize = new URL(url);
    expect(authorize.origin + authorize.pathname).toBe(dropbox.config.authorizeUrl);
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
      client_id: 'fake-app-key',
      response_type: 'code',
      token_access_type: 'offline',
      code_challenge_method: 'S256',
      redirect_uri: 'http://localhost:3000/api/integrations/dropbox/callback',
    });
    expect(await connect()).toBe('/account-settings?integration=dropbox');
    expect(await integration()).toMatchObject({ connected: true, status: 'connected', error: null });
    const secret = await t.db.selectFrom('integrationSecrets').select('secret').where('accountId', '=', band).executeTakeFirstOrThrow();
    expect(secret.secret).toMatch(/^v1\./);
    expect(secret.secret).not.toMatch(/rt-/);
  });

  it('returns to account configuration with integrationErr for a state it did not start, or a refusal', async () => {
    const forged = await get('/api/integrations/dropbox/callback?code=abc&state=not-ours');
    expect(forged.headers.location).toBe('/account-settings?integrationErr=invalid_state');
    const { url } = (await get(`/api/accounts/${band}/connect-dropbox`)).json();
    const state = new URL(url).searchParams.get('state');
    const denied = await get(`/api/integrations/dropbox/callback?error=access_denied&state=${state}`);
    expect(denied.headers.location).toBe('/account-settings?integrationErr=access_denied');
    // A state is used once.
    const again = await get(`/api/integrations/dropbox/callback?code=abc&state=${state}`);
    expect(again.headers.location).toBe('/account-settings?integrationErr=invalid_state');
  });

  it('queues a copy when an upload is approved and writes it to /{page name}/{date} {fan name}.mp4', async () => {
    const page = await createPage(t.db, band, 'Encore Night');
    await t.db.updateTable('pages').set({ requireApproval: 1 }).where('id', '=', page.id).execute();
    const video = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fcc-dbx-')), 'clip.mp4');
    fs.writeFileSync(video, Buffer.from('a tiny mp4 stand-in'));
    const key = `uploads/${band}/dropbox-clip/video.mp4`;
    await t.app.deps.files.putFromFile(video, key, 'video/mp4');
    const upload = await insertUpload(t.db, { accountId: band, pageId: page.id, mp4: t.app.deps.files.publicUrl(key), createdAt: '2026-07-04T20:15:00.000Z' });
    await insertSubmission(t.db, { accountId: band, pageId: page.id, uploadId: upload.id, firstName: 'Jamie', lastName: 'Lee' });
    const queue = t.app.deps.queue;
    const enqueue = queue.enqueue.bind(queue);
    const kinds: string[] = [];
    queue.enqueue = (kind, payload, options) => (kinds.push(kind), enqueue(kind, payload, options));
    try {
      const approved = await t.app.inject({ method: 'POST', url: `/api/upload-videos/${upload.id}/approve`, headers: { cookie: owner } });
      expect(approved.statusCode).toBeLessThan(300);
    } finally {
      queue.enqueue = enqueue;
    }
    expect(kinds.filter((kind) => kind === DROPBOX_COPY_JOB)).toHaveLength(1);
    // What the job runs (twice, as at-least-once delivery may): one file, overwritten.
    await copyUploadToDropbox(t.app.deps, upload.id);
    await copyUploadToDropbox(t.app.deps, upload.id);
    expect(dropbox.files.get('/Encore Night/2026-07-04 Jamie Lee.mp4')?.toString()).toBe('a tiny mp4 stand-in');
    expect(dropbox.files.size).toBe(1);
  });

  it('queues a copy when an upload on a page that asks no approval is processed, and waits for approval elsewhere', async () => {
    const queued: { kind: string; payload: object }[] = [];
    const deps = { ...t.app.deps, queue: { ...t.app.deps.queue, enqueue: async (kind: string, payload: object) => (queued.push({ kind, payload }), 'job') } };
    const open = await createPage(t.db, band, 'Open Mic');
    const reviewed = await createPage(t.db, band, 'Reviewed Night');
    await t.db.updateTable('pages').set({ requireApproval: 0 }).where('id', '=', open.id).execute();
    await t.db.updateTable('pages').set({ requireApproval: 1 }).where('id', '=', reviewed.id).execute();
    const straight = await insertUpload(t.db, { accountId: band, pageId: open.id });
    const waiting = await insertUpload(t.db, { accountId: band, pageId: reviewed.id });
    await announceProcessed(deps, t.db, straight);
    await announceProcessed(deps, t.db, waiting);
    expect(queued.filter((job) => job.kind === DROPBOX_COPY_JOB).map((job) => job.payload)).toEqual([{ uploadId: straight.id }]);
  });

  it('sends large files through an upload session', async () => {
    const client = createDropboxClient({ ...dropbox.config }, { chunkSize: 1024, singleMax: 2048 });
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fcc-dbx-')), 'big.mp4');
    const bytes = Buffer.from(Array.from({ length: 5000 }, (_, i) => i % 251));
    fs.writeFileSync(file, bytes);
    // The account's connection, as the job would use it.
    const { secretBoxFor } = await import('../../server/services/secretBox');
    const sealed = (await t.db.selectFrom('integrationSecrets').select('secret').where('accountId', '=', band).executeTakeFirstOrThrow()).secret;
    const access = await client.accessToken(secretBoxFor(t.config).open(sealed));
    await client.upload(access, '/Big/clip.mp4', file);
    expect(dropbox.files.get('/Big/clip.mp4')?.equals(bytes)).toBe(true);
  });

  it('shows a revoked connection in account configuration and stops retrying', async () => {
    const page = await t.db.selectFrom('pages').select('id').where('accountId', '=', band).where('name', '=', 'Encore Night').executeTakeFirstOrThrow();
    const upload = await t.db.selectFrom('uploads').select('id').where('pageId', '=', page.id).executeTakeFirstOrThrow();
    dropbox.revokeAll();
    // Resolves (no retry) and marks the connection broken.
    await expect(copyUploadToDropbox(t.app.deps, upload.id)).resolves.toBeUndefined();
    expect(await integration()).toMatchObject({ connected: false, status: 'broken', error: 'revoked' });
  });

  it('disconnects: revokes the token at Dropbox and forgets it', async () => {
    expect(await connect()).toBe('/account-settings?integration=dropbox');
    const response = await t.app.inject({ method: 'DELETE', url: `/api/accounts/${band}/dropbox`, headers: { cookie: owner } });
    expect(response.statusCode).toBe(200);
    expect(response.json().dropbox).toMatchObject({ connected: false, status: 'disconnected' });
    expect(dropbox.revoked).toHaveLength(1);
    expect(await t.db.selectFrom('integrationSecrets').selectAll().where('accountId', '=', band).execute()).toEqual([]);
  });

  it("lets members who may edit ('user (can edit, cannot manage users)') connect or disconnect; read-only members see the state", async () => {
    const user = await signIn(t.app, 'user@example.com');
    const started = await get(`/api/accounts/${band}/connect-dropbox`, user);
    expect(started.statusCode).toBe(200);
    expect(started.json().url).toBeTruthy();
    const readonly = await signIn(t.app, 'readonly@example.com');
    expect((await get(`/api/accounts/${band}/connect-dropbox`, readonly)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/accounts/${band}/dropbox`, headers: { cookie: readonly } })).statusCode).toBe(403);
    expect((await get(`/api/accounts/${band}/integrations`, readonly)).statusCode).toBe(200);
  });
});
