import { randomBytes } from 'node:crypto';
import { jobPriority } from '#shared/domain/constants';
import type { ClaimedJob, EnqueueOptions, FailedJob, JobHandler, JobState, KindStats, Lane, Queue, QueueDriver, QueueTimings, WorkOptions } from './types';

export interface QueueLog {
  error(message: string): void;
}

/** An idle slot: the kinds it takes, and how to end its wait. */
interface IdleSlot {
  kinds: string[];
  wakeUp(): void;
}

/** Waits `ms`, or less when the signal aborts or an enqueue wakes the slot up; answers whether it was woken up. */
const nap = (ms: number, signal: AbortSignal, kinds: string[], idle: Set<IdleSlot>) =>
  new Promise<boolean>((resolve) => {
    const end = (woken: boolean) => {
      clearTimeout(timer);
      signal.removeEventListener('abort', aborted);
      idle.delete(slot);
      resolve(woken);
    };
    const aborted = () => end(false);
    const slot: IdleSlot = { kinds, wakeUp: () => end(true) };
    const timer = setTimeout(() => end(false), ms);
    signal.addEventListener('abort', aborted, { once: true });
    idle.add(slot);
  });

/**
 * After an enqueue in this process wakes an idle slot, the first look for the job: it may be
 * written in a transaction that has not committed yet, so the slot looks again at twice the wait
 * each time, up to the poll interval.
 */
const FIRST_LOOK_MS = 20;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error)) || 'Failed';

/**
 * The queue the app uses: a driver for storage, plus worker slots that claim due jobs, keep
 * their lease alive while the handler runs, and record the outcome.
 */
export class JobQueue implements Queue {
  private readonly handlers = new Map<string, JobHandler>();
  private readonly lanes = new Map<string, Lane>();
  private readonly prepares = new Map<string, () => void>();
  private readonly workerId = `${process.pid}-${randomBytes(6).toString('hex')}`;
  private readonly stopping = new AbortController();
  private readonly abortRunning = new AbortController();
  private slots: Promise<void>[] = [];
  /** Idle slots of this process, woken by an enqueue here so the first clip of a quiet hour waits for no poll. */
  private readonly idleSlots = new Set<IdleSlot>();
  private backendReady?: Promise<void>;

  constructor(
    private readonly backend: QueueDriver,
    private readonly timings: QueueTimings,
    private readonly log: QueueLog = { error: (m) => console.error(m) },
  ) {}

  get driver() {
    return this.backend.name;
  }

  /** The driver starts once: when the app is ready (prepare), or on first use where no app is. */
  private ready(): Promise<void> {
    this.backendReady ??= this.backend.start([...this.handlers.keys()]);
    return this.backendReady;
  }

  /**
   * Starts the driver now. The app does this when it is ready: started lazily by the first
   * enqueue, pg-boss would set itself up through the pool from inside that enqueue's
   * transaction, and ten first submissions at once, each holding one of the pool's ten
   * connections in its transaction, would wait for an eleventh forever.
   */
  prepare(): Promise<void> {
    return this.ready();
  }

  async enqueue(kind: string, payload: object, options?: EnqueueOptions): Promise<string> {
    await this.ready();
    const id = await this.backend.enqueue(kind, payload, { ...options, priority: options?.priority ?? jobPriority(kind) });
    for (const slot of this.idleSlots) if (slot.kinds.includes(kind)) slot.wakeUp();
    return id;
  }

  work(kind: string, handler: JobHandler, options: WorkOptions = {}): void {
    if (this.backendReady) throw new Error('Register job handlers before the queue is used');
    this.handlers.set(kind, handler);
    if (options.lane) this.lanes.set(kind, options.lane);
    if (options.prepare) this.prepares.set(kind, options.prepare);
  }

