import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDb, testDatabases } from './helpers';
import { migrate, type Db } from '../../server/db';
import { seedDemo } from '../../scripts/demoSeed';
import { makeMedia, paddedMp4 } from './captureMedia';

const MB = 1024 * 1024;
const OWLS = { accountSlug: 'midnightowls', pageSlug: 'summertour2026' };
const postgres = testDatabases.find((kind) => kind.name === 'postgres');

/** One web process of the app (no workers) on the shared database and data folder; answers its base address once it is up. */
async function startWeb(env: Record<string, string>): Promise<{ child: ChildProcess; base: string }> {
  const port = 20000 + Math.floor(Math.random() * 20000);
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', BASE_URL: `http://127.0.0.1:${port}`, WORKERS: '0', LOG_LEVEL: 'warn' },
  });
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-4000)));
  const base = `http://127.0.0.1:${port}`;
  const until = Date.now() + 90_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the web process exited: ${errors}`);
    if ((await fetch(`${base}/healthz`).catch(() => undefined))?.ok) return { child, base };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the web process did not start: ${errors}`);
}

/**
 * Two web processes on PostgreSQL share the fans: one is killed outright in the
 * middle of an upload, and the fan's browser carries on with the other, which answers HEAD with
 * the offset the first one stored, takes the rest by PATCH and the submission: one upload with the
 * fan's exact bytes, nothing duplicated.
 */
describe.runIf(postgres)('a web process killed during uploads on PostgreSQL', () => {
  let db: Db;
  let drop: () => Promise<void>;
  let dataDir: string;
  let env: Record<string, string>;
  const media = makeMedia();
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    const fresh = await freshDb(postgres!);
    db = fresh.db;
    drop = fresh.drop;
    await migrate(db);
    await seedDemo(db);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fcc-two-web-'));
    env = { DATABASE_URL: fresh.url!, DATA_DIR: dataDir };
    // A fresh PostgreSQL database migrated and seeded while the other files keep both cores busy.
  }, 180_000);
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    media.cleanup();
    await db?.destroy();
    await drop?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('lets the other process take the fan’s HEAD, PATCH and submission after a SIGKILL', async () => {
    const [a, b] = await Promise.all([startWeb(env), startWeb(env)]);
    children.push(a.child, b.child);
    const bytes = paddedMp4(media.mp4, 6 * MB);
    const tus = { 'tus-resumable': '1.0.0' };
    const b64 = (value: string) => Buffer.from(value).toString('base64');
    const created = await fetch(`${a.base}/api/public/uploads`, {
      method: 'POST',
      headers: {
        ...tus,
        'upload-length': String(bytes.length),
        'upload-metadata': `accountSlug ${b64(OWLS.accountSlug)},pageSlug ${b64(OWLS.pageSlug)},filename ${b64('clip.mp4')},filetype ${b64('video/mp4')}`,
      },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const id = created.headers.get('location')!.split('/').pop()!;
    const half = 3 * MB;
    const first = await fetch(`${a.base}/api/public/uploads/${id}`, {
      method: 'PATCH',
      headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      body: new Uint8Array(bytes.subarray(0, half)),
    });
    expect(first.status).toBe(204);

    a.child.kill('SIGKILL');
    await new Promise((resolve) => a.child.once('exit', resolve));

    const head = await fetch(`${b.base}/api/public/uploads/${id}`, { method: 'HEAD', headers: tus });
    expect(head.status).toBe(200);
    const offset = Number(head.headers.get('upload-offset'));
    expect(offset).toBe(half);
    const rest = await fetch(`${b.base}/api/public/uploads/${id}`, {
      method: 'PATCH',
      headers: { ...tus, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
      body: new Uint8Array(bytes.subarray(offset)),
    });
    expect(rest.status).toBe(204);

    const body = {
      uploadId: id,
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      country: 'United States',
      city: 'Austin',
      state: 'TX',
      venueCity: 'Denver, CO',
      song: 'Hollow Moon',
      marketingConsent: false,
      website: '',
    };
    const submit = () =>
      fetch(`${b.base}/api/public/pages/${OWLS.accountSlug}/${OWLS.pageSlug}/submissions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const submitted = await submit();
    expect(submitted.status, await submitted.clone().text()).toBe(201);
    const { uploadId } = (await submitted.json()) as { uploadId: string };
    // The fan's browser sending it again (no answer seen) does not make a second upload.
    expect((await submit()).status).toBe(409);

    const uploads = await db.selectFrom('uploads').select(['id', 'original']).where('id', '=', uploadId).execute();
    expect(uploads).toHaveLength(1);
    const stored = fs.readFileSync(path.join(dataDir, 'files', ...uploads[0].original.split('/')));
    const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');
    expect(sha(stored)).toBe(sha(bytes));
    const submissions = await db.selectFrom('submissions').select('id').where('uploadId', '=', uploadId).execute();
    expect(submissions).toHaveLength(1);
  }, 180_000);
});
