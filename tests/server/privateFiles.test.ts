import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, demoAccounts, signIn, testDatabases, type TestApp } from './helpers';
import { insertUpload, writeUploadFiles } from './uploadFixtures';
import { startS3rver, type TestS3 } from './s3Fixture';
import { newId } from '../../server/db/rows';
import type { Upload } from '../../server/db/types';
import { FILE_AUDIENCES } from '../../server/files/signedUrls';

/**
 * Fans' files are private: an original, and every output of an upload, is
 * read only through the signed, expiring addresses the API hands to staff and to the wall,
 * never by its plain path; an altered or expired address is refused.
 */
interface Card {
  id: string;
  original: string;
  mp4: string | null;
  thumbnail: string | null;
}

const keysOf = (accountId: string, id: string) => ({
  original: `uploads/${accountId}/${id}/original.mov`,
  mp4: `uploads/${accountId}/${id}/video.mp4`,
  thumbnail: `uploads/${accountId}/${id}/thumbnail.jpg`,
});

describe.each(testDatabases)('private fan files on $name', (kind) => {
  let t: TestApp;
  let band: string;
  let pageId: string;
  let owner: string;
  let shown: Upload;
  let hidden: Upload;

  beforeAll(async () => {
    t = await createTestApp(kind);
    band = (await demoAccounts(t.db)).band;
    const page = await t.db.selectFrom('pages').select('id').where('accountId', '=', band).where('slug', '=', 'summertour2026').executeTakeFirstOrThrow();
    pageId = page.id;
    await t.db.updateTable('pages').set({ requireApproval: 0 }).where('id', '=', pageId).execute();
    owner = await signIn(t.app, 'owner@example.com');
    const make = async (input: Partial<Upload>) => {
      const id = newId();
      const upload = await insertUpload(t.db, { id, accountId: band, pageId, ...keysOf(band, id), ...input });
      writeUploadFiles(t.dataDir, upload);
      return upload;
    };
    shown = await make({ createdAt: '2026-11-20T10:00:00.000Z' });
    hidden = await make({ createdAt: '2026-11-20T11:00:00.000Z', isHidden: 1 });
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const cards = async () => {
    const response = await get(`/api/accounts/${band}/videos?limit=50`, owner);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: Card[] }>().data;
  };
  const cardOf = async (id: string) => (await cards()).find((card) => card.id === id)!;

  it('refuses every file of an upload by its plain path, shown on the wall or not', async () => {
    for (const upload of [shown, hidden]) {
      for (const key of Object.values(keysOf(band, upload.id))) {
        const response = await get(`/files/${key}`);
        expect(response.statusCode, key).toBe(404);
        expect(response.body).not.toContain('bytes of');
      }
    }
    // Signed in is not enough without the address the API gave.
    expect((await get(`/files/${shown.original}`, owner)).statusCode).toBe(404);
  });

  it('gives staff signed addresses that read the original and the outputs, cached privately', async () => {
    const card = await cardOf(hidden.id);
    for (const url of [card.original, card.mp4!, card.thumbnail!]) {
      expect(url).toMatch(/^\/files\/uploads\/.+\?expires=\d+&signature=[0-9a-f]{64}$/);
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain(`bytes of ${hidden.id}`);
      expect(response.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    }
    // The content dialog's addresses are signed too.
    const detail = await get(`/api/accounts/${band}/videos/${hidden.id}`, owner);
    expect(detail.statusCode).toBe(200);
    expect((await get(detail.json<Card>().original)).statusCode).toBe(200);
  });

  it('refuses an altered address, another file with a valid signature, and an expired one', async () => {
    const card = await cardOf(hidden.id);
    const altered = card.original.replace(/signature=([0-9a-f])/, (_, c: string) => `signature=${c === '0' ? '1' : '0'}`);
    const wrong = await get(altered);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe('This link to the file is not valid');

    const query = card.original.split('?')[1];
    expect((await get(`/files/${hidden.mp4}?${query}`)).statusCode).toBe(403);
    const later = card.original.replace(/expires=(\d+)/, (_, n: string) => `expires=${Number(n) + 3600}`);
    expect((await get(later)).statusCode).toBe(403);

    const { windowSeconds, validSeconds } = FILE_AUDIENCES.staff;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + (windowSeconds + validSeconds + 60) * 1000);
    const expired = await get(card.original);
    expect(expired.statusCode).toBe(403);
    expect(expired.json().message).toBe('This link to the file has expired; open the upload again for a new one');
  });

  it('gives the wall signed addresses of what it shows, the same for every visitor, and never the original', async () => {
    const wall = await get('/api/public/pages/midnightowls/summertour2026/wall');
    expect(wall.statusCode, wall.body).toBe(200);
    const items = wall.json<{ data: { id: string; mp4: string; image: string }[] }>().data;
    expect(items.map((item) => item.id)).toContain(shown.id);
    expect(items.map((item) => item.id)).not.toContain(hidden.id);
    expect(wall.body).not.toContain('original');
    const item = items.find((i) => i.id === shown.id)!;
    const again = (await get('/api/public/pages/midnightowls/summertour2026/wall')).json<{ data: { id: string; mp4: string }[] }>().data;
    expect(again.find((i) => i.id === shown.id)!.mp4).toBe(item.mp4);
    for (const url of [item.mp4, item.image]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain(`bytes of ${shown.id}`);
    }
  });

  it('keeps account branding public and cached forever', async () => {
    const key = `accounts/${band}/logo/${newId()}/logo.png`;
    const file = path.join(t.dataDir, 'files', ...key.split('/'));
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, 'png bytes');
    const response = await get(`/files/${key}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

// Presigned GETs do not depend on the database: once, on the first kind.
describe.each(testDatabases.slice(0, 1))('private fan files in S3 (s3rver) on $name', (kind) => {
  let t: TestApp;
  let s3: TestS3;
  let work: string;
  let band: string;
  let upload: Upload;

  beforeAll(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'fcc-private-s3-'));
    s3 = await startS3rver(path.join(work, 's3'));
    t = await createTestApp(kind, { config: { s3: s3.config } });
    band = (await demoAccounts(t.db)).band;
    const page = await t.db.selectFrom('pages').select('id').where('accountId', '=', band).where('slug', '=', 'summertour2026').executeTakeFirstOrThrow();
    const id = newId();
    upload = await insertUpload(t.db, { id, accountId: band, pageId: page.id, ...keysOf(band, id), isHidden: 1 });
    const client = new S3Client({
      region: s3.config.region,
      endpoint: s3.config.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: s3.config.accessKeyId!, secretAccessKey: s3.config.secretAccessKey! },
    });
    await client.send(new PutObjectCommand({ Bucket: s3.config.bucket, Key: upload.original, Body: 'the original', ContentType: 'video/quicktime' }));
    client.destroy();
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  const originalUrl = async () => {
    const owner = await signIn(t.app, 'owner@example.com');
    const response = await t.app.inject({ method: 'GET', url: `/api/accounts/${band}/videos?limit=50`, headers: { cookie: owner } });
    return new URL(response.json<{ data: Card[] }>().data.find((c) => c.id === upload.id)!.original);
  };

  it('hands staff a presigned GET of the original that the bucket answers, until it expires', async () => {
    const url = await originalUrl();
    expect(url.pathname).toBe(`/${s3.config.bucket}/${upload.original}`);
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(Number(url.searchParams.get('X-Amz-Expires'))).toBeGreaterThan(FILE_AUDIENCES.staff.validSeconds - 1);
    const read = await fetch(url);
    expect(read.status).toBe(200);
    expect(await read.text()).toBe('the original');
    expect(read.headers.get('cache-control')).toBe(`private, max-age=${FILE_AUDIENCES.staff.validSeconds}`);

    const { windowSeconds, validSeconds } = FILE_AUDIENCES.staff;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() - (windowSeconds + validSeconds + 60) * 1000);
    const old = await originalUrl();
    vi.useRealTimers();
    const expired = await fetch(old);
    expect(expired.status).toBe(403);
    expect(await expired.text()).toContain('Request has expired');
  });
});