  async start(concurrency: number): Promise<void> {
    await this.ready();
    if (concurrency <= 0 || this.handlers.size === 0 || this.slots.length > 0 || this.stopping.signal.aborted) return;
    // The kinds each set of slots takes, highest priority first (the order a driver tries them in).
    const byPriority = [...this.handlers.keys()].sort((a, b) => jobPriority(b) - jobPriority(a));
    const main = byPriority.filter((kind) => !this.lanes.has(kind) || this.lanes.get(kind)!.alsoOnMain);
    const lanes = new Map<string, { slots: number; kinds: string[] }>();
    for (const kind of byPriority) {
      const lane = this.lanes.get(kind);
      if (!lane) continue;
      const entry = lanes.get(lane.name) ?? { slots: 0, kinds: [] };
      entry.slots = Math.max(entry.slots, lane.slots);
      entry.kinds.push(kind);
      lanes.set(lane.name, entry);
    }
    const sets = [{ slots: main.length ? concurrency : 0, kinds: main }, ...lanes.values()];
    this.slots = sets.flatMap(({ slots, kinds }) => Array.from({ length: slots }, () => this.slot(kinds)));
    // Only where slots run: a web process whose jobs run elsewhere (WORKERS=0) loads nothing for them.
    for (const prepare of this.prepares.values()) prepare();
  }

  private async slot(kinds: string[]): Promise<void> {
    const { signal } = this.stopping;
    const { pollMs } = this.timings;
    let wait = pollMs;
    while (!signal.aborted) {
      let job: ClaimedJob | undefined;
      try {
        job = await this.backend.claim(kinds, this.workerId);
      } catch (error) {
        if (signal.aborted) return;
        this.log.error(`queue: claiming a job failed: ${messageOf(error)}`);
      }
      if (!job) {
        const woken = await nap(wait, signal, kinds, this.idleSlots);
        wait = woken ? Math.min(FIRST_LOOK_MS, pollMs) : Math.min(wait * 2, pollMs);
        continue;
      }
      wait = pollMs;
      await this.run(job);
    }
  }

  private async run(job: ClaimedJob): Promise<void> {
    const beat = setInterval(
      () => {
        this.backend.heartbeat(job, this.workerId).catch((error: unknown) => this.log.error(`queue: heartbeat of ${job.id} failed: ${messageOf(error)}`));
      },
      Math.max(50, Math.floor(this.timings.leaseMs / 3)),
    );
    try {
      const { payload, ...info } = job;
      await this.handlers.get(job.kind)!(payload, { ...info, signal: this.abortRunning.signal });
      clearInterval(beat);
      await this.backend.complete(job, this.workerId);
    } catch (error) {
      clearInterval(beat);
      // Stopped by this process's shutdown, not failed: handed back whole, for the next worker.
      if (this.abortRunning.signal.aborted) {
        await this.backend.release(job, this.workerId).catch((e: unknown) => this.log.error(`queue: handing back ${job.id} failed: ${messageOf(e)}`));
        return;
      }
      this.log.error(`queue: ${job.kind} job ${job.id} attempt ${job.attempt} failed: ${messageOf(error)}`);
      await this.backend
        .fail(job, this.workerId, messageOf(error))
        .catch((e: unknown) => this.log.error(`queue: recording the failure of ${job.id} failed: ${messageOf(e)}`));
    }
  }

  async counts(): Promise<Record<JobState, number>> {
    await this.ready();
    return this.backend.counts();
  }

  async stats(): Promise<KindStats[]> {
    await this.ready();
    return this.backend.stats();
  }

  async failed(limit = 50): Promise<FailedJob[]> {
    await this.ready();
    return this.backend.failed(limit);
  }

  async retry(id: string): Promise<boolean> {
    await this.ready();
    return this.backend.retry(id);
  }

  async stop(graceMs = 30_000): Promise<void> {
    this.stopping.abort();
    // Running jobs finish; one still running after the grace time is taken again once its lease runs out.
    let timer: NodeJS.Timeout | undefined;
    const graceOver = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), graceMs);
    });
    if ((await Promise.race([Promise.all(this.slots), graceOver])) === 'late') {
      this.abortRunning.abort();
      await Promise.all(this.slots);
    }
    clearTimeout(timer);
    if (this.backendReady)
      await this.backendReady.then(
        () => this.backend.stop(),
        () => {},
      );
  }
}
