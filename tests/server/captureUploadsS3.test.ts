import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { startS3rver, type TestS3 } from './s3Fixture';
import { createTestApp, testDatabases, type TestApp } from './helpers';
import { makeMedia, paddedMp4 } from './captureMedia';

const MB = 1024 * 1024;
const OWLS = { accountSlug: 'midnightowls', pageSlug: 'summertour2026' };

// The tus S3 path does not depend on the database: it runs once, on the first kind.
describe.each(testDatabases.slice(0, 1))('fan uploads stored in S3 (s3rver) on $name', (kind) => {
  let t: TestApp;
  let s3: TestS3;
  let work: string;
  let base: string;
  const media = makeMedia();

  beforeAll(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'fcc-tus-s3-'));
    s3 = await startS3rver(path.join(work, 's3'));
    const capture = { ...loadConfig({} as NodeJS.ProcessEnv).capture, chunkSize: 4 * MB };
    t = await createTestApp(kind, { config: { s3: s3.config, capture } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    media.cleanup();
    await t?.close();
    await s3?.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  const b64 = (value: string) => Buffer.from(value).toString('base64');
  const tusHeaders = { 'Tus-Resumable': '1.0.0' };
  const head = async (url: string) => Number((await fetch(url, { method: 'HEAD', headers: tusHeaders })).headers.get('upload-offset'));
  const patch = (url: string, offset: number, bytes: Buffer) =>
    fetch(url, {
      method: 'PATCH',
      headers: { ...tusHeaders, 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' },
      body: new Uint8Array(bytes),
    });

  it('takes an upload in several PATCHes, one cut off and resumed, into the bucket, and the pipeline processes it', async () => {
    const bytes = paddedMp4(media.mp4, 13 * MB);
    const created = await fetch(`${base}/api/public/uploads`, {
      method: 'POST',
      headers: {
        ...tusHeaders,
        'Upload-Length': String(bytes.length),
        'Upload-Metadata': `accountSlug ${b64(OWLS.accountSlug)},pageSlug ${b64(OWLS.pageSlug)},filename ${b64('clip.mp4')},filetype ${b64('video/mp4')}`,
      },
    });
    expect(created.status).toBe(201);
    const url = new URL(created.headers.get('location')!, base).toString();
    const id = url.split('/').pop()!;

    // First PATCH: 4 MB, below S3's 5 MB part minimum (kept as an incomplete part).
    expect((await patch(url, 0, bytes.subarray(0, 4 * MB))).status).toBe(204);
    expect(await head(url)).toBe(4 * MB);

    // Second PATCH cut off after 3 more MB of its 9 MB body.
    await new Promise<void>((resolve) => {
      const request = http.request(url, {
        method: 'PATCH',
        headers: {
          ...tusHeaders,
          'Upload-Offset': String(4 * MB),
          'Content-Type': 'application/offset+octet-stream',
          'Content-Length': String(bytes.length - 4 * MB),
        },
      });
      request.on('error', () => resolve());
      request.write(bytes.subarray(4 * MB, 7 * MB), () =>
        setTimeout(() => {
          request.destroy();
          resolve();
        }, 300),
      );
    });
    // The server keeps what arrived (at least the first PATCH); the client resumes from there.
    let offset = 0;
    await expect.poll(async () => (offset = await head(url)), { timeout: 20_000, interval: 100 }).toBeGreaterThanOrEqual(4 * MB);
    await expect.poll(async () => (await fetch(url, { method: 'HEAD', headers: tusHeaders })).status, { timeout: 20_000 }).toBe(200);
    offset = await head(url);
    expect(offset).toBeLessThanOrEqual(7 * MB);
    expect((await patch(url, 0, bytes.subarray(0, MB))).status).toBe(409);
    while (offset < bytes.length) {
      const next = Math.min(bytes.length, offset + 4 * MB);
      expect((await patch(url, offset, bytes.subarray(offset, next))).status).toBe(204);
      offset = next;
    }
    expect(await head(url)).toBe(bytes.length);
    // The finished object in the bucket holds exactly the bytes sent.
    expect(Buffer.from(await t.app.tusStore.read(id, 0, bytes.length)).equals(bytes)).toBe(true);

    const submitted = await t.app.inject({
      method: 'POST',
      url: `/api/public/pages/${OWLS.accountSlug}/${OWLS.pageSlug}/submissions`,
      payload: {
        uploadId: id,
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@example.com',
        country: 'United States',
        city: 'Austin',
        state: 'TX',
        venueCity: 'Denver, CO',
        song: 'Hollow Moon',
        website: '',
      },
    });
    expect(submitted.statusCode, submitted.body).toBe(201);
    const { uploadId } = submitted.json() as { uploadId: string };
    const upload = await t.db.selectFrom('uploads').selectAll().where('id', '=', uploadId).executeTakeFirstOrThrow();
    // Moved inside the bucket to the upload's original; the tus objects are gone.
    const probe = await t.app.deps.files.probe(upload.original, 12);
    expect(probe?.size).toBe(bytes.length);
    expect(probe?.head.subarray(4, 8).toString('latin1')).toBe('ftyp');
    await expect(t.app.tusStore.read(id, 0, 4)).rejects.toThrow();

    await t.app.deps.queue.start(1);
    await expect
      .poll(async () => (await t.db.selectFrom('uploads').select('encodingStatus').where('id', '=', uploadId).executeTakeFirstOrThrow()).encodingStatus, {
        timeout: 120_000,
        interval: 250,
      })
      .toBe('processed');
    const done = await t.db.selectFrom('uploads').selectAll().where('id', '=', uploadId).executeTakeFirstOrThrow();
    expect((await t.app.deps.files.probe(done.mp4!, 8))?.head.subarray(4, 8).toString('latin1')).toBe('ftyp');
  }, 180_000);
});
