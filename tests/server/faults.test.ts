import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROCESS_UPLOAD_JOB } from '#shared/domain/constants';
import { migrate, type Db } from '../../server/db';
import { newId } from '../../server/db/rows';
import { LocalFileStore } from '../../server/files/local';
import { createQueue, type Queue } from '../../server/adapters/queue';
import { seedDemo } from '../../scripts/demoSeed';
import { makeClip, pendingUpload } from '../fixtures/media';
import { demoAccounts, freshDb, testDatabases } from './helpers';

const UPLOADS = 8;
const LEASE_SECONDS = 3;

/** A worker-only process (`npm run worker`) on this data folder and database. */
function startWorker(dataDir: string, databaseUrl: string | undefined, log: string): ChildProcess {
  const out = fs.openSync(log, 'a');
  return spawn(process.execPath, ['--import', 'tsx', 'server/worker.ts'], {
    // Only what a real deployment sets: the test runner's own variables (BASE_URL '/') are not for the server.
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATA_DIR: dataDir,
      WORKERS: '2',
      JOB_LEASE_SECONDS: String(LEASE_SECONDS),
      LOG_LEVEL: 'warn',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    stdio: ['ignore', out, out],
  });
}

async function until(what: string, probe: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe.each(testDatabases)('a worker killed mid-encode ($name)', { timeout: 600_000 }, (kind) => {
  let dataDir: string;
  let db: Db;
  let url: string | undefined;
  let drop: () => Promise<void>;
  let queue: Queue;
  let worker: ChildProcess | undefined;
  const ids: string[] = [];

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fcc-faults-'));
    ({ db, url, drop } = await freshDb(kind, path.join(dataDir, 'app.sqlite')));
    await migrate(db);
    await seedDemo(db);
    // Only the pipeline's own jobs here: nobody waits for a 'video processed' mail.
    await db.updateTable('users').set({ videoProcessedEmails: 0 }).execute();
    queue = createQueue(db);
    const { band } = await demoAccounts(db);
    const pageId = (await db.selectFrom('pages').select('id').where('accountId', '=', band).executeTakeFirstOrThrow()).id;
    // Sixteen encodes in all (two databases): the smallest clip that is still a real video with sound.
    const clip = makeClip(path.join(dataDir, 'clip.mp4'), { size: '160x120', seconds: 1 });
    const files = new LocalFileStore(path.join(dataDir, 'files'));
    // What 8 fan submissions leave: originals, pending rows and their queued jobs, each in one transaction.
    for (let i = 0; i < UPLOADS; i++) {
      const id = newId();
      const original = `uploads/${band}/${id}/original.mp4`;
      await files.putFromFile(clip, original, 'video/mp4');
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('uploads')
          .values(pendingUpload({ id, accountId: band, pageId, type: 'video', original }))
          .execute();
        await queue.enqueue(PROCESS_UPLOAD_JOB, { uploadId: id }, { db: trx });
      });
      ids.push(id);
    }
  });
  afterAll(async () => {
    worker?.kill('SIGKILL');
    await queue?.stop(1000);
    await db?.destroy();
    await drop?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const uploads = () =>
    db.selectFrom('uploads').select(['id', 'encodingStatus', 'moderationStatus', 'mp4', 'mp4Proxy', 'webm', 'thumbnail']).where('id', 'in', ids).execute();

  it('finishes every job after a restart, with no output made twice', async () => {
    const log = path.join(dataDir, 'worker.log');
    worker = startWorker(dataDir, url, log);
    // Mid-encode: some uploads reviewable, most still waiting.
    const withLog = (error: unknown) => {
      throw new Error(`${String(error)}\n${fs.readFileSync(log, 'utf8').slice(-3000)}`);
    };
    await until('the first encodes', async () => worker!.exitCode === null && (await uploads()).some((u) => u.mp4), 240_000).catch(withLog);
    const before = await uploads();
    expect(before.filter((u) => u.encodingStatus === 'processed').length).toBeLessThan(UPLOADS);
    worker.kill('SIGKILL');
    await new Promise((resolve) => worker!.once('exit', resolve));

    worker = startWorker(dataDir, url, log);
    await until(
      'every upload processed, moderated, with its full mp4 and its webm',
      // The full mp4 and the webm are jobs of their own, run side by side: either may end last.
      async () => (await uploads()).every((u) => u.encodingStatus === 'processed' && u.moderationStatus === 'processed' && !u.mp4Proxy && u.webm !== null),
      480_000,
    ).catch(withLog);

    const after = await uploads();
    expect(after).toHaveLength(UPLOADS);
    for (const u of after) {
      const dir = path.join(dataDir, 'files', path.dirname(u.mp4!));
      expect(fs.readdirSync(dir).sort()).toEqual(['original.mp4', 'poster-0.jpg', 'poster-1.jpg', 'poster-2.jpg', 'video.mp4', 'video.webm']);
      expect([u.webm, u.thumbnail]).toEqual([`${path.dirname(u.mp4!)}/video.webm`, `${path.dirname(u.mp4!)}/poster-0.jpg`]);
    }
    // One processing, one full mp4 and one webm job per upload (this clip is encoded: a review proxy
    // first), all done; processing makes the fingerprint and gives the moderation verdict itself,
    // and queues a moderation job of its own only when the model fails on a clip.
    await until(
      'the last jobs recorded',
      async () => {
        const counts = await queue.counts();
        return counts.queued === 0 && counts.active === 0 && counts.completed >= UPLOADS * 3;
      },
      60_000,
    );
    const counts = await queue.counts();
    expect({ ...counts, completed: undefined }).toEqual({ queued: 0, active: 0, completed: undefined, failed: 0 });
    expect(counts.completed).toBeGreaterThanOrEqual(UPLOADS * 3);
    expect(counts.completed).toBeLessThanOrEqual(UPLOADS * 4);
  });
});
