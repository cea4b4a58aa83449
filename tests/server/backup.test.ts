import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { createDb, migrate, type Db } from '../../server/db';
import { newId } from '../../server/db/rows';
import { seedDemo } from '../../scripts/demoSeed';
import { demoAccounts, freshDb, signIn, testDatabases } from './helpers';
import { insertUpload } from './uploadFixtures';

const run = promisify(execFile);

/** A script of this repository run as `npm run <script>` runs it, with only the environment an operator sets. */
function script(file: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', file, ...args], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => resolve({ code, output }));
  });
}

async function startApp(dataDir: string, db: Db): Promise<FastifyInstance> {
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' } as NodeJS.ProcessEnv, { staticDir: undefined, baseUrl: 'http://localhost:3000' });
  const app = await buildApp(config, { db, logger: false });
  await app.ready();
  return app;
}

/**
 * `npm run backup` while the server runs and fans' uploads keep arriving, then
 * `npm run restore` into a fresh folder (PostgreSQL: pg_dump and pg_restore as the backup says),
 * and an app started there answers the same uploads list and serves the same bytes.
 */
describe.each(testDatabases)('backup and restore on $name', { timeout: 300_000 }, (kind) => {
  let dataDir: string;
  let db: Db;
  let url: string | undefined;
  let drop: () => Promise<void>;
  let app: FastifyInstance;
  let band: string;
  let pageId: string;
  const closers: (() => Promise<unknown>)[] = [];
  const clip = Buffer.from(Array.from({ length: 300_000 }, (_, i) => (i * 7919) % 251));

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fcc-backup-'));
    ({ db, url, drop } = await freshDb(kind, path.join(dataDir, 'app.sqlite')));
    await migrate(db);
    await seedDemo(db);
    app = await startApp(dataDir, db);
    ({ band } = await demoAccounts(db));
    pageId = (await db.selectFrom('pages').select('id').where('accountId', '=', band).executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => {
    for (const close of closers.reverse()) await close().catch(() => undefined);
    await app?.close();
    await db?.destroy();
    await drop?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const list = async (on: FastifyInstance) => {
    const cookie = await signIn(on, 'owner@example.com');
    const response = await on.inject({ method: 'GET', url: `/api/accounts/${band}/videos?page=1&limit=200&sort=createdAt&order=desc`, headers: { cookie } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { data: { id: string; mp4: string | null }[]; total: number };
  };
  /** Rows with their file addresses' signatures left out (they are dated by the hour). */
  const unsigned = (rows: unknown[]) => JSON.parse(JSON.stringify(rows).replace(/(https?:\/\/[^"?]*)\?[^"]*"/g, '$1"')) as unknown[];
  const fileAt = async (on: FastifyInstance, address: string) => {
    const { pathname, search } = new URL(address, 'http://localhost:3000');
    const response = await on.inject({ method: 'GET', url: pathname + search });
    expect(response.statusCode).toBe(200);
    return response.rawPayload;
  };

  it('copies the database and files of a running server, and an app on the restored folder answers the same', async () => {
    // A processed clip with its file, as the pipeline leaves it.
    const id = newId();
    const mp4 = `uploads/${band}/${id}/video.mp4`;
    const local = path.join(dataDir, 'clip.mp4');
    fs.writeFileSync(local, clip);
    await app.deps.files.putFromFile(local, mp4, 'video/mp4');
    await insertUpload(db, { id, accountId: band, pageId, mp4, createdAt: new Date().toISOString() });
    const before = await list(app);
    expect(before.data.find((row) => row.id === id)?.mp4).toBeTruthy();

    // Fans keep sending while the backup runs: each upload lands in its own transaction.
    let writing = true;
    const concurrent: string[] = [];
    const writer = (async () => {
      while (writing) {
        const row = await insertUpload(db, { accountId: band, pageId, createdAt: new Date(Date.parse('2027-01-01') + concurrent.length * 1000).toISOString() });
        concurrent.push(row.id);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    const backupDir = path.join(dataDir, 'backups', 'test');
    const backup = await script('scripts/backup.ts', [backupDir], { DATA_DIR: dataDir, ...(url ? { DATABASE_URL: url } : {}) });
    writing = false;
    await writer;
    expect(backup.code, backup.output).toBe(0);
    expect(concurrent.length).toBeGreaterThan(0);
    expect(fs.readFileSync(path.join(backupDir, 'files', mp4)).equals(clip)).toBe(true);

    const restoredDir = path.join(dataDir, 'restored');
    const restore = await script('scripts/restore.ts', [backupDir], { DATA_DIR: restoredDir });
    expect(restore.code, restore.output).toBe(0);
    let restoredDb: Db;
    if (kind.name === 'sqlite') {
      restoredDb = createDb({ sqliteFile: path.join(restoredDir, 'app.sqlite') });
    } else {
      // As the backup said: pg_dump, then pg_restore into a fresh database.
      expect(backup.output).toContain('pg_dump');
      const dump = path.join(backupDir, 'database.dump');
      await run('pg_dump', ['--format=custom', `--file=${dump}`, url!]);
      const fresh = await freshDb(kind);
      await fresh.db.destroy();
      closers.push(fresh.drop);
      await run('pg_restore', ['--no-owner', '--dbname', fresh.url!, dump]);
      restoredDb = createDb({ databaseUrl: fresh.url });
    }
    closers.push(() => restoredDb.destroy());
    const restored = await startApp(restoredDir, restoredDb);
    closers.push(() => restored.close());

    // The list as it was, plus the uploads that committed before the snapshot: never one without those before it.
    const after = await list(restored);
    const extra = after.data.filter((row) => !before.data.some((old) => old.id === row.id)).map((row) => row.id);
    if (kind.name === 'sqlite') {
      expect(new Set(extra)).toEqual(new Set(concurrent.slice(0, extra.length)));
      expect(unsigned(after.data.filter((row) => !extra.includes(row.id)))).toEqual(unsigned(before.data));
    }
    const clipRow = after.data.find((row) => row.id === id)!;
    expect((await fileAt(restored, clipRow.mp4!)).equals(clip)).toBe(true);
    // The signing key came along: an address handed out before the backup still works on the restored folder.
    expect((await fileAt(restored, before.data.find((row) => row.id === id)!.mp4!)).equals(clip)).toBe(true);
  });

  it('refuses to restore over a data folder in use unless --force, and to back up into a folder that is not empty', async () => {
    const backupDir = path.join(dataDir, 'backups', 'test');
    const refused = await script('scripts/restore.ts', [backupDir, '--data-dir', dataDir], {});
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('is not empty');
    expect(fs.existsSync(path.join(dataDir, 'files'))).toBe(true);

    const again = await script('scripts/backup.ts', [backupDir], { DATA_DIR: dataDir, ...(url ? { DATABASE_URL: url } : {}) });
    expect(again.code).toBe(1);
    expect(again.output).toContain('is not empty');

    const notABackup = await script('scripts/restore.ts', [path.join(dataDir, 'files'), '--data-dir', path.join(dataDir, 'elsewhere')], {});
    expect(notABackup.code).toBe(1);
    expect(notABackup.output).toContain('is not a backup folder');

    if (kind.name === 'sqlite') {
      const forced = path.join(dataDir, 'forced');
      fs.mkdirSync(path.join(forced, 'files', 'stale'), { recursive: true });
      fs.writeFileSync(path.join(forced, 'app.sqlite-wal'), 'not this one');
      const restore = await script('scripts/restore.ts', [backupDir, '--data-dir', forced, '--force'], {});
      expect(restore.code, restore.output).toBe(0);
      expect(fs.existsSync(path.join(forced, 'files', 'stale'))).toBe(false);
      expect(fs.existsSync(path.join(forced, 'app.sqlite-wal'))).toBe(false);
      const check = createDb({ sqliteFile: path.join(forced, 'app.sqlite') });
      expect(
        Number(
          (
            await check
              .selectFrom('uploads')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        ),
      ).toBeGreaterThan(0);
      await check.destroy();
    }
  });
});
