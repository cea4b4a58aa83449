import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
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
import { sweepDeadWorkersTempDirs } from '../../server/jobs/tempDirs';
import { makeClip, pendingUpload } from '../fixtures/media';
import { demoAccounts, freshDb, testDatabases } from './helpers';

const LEASE_SECONDS = 3;
const GRACE_SECONDS = 1;

/** pid, name and parent of every process, from /proc (Linux). A zombie counts as gone. */
function processes(): { pid: number; name: string; ppid: number }[] {
  const list: { pid: number; name: string; ppid: number }[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // pid (name) state ppid ...: the name may hold spaces and parentheses, so read around the last ')'.
      const close = stat.lastIndexOf(')');
      const [state, ppid] = stat.slice(close + 2).split(' ');
      if (state !== 'Z') list.push({ pid: Number(entry), name: stat.slice(stat.indexOf('(') + 1, close), ppid: Number(ppid) });
    } catch {
      // gone meanwhile
    }
  }
  return list;
}

async function until<T>(what: string, probe: () => Promise<T | undefined | false> | T | undefined | false, timeoutMs: number, log?: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what}${log && fs.existsSync(log) ? `\n${fs.readFileSync(log, 'utf8').slice(-3000)}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * A worker killed outright (SIGKILL) mid-encode leaves no ffmpeg running on
 * (it is spawned so the kernel kills it with its parent) and its scratch folder is removed by
 * the next worker's start-up sweep; SIGTERM stops the worker within its grace time, handing the
 * running job back. The clip is made big enough that its encode is still running when killed.
 */
describe.skipIf(process.platform !== 'linux').each(testDatabases)('a worker process killed or stopped mid-encode ($name)', { timeout: 600_000 }, (kind) => {
  let dataDir: string;
  let tmpDir: string;
  let db: Db;
  let url: string | undefined;
  let drop: () => Promise<void>;
  let queue: Queue;
  let files: LocalFileStore;
  let clip: string;
  let band: string;
  let pageId: string;
  const workers: ChildProcess[] = [];
  const log = () => path.join(dataDir, 'worker.log');

  function startWorker(): ChildProcess {
    const out = fs.openSync(log(), 'a');
    const worker = spawn(process.execPath, ['--import', 'tsx', 'server/worker.ts'], {
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        // The worker's scratch folders go here, where the test can see them and nothing else is.
        TMPDIR: tmpDir,
        DATA_DIR: dataDir,
        WORKERS: '1',
        JOB_LEASE_SECONDS: String(LEASE_SECONDS),
        SHUTDOWN_GRACE_SECONDS: String(GRACE_SECONDS),
        LOG_LEVEL: 'info',
        ...(url ? { DATABASE_URL: url } : {}),
      },
      stdio: ['ignore', out, out],
    });
    workers.push(worker);
    return worker;
  }

  async function queueUpload(): Promise<string> {
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
    return id;
  }

  /** Whether `pid` descends from `ancestor` (the worker starts its tools through a process of its own). */
  const descends = (pid: number, ancestor: number, all = processes()): boolean => {
    const parent = all.find((p) => p.pid === pid)?.ppid;
    return parent !== undefined && parent > 1 && (parent === ancestor || descends(parent, ancestor, all));
  };

  /** The worker's ffmpeg, once it is encoding (ffprobe runs first). */
  const encoderOf = (worker: ChildProcess) =>
    until(
      'the worker to start encoding',
      () => {
        if (worker.exitCode !== null) throw new Error(`the worker exited with ${worker.exitCode}\n${fs.readFileSync(log(), 'utf8').slice(-3000)}`);
        const all = processes();
        return all.find((p) => p.name === 'ffmpeg' && descends(p.pid, worker.pid!, all));
      },
      240_000,
      log(),
    );
  const scratchOf = (pid: number) => fs.readdirSync(tmpDir).filter((name) => name.startsWith(`fcc-upload-${pid}-`));
  const encoded = async (id: string) =>
    (await db.selectFrom('uploads').select('encodingStatus').where('id', '=', id).executeTakeFirstOrThrow()).encodingStatus === 'processed';
  const exited = (worker: ChildProcess) =>
    new Promise<void>((resolve) => (worker.exitCode !== null || worker.signalCode !== null ? resolve() : worker.once('exit', () => resolve())));

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fcc-kill-'));
    tmpDir = path.join(dataDir, 'tmp');
    fs.mkdirSync(tmpDir);
    ({ db, url, drop } = await freshDb(kind, path.join(dataDir, 'app.sqlite')));
    await migrate(db);
    await seedDemo(db);
    await db.updateTable('users').set({ videoProcessedEmails: 0 }).execute();
    queue = createQueue(db);
    ({ band } = await demoAccounts(db));
    pageId = (await db.selectFrom('pages').select('id').where('accountId', '=', band).executeTakeFirstOrThrow()).id;
    // Seconds of encoding on a busy machine: long enough to be caught mid-encode.
    clip = makeClip(path.join(dataDir, 'clip.mp4'), { size: '1280x720', seconds: 12 });
    files = new LocalFileStore(path.join(dataDir, 'files'));
  });
  afterAll(async () => {
    for (const worker of workers) worker.kill('SIGKILL');
    await queue?.stop(1000);
    await db?.destroy();
    await drop?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('SIGKILL: its ffmpeg dies with it, and the next worker sweeps its scratch folder and finishes the job', async () => {
    const id = await queueUpload();
    const first = startWorker();
    const encoder = await encoderOf(first);
    expect(scratchOf(first.pid!)).toHaveLength(1);

    first.kill('SIGKILL');
    await exited(first);
    await until("the killed worker's ffmpeg to be gone", () => !processes().some((p) => p.pid === encoder.pid), 5000);
    // Its `finally` never ran: the folder is still there until a worker starts.
    expect(scratchOf(first.pid!)).toHaveLength(1);

    const second = startWorker();
    await until('the start-up sweep', () => scratchOf(first.pid!).length === 0, 60_000, log());
    await until('the upload encoded by the next worker', () => encoded(id), 300_000, log());
    // Its webm, the lowest-priority job, may be encoding now (a niced ffmpeg crawls while the rest
    // of the suite runs): stopped, the second worker hands it back and keeps nothing behind either.
    second.kill('SIGTERM');
    await exited(second);
    expect(fs.readdirSync(tmpDir).filter((name) => name.startsWith('fcc-upload-'))).toEqual([]);
  });

  it('SIGTERM: the worker stops within its grace time, its ffmpeg and scratch folder gone, and the job is taken again', async () => {
    const id = await queueUpload();
    const worker = startWorker();
    const encoder = await encoderOf(worker);
    const signalled = Date.now();
    worker.kill('SIGTERM');
    await exited(worker);
    // The grace time, then the aborted encode is recorded and the database closed: well under the 10 s margin on top.
    expect(Date.now() - signalled).toBeLessThan((GRACE_SECONDS + 10) * 1000);
    expect(worker.exitCode).toBe(0);
    expect(processes().some((p) => p.pid === encoder.pid)).toBe(false);
    expect(scratchOf(worker.pid!)).toEqual([]);
    expect(await encoded(id)).toBe(false);

    const next = startWorker();
    await until('the handed-back job done by the next worker', () => encoded(id), 300_000, log());
    next.kill('SIGTERM');
    await exited(next);
  });
});

describe.skipIf(process.platform !== 'linux')('the start-up sweep of scratch folders', () => {
  it("removes dead workers' folders (and this process's, which it has not made yet) and keeps live ones' and others'", async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'fcc-sweep-'));
    try {
      const dead = spawnSync('true').pid;
      const live = process.ppid;
      const names = {
        dead: `fcc-upload-${dead}-abc123`,
        deadModeration: `fcc-moderate-${dead}-abc123`,
        own: `fcc-upload-${process.pid}-abc123`,
        live: `fcc-upload-${live}-abc123`,
        unnamedOld: 'fcc-upload-Ab12Cd',
        unnamedNew: 'fcc-upload-Ef34Gh',
        other: 'fcc-data-Ab12Cd',
      };
      for (const name of Object.values(names)) fs.mkdirSync(path.join(root, name, 'inner'), { recursive: true });
      const twoDaysAgo = new Date(Date.now() - 2 * 24 * 3600 * 1000);
      fs.utimesSync(path.join(root, names.unnamedOld), twoDaysAgo, twoDaysAgo);
      const removed = await sweepDeadWorkersTempDirs(root);
      expect(removed.map((folder) => path.basename(folder)).sort()).toEqual([names.dead, names.deadModeration, names.own, names.unnamedOld].sort());
      expect(fs.readdirSync(root).sort()).toEqual([names.live, names.unnamedNew, names.other].sort());
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
