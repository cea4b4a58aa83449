import { Worker } from 'node:worker_threads';
import type { ModerationLabel } from './types';
import type { ModelAnswer, ModelRequest } from './nsfwjsWorker';

interface Waiting {
  resolve(labels: ModerationLabel[][]): void;
  reject(error: Error): void;
}

interface Running {
  worker: Worker;
  waiting: Map<number, Waiting>;
}

/**
 * A model in a worker thread of its own, so an inference (a tenth of a second of CPU or more for
 * each picture) never holds the event loop that answers HTTP. Started on the first call; the thread
 * takes the calls one at a time. When it dies (a crash, a model that cannot load, `stop()`), the
 * calls waiting are rejected (their jobs retry) and the next call starts a fresh thread.
 */
export class ModelThread {
  private running: Running | undefined;
  private nextId = 1;

  /** `entry`: the thread's module, a plain .mjs (a worker thread runs no TypeScript by itself). */
  constructor(private readonly entry: URL) {}

  /** The labels of each picture (square RGB, `size` a side); the pixels move to the thread, so `images` are emptied. */
  classify(images: Uint8Array<ArrayBuffer>[], size: number): Promise<ModerationLabel[][]> {
    const running = this.running ?? this.start();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      // A thread with a call under way keeps the process alive like any pending I/O; idle, it
      // never does (a script that is done exits, a closing app is not held by its model).
      if (running.waiting.size === 0) running.worker.ref();
      running.waiting.set(id, { resolve, reject });
      const request: ModelRequest = { id, size, images };
      running.worker.postMessage(
        request,
        images.map((image) => image.buffer),
      );
    });
  }

  /** Starts the thread, which loads the model, unless it runs already; an idle thread holds no process open. */
  warm(): void {
    if (!this.running) this.start();
  }

  /** Ends the thread (the calls waiting are rejected); the next call starts a new one. */
  async stop(): Promise<void> {
    const running = this.running;
    if (!running) return;
    this.end(running, new Error('the moderation model was stopped'));
    await running.worker.terminate();
  }

  private start(): Running {
    const worker = new Worker(this.entry);
    worker.unref();
    const running: Running = { worker, waiting: new Map() };
    worker.on('message', (answer: ModelAnswer) => {
      const waiting = running.waiting.get(answer.id);
      if (!waiting) return;
      running.waiting.delete(answer.id);
      if (running.waiting.size === 0) worker.unref();
      if ('error' in answer) waiting.reject(new Error(`moderation model: ${answer.error}`));
      else waiting.resolve(answer.labels);
    });
    worker.on('error', (error) => this.end(running, error));
    worker.on('exit', (code) => this.end(running, new Error(`the moderation model's thread stopped (exit code ${code})`)));
    this.running = running;
    return running;
  }

  /** Forgets a thread that ended, and rejects what it still owed (once: 'error' is followed by 'exit'). */
  private end(running: Running, error: Error): void {
    if (this.running === running) this.running = undefined;
    for (const waiting of running.waiting.values()) waiting.reject(error);
    running.waiting.clear();
    running.worker.unref();
  }
}
