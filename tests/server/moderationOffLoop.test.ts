import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NsfwjsProvider } from '../../server/adapters/moderation/nsfwjs';
import { ModelThread } from '../../server/adapters/moderation/nsfwjsThread';
import { makeClip, tools } from '../fixtures/media';
import { createTestApp, testDatabases, type TestApp } from './helpers';

/** How long a request may wait behind the model: what the moderation must never take from the web process. */
const MAX_WAIT_MS = 50;
/** monitorEventLoopDelay's samples are this interval plus the delay (as /metrics samples it). */
const SAMPLE_MS = 10;
/** Clips of three frames each: seconds of model work. */
const CLIPS = 5;

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))];

const fixture = (name: string) => new URL(`../fixtures/moderation/${name}`, import.meta.url);

// The model does not touch the database: one kind is enough.
describe.each(testDatabases.slice(0, 1))('the moderation model beside the web process ($name)', { timeout: 180_000 }, (kind) => {
  let t: TestApp;
  let base: string;
  let work: string;
  let frames: string[];
  const provider = new NsfwjsProvider();

  beforeAll(async () => {
    t = await createTestApp(kind, { seed: false });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'fcc-moderation-loop-'));
    // A phone-sized clip, and the three frames the pipeline samples of it.
    const clip = makeClip(path.join(work, 'clip.mp4'), { size: '1280x720', seconds: 4 });
    frames = [1, 2, 3].map((i) => path.join(work, `frame${i}.jpg`));
    frames.forEach((frame, i) => execFileSync(tools.ffmpeg, ['-v', 'error', '-ss', String(i + 1), '-i', clip, '-frames:v', '1', '-q:v', '3', frame]));
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('answers requests while the model classifies clips, none waiting behind an inference', async () => {
    // Loaded first: the test is about inferences, which a show's backlog runs for hours.
    expect(await provider.classify(frames.slice(0, 1))).toHaveLength(5);

    const loopDelay = monitorEventLoopDelay({ resolution: SAMPLE_MS });
    loopDelay.enable();
    let modelDone = false;
    const model = (async () => {
      for (let i = 0; i < CLIPS; i++) expect(await provider.classify(frames)).toHaveLength(5);
    })().finally(() => (modelDone = true));
    const latencies: number[] = [];
    while (!modelDone) {
      const started = performance.now();
      const response = await fetch(`${base}/healthz`);
      await response.text();
      latencies.push(performance.now() - started);
      expect(response.status).toBe(200);
    }
    await model;
    loopDelay.disable();

    // On the event loop, each inference held the request in flight for its whole length: about a
    // third of the requests waited a whole inference, and the loop was busy most of the run. Off
    // it, a 2-core machine shared with other tests still takes the thread away now and then: a
    // request p95 and a delay p90 leave room for that, never for a third behind an inference.
    const delayMs = (p: number) => loopDelay.percentile(p) / 1e6 - SAMPLE_MS;
    const slow = latencies.filter((ms) => ms > MAX_WAIT_MS).length;
    const summary = `${latencies.length} requests, p95 ${percentile(latencies, 95).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${Math.max(...latencies).toFixed(1)} ms, ${slow} over ${MAX_WAIT_MS} ms; loop delay p90 ${delayMs(90).toFixed(1)} ms, p99 ${delayMs(99).toFixed(1)} ms`;
    expect(percentile(latencies, 95), summary).toBeLessThan(MAX_WAIT_MS);
    expect(delayMs(90), summary).toBeLessThan(MAX_WAIT_MS);
    expect(latencies.length, summary).toBeGreaterThan(CLIPS * 3 * 10);
  });

  it('rejects the calls a stopped model thread owed, and the next call starts a fresh one', async () => {
    const thread = new ModelThread(new URL('../../server/adapters/moderation/nsfwjsWorkerEntry.mjs', import.meta.url));
    const pixels = () => [new Uint8Array(224 * 224 * 3).fill(128)];
    const owed = expect(thread.classify(pixels(), 224)).rejects.toThrow('stopped');
    await thread.stop();
    await owed;
    const [labels] = await thread.classify(pixels(), 224);
    expect(labels.map((label) => label.name).sort()).toEqual(['Drawing', 'Hentai', 'Neutral', 'Porn', 'Sexy']);
    await thread.stop();
  });

  it('rejects the calls of a thread that crashes or whose model cannot load, and tries again on the next call', async () => {
    const crashing = new ModelThread(fixture('modelThatCrashes.mjs'));
    await expect(crashing.classify([new Uint8Array(3)], 1)).rejects.toThrow('exit code 3');
    await expect(crashing.classify([new Uint8Array(3)], 1)).rejects.toThrow('exit code 3');
    const unloadable = new ModelThread(fixture('modelThatCannotLoad.mjs'));
    const both = [unloadable.classify([new Uint8Array(3)], 1), unloadable.classify([new Uint8Array(3)], 1)];
    for (const call of both) await expect(call).rejects.toThrow('the weights are missing');
    await expect(unloadable.classify([new Uint8Array(3)], 1)).rejects.toThrow('the weights are missing');
  });

  it('keeps a script alive while it waits for the model, and lets it exit once answered', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(fixture('classifyOnce.ts')), frames[0]], { stdio: ['ignore', 'pipe', 'inherit'] });
    // An idle thread that held the process would leave it running: it is ended before the test's own timeout.
    const held = setTimeout(() => child.kill(), 120_000);
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const [code, signal] = await new Promise<[number | null, string | null]>((resolve) => child.on('exit', (...ended) => resolve(ended)));
    clearTimeout(held);
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    const labels = JSON.parse(out.trim().split('\n').pop()!) as { name: string }[];
    expect(labels).toHaveLength(5);
  });
});
