import type { EnqueueOptions, FailedJob, JobHandler, JobState, KindStats, Queue } from '../../../server/adapters/queue';

export interface CollectedJob {
  kind: string;
  payload: object;
}

/**
 * The queue the demo seed hands to the submission service and the job handlers: it keeps the
 * jobs they queue, so the seed runs each handler itself (to completion, or stopped where the
 * demo wants an upload to stay, e.g. 'encoding pending') instead of a worker picking it up.
 */
export class CollectingQueue implements Queue {
  readonly driver = 'table' as const;
  readonly jobs: CollectedJob[] = [];

  async enqueue(kind: string, payload: object, _options?: EnqueueOptions): Promise<string> {
    this.jobs.push({ kind, payload });
    return String(this.jobs.length);
  }

  /** Takes the queued jobs of one kind for one upload. */
  take(kind: string, uploadId: string): CollectedJob | undefined {
    const index = this.jobs.findIndex((job) => job.kind === kind && (job.payload as { uploadId?: string }).uploadId === uploadId);
    return index < 0 ? undefined : this.jobs.splice(index, 1)[0];
  }

  work(_kind: string, _handler: JobHandler): void {}
  async prepare(): Promise<void> {}
  async start(): Promise<void> {}
  async counts(): Promise<Record<JobState, number>> {
    return { queued: this.jobs.length, active: 0, completed: 0, failed: 0 };
  }
  async stats(): Promise<KindStats[]> {
    return [];
  }
  async failed(): Promise<FailedJob[]> {
    return [];
  }
  async retry(): Promise<boolean> {
    return false;
  }
  async stop(): Promise<void> {}
}
