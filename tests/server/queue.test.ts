import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, type Db } from '../../server/db';
import { createQueue, createQueueDriver, DEFAULT_TIMINGS, type JobInfo, type Queue, type QueueTimings } from '../../server/adapters/queue';
import { backoffMs } from '../../server/adapters/queue/backoff';
import { ENCODE_WEBM_JOB, MODERATE_UPLOAD_JOB, PROCESS_UPLOAD_JOB } from '#shared/domain/constants';
import { freshDb, testDatabases } from './helpers';

/** Short enough for tests; pg-boss counts its delays and leases in whole seconds. */
const FAST: Partial<QueueTimings> = { pollMs: 50, leaseMs: 2000, retryDelayMs: 1000, maxRetryDelayMs: 4000, maxAttempts: 3 };

async function until<T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('backoff', () => {
  it('doubles from the first delay and stops at the cap', () => {
    const t = { retryDelayMs: 1000, maxRetryDelayMs: 5000 };
    expect([1, 2, 3, 4, 5].map((n) => backoffMs(n, t))).toEqual([1000, 2000, 4000, 5000, 5000]);
  });
});

describe.each(testDatabases)('job queue on $name', (kind) => {
  let db: Db;
  let drop: () => Promise<void>;
  const queues: Queue[] = [];
  const open = (timings: Partial<QueueTimings> = FAST) => {
    const queue = createQueue(db, timings, { error: () => {} });
    queues.push(queue);
    return queue;
  };

  beforeAll(async () => {
    ({ db, drop } = await freshDb(kind));
    await migrate(db);
  });
  afterAll(async () => {
    for (const queue of queues) await queue.stop(1000);
    await db.destroy();
    await drop();
  });

  it('runs a queued job once with its payload and counts it completed', async () => {
    const queue = open();
    const seen: { payload: unknown; job: JobInfo }[] = [];
    queue.work('t-simple', async (payload, job) => {
      seen.push({ payload, job });
    });
    await queue.start(2);
    const id = await queue.enqueue('t-simple', { uploadId: 'u1' });
    await until('the job to run', async () => seen.length === 1);
    expect(seen[0]).toMatchObject({ payload: { uploadId: 'u1' }, job: { id, kind: 't-simple', attempt: 1 } });
    await until('completed', async () => (await queue.counts()).completed >= 1);
    await new Promise((r) => setTimeout(r, 300));
    expect(seen).toHaveLength(1);
  });

  it('wakes an idle slot for a job queued in this process, also one written in a transaction, without waiting for its poll', async () => {
    // A poll far longer than the wait below: only the wake-up can run these jobs in time.
    const queue = open({ ...FAST, pollMs: 60_000 });
    const ran: string[] = [];
    queue.work('t-woken', async (payload) => {
      ran.push((payload as { name: string }).name);
    });
    await queue.start(1);
    // Let the slot find the queue empty and fall asleep.
    await new Promise((r) => setTimeout(r, 200));
    await queue.enqueue('t-woken', { name: 'plain' });
    await until('the plain job', async () => ran.includes('plain'), 10_000);
    await new Promise((r) => setTimeout(r, 200));
    await db.transaction().execute(async (trx) => {
      await queue.enqueue('t-woken', { name: 'in a transaction' }, { db: trx });
      // Still uncommitted while the woken slot first looks.
      await new Promise((r) => setTimeout(r, 100));
    });
    await until('the job written in a transaction', async () => ran.includes('in a transaction'), 10_000);
  });

  it('runs a kind with a lane shared with the main slots beside a long job there, and on both slots when they are free', async () => {
    const queue = open();
    const lane = { name: 't-first-look', slots: 1, alsoOnMain: true };
    let releaseLong!: () => void;
    const longHeld = new Promise<void>((resolve) => (releaseLong = resolve));
    let longRunning = false;
    queue.work('t-long', async () => {
      longRunning = true;
      await longHeld;
    });
    let firstsRunning = 0;
    let mostAtOnce = 0;
    let releaseFirsts!: () => void;
    const firstsHeld = new Promise<void>((resolve) => (releaseFirsts = resolve));
    const firstsDone: string[] = [];
    queue.work(
      't-first',
      async (payload) => {
        firstsRunning += 1;
        mostAtOnce = Math.max(mostAtOnce, firstsRunning);
        if ((payload as { name: string }).name !== 'beside') await firstsHeld;
        firstsRunning -= 1;
        firstsDone.push((payload as { name: string }).name);
      },
      { lane },
    );
    await queue.start(1);
    await queue.enqueue('t-long', {});
    await until('the long job on the main slot', async () => longRunning);
    await queue.enqueue('t-first', { name: 'beside' });
    await until('the first look beside the long job', async () => firstsDone.includes('beside'), 10_000);
    releaseLong();
    await until('the long job done', async () => (await queue.counts()).completed >= 2);
    await queue.enqueue('t-first', { name: 'one' });
    await queue.enqueue('t-first', { name: 'two' });
    await until('both on a slot', async () => firstsRunning === 2, 10_000);
    releaseFirsts();
    await until('both done', async () => firstsDone.length === 3, 10_000);
    expect(mostAtOnce).toBe(2);
  });

  it('readies a kind when slots that run it start, never in a process without slots', async () => {
    const readied: string[] = [];
    const register = (queue: Queue) => {
      queue.work('t-coming', async () => undefined, { prepare: () => readied.push('t-coming') });
      queue.work('t-other', async () => undefined);
    };
    const webOnly = open();
    register(webOnly);
    await webOnly.start(0);
    expect(readied).toEqual([]);
    const worker = open();
    register(worker);
    // Registered, not started: no slot runs it yet.
    await worker.enqueue('t-other', {});
    expect(readied).toEqual([]);
    await worker.start(1);
    expect(readied).toEqual(['t-coming']);
    // A second start adds no slots, and readies nothing again.
    await worker.start(1);
    expect(readied).toEqual(['t-coming']);
  });

  it('retries a failing job with growing waits, then it succeeds', async () => {
    const queue = open();
    const times: number[] = [];
    queue.work('t-flaky', async (_payload, job) => {
      times.push(Date.now());
      if (job.attempt < 3) throw new Error(`not yet ${job.attempt}`);
    });
    await queue.start(1);
    await queue.enqueue('t-flaky', {});
    await until('the third attempt', async () => times.length === 3, 30_000);
    const [first, second] = [times[1] - times[0], times[2] - times[1]];
    expect(first).toBeGreaterThanOrEqual(900);
    expect(second).toBeGreaterThan(first);
    expect(await queue.failed()).toEqual([]);
  });

  it('leaves a job failed with its error after the last attempt, and a retry runs it again', async () => {
    const queue = open({ ...FAST, retryDelayMs: 1000 });
    let fix = false;
    let runs = 0;
    queue.work('t-broken', async () => {
      runs++;
      if (!fix) throw new Error('the clip is truncated');
    });
    await queue.start(1);
    const id = await queue.enqueue('t-broken', { n: 1 }, { maxAttempts: 2 });
    const failed = await until('failed', async () => (await queue.failed()).find((j) => j.id === id), 30_000);
    expect(failed).toMatchObject({ id, kind: 't-broken', payload: { n: 1 }, error: 'the clip is truncated', attempts: 2 });
    expect(runs).toBe(2);
    expect((await queue.counts()).failed).toBeGreaterThanOrEqual(1);

    fix = true;
    expect(await queue.retry(id)).toBe(true);
    await until('the retried job to run', async () => runs === 3, 20_000);
    await until('no longer failed', async () => !(await queue.failed()).some((j) => j.id === id));
    expect(await queue.retry(id)).toBe(false);
  });

  it('takes a job again when its worker died holding it', async () => {
    const timings = { ...DEFAULT_TIMINGS, ...FAST };
    // A worker that claims the job and dies: no heartbeat, no outcome.
    const dead = createQueueDriver(db, timings);
    await dead.start(['t-orphan']);
    const id = await dead.enqueue('t-orphan', { x: 1 });
    const claimed = await until('the claim', () => dead.claim(['t-orphan'], 'dead-worker'));
    expect(claimed.id).toBe(id);

    const queue = open();
    const attempts: number[] = [];
    queue.work('t-orphan', async (_payload, job) => {
      attempts.push(job.attempt);
    });
    const startedAt = Date.now();
    await queue.start(1);
    await until('the orphan to run again', async () => attempts.length === 1, 30_000);
    expect(attempts).toEqual([2]);
    expect(Date.now() - startedAt).toBeLessThan(60_000);
    await dead.stop();
  });

  it('hands a job stopped by a shutdown back as it was: the next worker runs it as the same attempt, no error recorded', async () => {
    const stopping = open();
    let running = false;
    stopping.work('t-handback', async (_payload, job) => {
      running = true;
      // An encode that runs until the shutdown aborts it.
      await new Promise((_resolve, reject) => job.signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true }));
    });
    await stopping.start(1);
    const id = await stopping.enqueue('t-handback', {});
    await until('the job to run', async () => running);
    await stopping.stop(100);

    const next = open();
    const attempts: number[] = [];
    next.work('t-handback', async (_payload, job) => {
      attempts.push(job.attempt);
    });
    await next.start(1);
    await until('the handed-back job to run again', async () => attempts.length === 1, 30_000);
    expect(attempts).toEqual([1]);
    await until('completed', async () => (await next.counts()).completed >= 1);
    expect((await next.failed()).some((j) => j.id === id)).toBe(false);
  });

  // Its two queue starts can wait on other files' pg-boss set-up: seconds alone, over 30 s once in CI.
  it('keeps a long job to one worker: the heartbeat renews its lease', async () => {
    const a = open();
    const b = open();
    const runs: string[] = [];
    const handler = (who: string) => async () => {
      runs.push(who);
      await new Promise((r) => setTimeout(r, 5000));
    };
    a.work('t-long', handler('a'));
    b.work('t-long', handler('b'));
    await a.start(1);
    await b.start(1);
    const id = await a.enqueue('t-long', {});
    await until('completed', async () => (await a.counts()).completed >= 1 && runs.length > 0, 60_000);
    expect(runs).toHaveLength(1);
    expect((await a.failed()).some((j) => j.id === id)).toBe(false);
  }, 120_000);

  it("writes a job in the caller's transaction: none when it rolls back", async () => {
    const queue = open();
    const seen: unknown[] = [];
    queue.work('t-trx', async (payload) => {
      seen.push(payload);
    });
    await queue.start(1);
    await db
      .transaction()
      .execute(async (trx) => {
        await queue.enqueue('t-trx', { n: 'rolled back' }, { db: trx });
        throw new Error('rollback');
      })
      .catch(() => {});
    await db.transaction().execute(async (trx) => {
      await queue.enqueue('t-trx', { n: 'kept' }, { db: trx });
    });
    await until('the kept job', async () => seen.length === 1);
    await new Promise((r) => setTimeout(r, 500));
    expect(seen).toEqual([{ n: 'kept' }]);
  });

  it('runs the highest priority first (moderation, then encodes, then webms), and equal ones oldest first', async () => {
    const queue = open();
    const ran: string[] = [];
    const record = (kind: string) => async (payload: unknown) => {
      ran.push(`${kind}:${(payload as { n: number }).n}`);
    };
    for (const kind of [ENCODE_WEBM_JOB, PROCESS_UPLOAD_JOB, MODERATE_UPLOAD_JOB]) queue.work(kind, record(kind));
    // A backlog written before the worker starts, the kinds mixed as a burst of uploads mixes them.
    for (let n = 0; n < 4; n++) {
      await queue.enqueue(ENCODE_WEBM_JOB, { n });
      await queue.enqueue(PROCESS_UPLOAD_JOB, { n });
      await queue.enqueue(MODERATE_UPLOAD_JOB, { n });
    }
    await queue.start(1);
    await until('all twelve jobs', async () => ran.length === 12, 30_000);
    const of = (kind: string) => [0, 1, 2, 3].map((n) => `${kind}:${n}`);
    expect(ran).toEqual([...of(MODERATE_UPLOAD_JOB), ...of(PROCESS_UPLOAD_JOB), ...of(ENCODE_WEBM_JOB)]);
  });

  it("runs a lane's kinds on their own slots: a long job there never holds the main slot", async () => {
    const queue = open();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const events: string[] = [];
    queue.work(
      't-delivery',
      async () => {
        events.push('delivery started');
        await held;
        events.push('delivery ended');
      },
      { lane: { name: 't-deliveries', slots: 1 } },
    );
    queue.work('t-encode', async () => {
      events.push('encode ran');
    });
    // One main slot, as WORKERS=1.
    await queue.start(1);
    await queue.enqueue('t-delivery', {});
    await until('the delivery to start', async () => events.includes('delivery started'));
    await queue.enqueue('t-encode', {});
    await until('the encode to run', async () => events.includes('encode ran'));
    expect(events).toEqual(['delivery started', 'encode ran']);
    release();
    await until('the delivery to end', async () => events.includes('delivery ended'));
  });
});
