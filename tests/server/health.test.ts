import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROCESS_UPLOAD_JOB } from '#shared/domain/constants';
import { measureEncode } from '../../server/metrics';
import { makeMedia } from './captureMedia';
import { createTestApp, testDatabases, type TestApp } from './helpers';

const TOKEN = 'metrics-token-for-the-tests';
const HARBOR = { accountSlug: 'harborcityfc', pageSlug: 'matchdaymoments' };

/** The value of one sample line of a Prometheus text answer (undefined when absent). */
function sample(text: string, line: string): number | undefined {
  const found = text.split('\n').find((l) => l.startsWith(`${line} `));
  return found === undefined ? undefined : Number(found.slice(line.length + 1));
}

describe.each(testDatabases)('health, readiness and metrics on $name', (kind) => {
  let t: TestApp;
  let base: string;
  const media = makeMedia();

  beforeAll(async () => {
    t = await createTestApp(kind, { config: { metricsToken: TOKEN } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    media.cleanup();
    await t?.close();
  });

  const metrics = (authorization?: string) => t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

  it('answers /healthz without a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('answers /readyz 200 when database, storage and queue answer, and 503 naming storage (and nothing internal) when the files folder is gone', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode, ready.body).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', checks: { database: 'ok', storage: 'ok', queue: 'ok' }, failed: [] });

    const files = path.join(t.dataDir, 'files');
    fs.renameSync(files, `${files}.away`);
    try {
      const down = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ status: 'unavailable', checks: { database: 'ok', storage: 'failed', queue: 'ok' }, failed: ['storage'] });
      expect(down.body).not.toContain(t.dataDir);
      expect(down.body).not.toMatch(/ENOENT|Error/);
    } finally {
      fs.renameSync(`${files}.away`, files);
    }
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('refuses /metrics without the bearer token, and answers 404 when no token is configured', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-of-any-length', `Basic ${TOKEN}`, TOKEN]) {
      const response = await metrics(authorization);
      expect(response.statusCode, String(authorization)).toBe(401);
      expect(response.body).not.toContain('fcc_');
    }
    const unset = await createTestApp(kind, { seed: false });
    try {
      const response = await unset.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(response.statusCode).toBe(404);
    } finally {
      await unset.close();
    }
  });

  it('counts requests by route pattern, the queue backlog by kind, fan uploads received and encodes', async () => {
    const before = (await metrics(`Bearer ${TOKEN}`)).body;
    const received = sample(before, 'fcc_uploads_received_total') ?? 0;

    // A fan's upload by tus, then the submission: one upload received and one job waiting.
    const bytes = media.mp4;
    const created = await fetch(`${base}/api/public/uploads`, {
      method: 'POST',
      headers: {
        'Tus-Resumable': '1.0.0',
        'Upload-Length': String(bytes.length),
        'Upload-Metadata': Object.entries({ ...HARBOR, filename: 'clip.mp4', filetype: 'video/mp4' })
          .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
          .join(','),
      },
    });
    expect(created.status).toBe(201);
    const tusId = created.headers.get('location')!.split('/').pop()!;
    const patched = await fetch(`${base}/api/public/uploads/${tusId}`, {
      method: 'PATCH',
      headers: { 'Tus-Resumable': '1.0.0', 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
      body: new Uint8Array(bytes),
    });
    expect(patched.status).toBe(204);
    const fields = { uploadId: tusId, firstName: 'Sam', lastName: 'Kerr', email: 'sam@example.com', country: 'UK', phone: '+44 20 7946 0000', zip: 'SW1A 1AA' };
    const submitted = await t.app.inject({ method: 'POST', url: `/api/public/pages/${HARBOR.accountSlug}/${HARBOR.pageSlug}/submissions`, payload: fields });
    expect(submitted.statusCode, submitted.body).toBe(201);
    // A job that has been due for a minute makes the age figure.
    await t.app.deps.queue.enqueue(PROCESS_UPLOAD_JOB, { uploadId: 'an-old-one' }, { runAt: new Date(Date.now() - 60_000) });
    // One encode that fails and one that works.
    await expect(measureEncode('webm', Promise.reject(new Error('ffmpeg exited with 1')))).rejects.toThrow('ffmpeg exited');
    await measureEncode('mp4', Promise.resolve());
    await t.app.inject({ method: 'GET', url: '/api/pages/no-such-page' });

    const response = await metrics(`Bearer ${TOKEN}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    const text = response.body;
    expect(sample(text, 'fcc_uploads_received_total')).toBe(received + 1);
    expect(sample(text, `fcc_queue_jobs{kind="${PROCESS_UPLOAD_JOB}",state="queued"}`)).toBeGreaterThanOrEqual(2);
    expect(sample(text, `fcc_queue_oldest_due_age_seconds{kind="${PROCESS_UPLOAD_JOB}"}`)).toBeGreaterThanOrEqual(59);
    // Routes by their pattern, never the raw URL.
    expect(sample(text, 'fcc_http_request_duration_seconds_count{route="/readyz",method="GET",status="2xx"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'fcc_http_request_duration_seconds_count{route="/api/pages/:id",method="GET",status="4xx"}')).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain('no-such-page');
    expect(sample(text, 'fcc_encode_failures_total{output="webm"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'fcc_encode_duration_seconds_count{output="mp4",result="ok"}')).toBeGreaterThanOrEqual(1);
    expect(text).toContain('fcc_process_resident_memory_bytes');
    // The event loop's delay since the previous scrape: what a request waits behind work on the web thread.
    expect(sample(text, 'fcc_nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
  });
});
