import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, type Db } from '../../server/db';
import { seedDemo } from '../../scripts/demoSeed';
import { startS3rver, type TestS3 } from './s3Fixture';
import { makeMedia, paddedMp4 } from './captureMedia';
import { freshDb } from './helpers';

const MB = 1024 * 1024;
const OWLS = { accountSlug: 'midnightowls', pageSlug: 'summertour2026' };
const postgres = process.env.TEST_DATABASE_URL;

/** A server process of this repository (`server/main.ts` or `server/worker.ts`) with only the environment a deployment sets. */
function startProcess(entry: string, env: Record<string, string>, log: string): ChildProcess {
  const out = fs.openSync(log, 'a');
  return spawn(process.execPath, ['--import', 'tsx', entry], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', out, out],
  });
}

async function freePort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A round-robin HTTP proxy: request n goes to target n mod targets; it records which target took each request. */
function roundRobinProxy(targets: number[]) {
  const seen: { method: string; url: string; target: number }[] = [];
  let next = 0;
  const server = http.createServer((request, response) => {
    const target = targets[next++ % targets.length];
    seen.push({ method: request.method ?? '', url: request.url ?? '', target });
    const forward = http.request({ host: '127.0.0.1', port: target, method: request.method, path: request.url, headers: request.headers }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    forward.on('error', () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    request.pipe(forward);
  });
  return { server, seen };
}

async function until(what: string, probe: () => Promise<boolean>, timeoutMs: number, logs: string[]): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe().catch(() => false))) {
    if (Date.now() > deadline) {
      const tails = logs.map((log) => `${path.basename(log)}:\n${fs.existsSync(log) ? fs.readFileSync(log, 'utf8').slice(-2000) : ''}`).join('\n');
      throw new Error(`timed out waiting for ${what}\n${tails}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Two API processes (WORKERS=0) and one worker process on one PostgreSQL
 * database and one S3-compatible store behave as one. Needs PostgreSQL (several processes
 * cannot share an embedded SQLite file this way); CI sets TEST_DATABASE_URL.
 */
describe.skipIf(!postgres)('two API processes and a worker behind a round-robin proxy (PostgreSQL, s3rver)', { timeout: 600_000 }, () => {
  let work: string;
  let db: Db;
  let drop: () => Promise<void>;
  let s3: TestS3;
  let proxy: ReturnType<typeof roundRobinProxy>;
  let base: string;
  const children: ChildProcess[] = [];
  const logs: string[] = [];
  const apiPorts: number[] = [];
  const media = makeMedia();

  beforeAll(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'fcc-scale-'));
    const fresh = await freshDb({ name: 'postgres', url: postgres });
    ({ db, drop } = fresh);
    await migrate(db);
    await seedDemo(db);
    s3 = await startS3rver(path.join(work, 's3'));
    // One deployment: the same database, bucket and secrets for every process; each has its own scratch folder.
    const shared = {
      DATABASE_URL: fresh.url!,
      S3_BUCKET: s3.config.bucket,
      S3_ENDPOINT: s3.config.endpoint!,
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
      FILES_SECRET: 'scale-test-files-secret',
      VISITOR_SALT: 'scale-test-visitor-salt',
      TUS_CHUNK_SIZE: String(5 * MB),
    };
    for (const name of ['api-1', 'api-2']) {
      const port = await freePort();
      apiPorts.push(port);
      const log = path.join(work, `${name}.log`);
      logs.push(log);
      children.push(startProcess('server/main.ts', { ...shared, DATA_DIR: path.join(work, name), PORT: String(port), WORKERS: '0' }, log));
    }
    const workerLog = path.join(work, 'worker.log');
    logs.push(workerLog);
    children.push(startProcess('server/worker.ts', { ...shared, DATA_DIR: path.join(work, 'worker'), WORKERS: '1' }, workerLog));

    proxy = roundRobinProxy(apiPorts);
    await new Promise<void>((resolve) => proxy.server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(proxy.server.address() as AddressInfo).port}`;
    // Each API process is up when it serves the public page (first start transpiles the server: minutes on a busy machine).
    for (const port of apiPorts) {
      await until(
        `the API process on ${port}`,
        async () => (await fetch(`http://127.0.0.1:${port}/api/public/pages/${OWLS.accountSlug}/${OWLS.pageSlug}`)).status === 200,
        240_000,
        logs,
      );
    }
  }, 300_000);

  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    media.cleanup();
    await new Promise((resolve) => proxy?.server.close(resolve));
    await s3?.close();
    await db?.destroy();
    await drop?.();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('takes a fan upload whose tus requests land on different processes, and the worker processes it', async () => {
    const tus = { 'Tus-Resumable': '1.0.0' };
    const b64 = (value: string) => Buffer.from(value).toString('base64');
    const bytes = paddedMp4(media.mp4, 12 * MB);
    const created = await fetch(`${base}/api/public/uploads`, {
      method: 'POST',
      headers: {
        ...tus,
        'Upload-Length': String(bytes.length),
        'Upload-Metadata': `accountSlug ${b64(OWLS.accountSlug)},pageSlug ${b64(OWLS.pageSlug)},filename ${b64('clip.mp4')},filetype ${b64('video/mp4')}`,
      },
    });
    expect(created.status).toBe(201);
    const url = new URL(created.headers.get('location')!, base).toString();
    const id = url.split('/').pop()!;

    // PATCHes of 3 MB (below S3's 5 MB part: parts span processes), a HEAD after every second
    // one: with the proxy's rotation, consecutive PATCHes of this upload land on different processes.
    let offset = 0;
    for (let index = 0; offset < bytes.length; index++) {
      const end = Math.min(bytes.length, offset + 3 * MB);
      const answer = await fetch(url, {
        method: 'PATCH',
        headers: { ...tus, 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' },
        body: new Uint8Array(bytes.subarray(offset, end)),
      });
      expect(answer.status).toBe(204);
      offset = Number(answer.headers.get('upload-offset'));
      expect(offset).toBe(end);
      if (index % 2 === 1) expect(Number((await fetch(url, { method: 'HEAD', headers: tus })).headers.get('upload-offset'))).toBe(offset);
    }
    const patches = proxy.seen.filter((request) => request.method === 'PATCH' && request.url.endsWith(id));
    expect(new Set(patches.map((request) => request.target))).toEqual(new Set(apiPorts));

    const submitted = await fetch(`${base}/api/public/pages/${OWLS.accountSlug}/${OWLS.pageSlug}/submissions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
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
      }),
    });
    const body = await submitted.text();
    expect(submitted.status, body).toBe(201);
    const { uploadId } = JSON.parse(body) as { uploadId: string };

    // Only the worker runs jobs (both API processes have WORKERS=0).
    const upload = () =>
      db.selectFrom('uploads').select(['encodingStatus', 'moderationStatus', 'mp4', 'webm', 'thumbnail']).where('id', '=', uploadId).executeTakeFirstOrThrow();
    // Reviewable first (processed: mp4 and thumbnail), the webm after, as its own lowest-priority job.
    await until(
      'the worker to process the upload and make its webm',
      async () => {
        const row = await upload();
        return row.encodingStatus === 'processed' && row.webm !== null;
      },
      300_000,
      logs,
    );
    const done = await upload();
    expect([done.mp4, done.webm, done.thumbnail].every(Boolean)).toBe(true);
    // The outputs are in the bucket (reviewers read them through presigned GETs).
    expect((await fetch(`${s3.config.endpoint}/${s3.config.bucket}/${done.mp4}`)).status).toBe(200);
  });
});

if (!postgres) {
  describe('the multi-process scale test', () => {
    it.skip('needs PostgreSQL: set TEST_DATABASE_URL (CI does) to run two API processes and a worker on one database', () => {});
  });
}
