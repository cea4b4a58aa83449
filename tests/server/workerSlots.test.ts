import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { defaultWorkers } from '../../server/workerSlots';

describe("WORKERS' default", () => {
  it('gives a worker-only process a slot a core', () => {
    expect([1, 2, 4, 16].map((cores) => defaultWorkers('worker', cores))).toEqual([1, 2, 4, 16]);
  });

  it('leaves the web side of an all-in-one process a core, and stops at a few slots', () => {
    expect([1, 2, 3, 4, 5, 8, 64].map((cores) => defaultWorkers('all-in-one', cores))).toEqual([1, 1, 2, 3, 4, 4, 4]);
  });

  it('keeps the demo to one slot whatever the machine', () => {
    expect([1, 2, 32].map((cores) => defaultWorkers('demo', cores))).toEqual([1, 1, 1]);
  });

  it('takes at least one slot when the cores are not known', () => {
    expect(defaultWorkers('worker', 0)).toBe(1);
    expect(defaultWorkers('all-in-one', Number.NaN)).toBe(1);
  });

  it('yields to an explicit WORKERS, and reads as the demo when no process kind is named', () => {
    expect(loadConfig({ WORKERS: '3' } as NodeJS.ProcessEnv, {}, 'demo').workers).toBe(3);
    expect(loadConfig({ WORKERS: '0' } as NodeJS.ProcessEnv, {}, 'worker').workers).toBe(0);
    expect(loadConfig({} as NodeJS.ProcessEnv).workers).toBe(1);
    expect(() => loadConfig({ WORKERS: 'many' } as NodeJS.ProcessEnv)).toThrow(/WORKERS/);
  });
});
