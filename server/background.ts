/**
 * Work done after the reply in this process (mail whose timing must not show in the answer).
 * Errors are logged, never thrown; `idle()` waits for what is under way (tests, shutdown).
 */
export interface Background {
  run(what: string, task: () => Promise<void>): void;
  idle(): Promise<void>;
}

export function createBackground(logError: (err: unknown, what: string) => void): Background {
  const pending = new Set<Promise<void>>();
  return {
    run(what, task) {
      const done: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(task)
        .catch((err: unknown) => logError(err, what))
        .finally(() => pending.delete(done));
      pending.add(done);
    },
    async idle() {
      while (pending.size) await Promise.all([...pending]);
    },
  };
}
