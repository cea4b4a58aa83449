import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { resolveMediaTools } from '../server/adapters/media/tools';
import { INPUT_SIZE, modelInput, NsfwjsProvider } from '../server/adapters/moderation/nsfwjs';
import { classifyPixels, loadModel } from '../server/adapters/moderation/nsfwjsWorker';
import { stopModerationModel } from '../server/adapters/moderation';

/** Three frames per clip, as the pipeline samples them: BENCH_CLIPS clips (default 10) is 30 inferences. */
const FRAMES_PER_CLIP = 3;

interface LoopDelay {
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

/** The web process's event-loop delay while `work` runs, sampled as /metrics samples it (every 10 ms). */
async function loopDelayDuring(work: () => Promise<void>): Promise<LoopDelay & { seconds: number }> {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  const started = performance.now();
  histogram.enable();
  await work();
  histogram.disable();
  const ms = (ns: number) => ns / 1e6;
  return { p50Ms: ms(histogram.percentile(50)), p99Ms: ms(histogram.percentile(99)), maxMs: ms(histogram.max), seconds: (performance.now() - started) / 1000 };
}

const line = (name: string, delay: LoopDelay) =>
  `  ${name.padEnd(44)} loop delay p50 ${delay.p50Ms.toFixed(1).padStart(6)} ms   p99 ${delay.p99Ms.toFixed(1).padStart(6)} ms   max ${delay.maxMs.toFixed(1).padStart(6)} ms`;

/**
 * The event-loop delay of the process that asks the moderation model (the web process when it
 * runs jobs) while the model classifies a clip's frames BENCH_CLIPS times: as the provider runs
 * it (its own thread), as it ran before (this thread, the same model and pixels), and the floor,
 * the same process idle for as long. Each after its model has loaded, so it is inference alone.
 */
export async function benchModerationLoop(): Promise<void> {
  const clips = Number(process.env.BENCH_CLIPS ?? 10);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fcc-bench-moderation-'));
  try {
    const frames = [1, 2, 3].map((i) => path.join(dir, `frame${i}.jpg`));
    execFileSync(resolveMediaTools().ffmpeg, [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=1280x720:rate=1',
      '-frames:v',
      String(FRAMES_PER_CLIP),
      '-q:v',
      '3',
      path.join(dir, 'frame%d.jpg'),
    ]);
    const provider = new NsfwjsProvider();
    await provider.classify(frames.slice(0, 1));
    const ownThread = await loopDelayDuring(async () => {
      for (let i = 0; i < clips; i++) await provider.classify(frames);
    });
    await stopModerationModel();

    const model = await loadModel();
    const onThisThread = await loopDelayDuring(async () => {
      // Frame by frame, as the provider did: sharp's decode between two inferences let the loop turn.
      for (let i = 0; i < clips; i++) for (const frame of frames) await classifyPixels(model, { size: INPUT_SIZE, images: [await modelInput(frame)] });
    });
    const idle = await loopDelayDuring(() => sleep(ownThread.seconds * 1000));

    const inferences = clips * FRAMES_PER_CLIP;
    const each = (run: { seconds: number }) => `${run.seconds.toFixed(2)} s, ${((run.seconds * 1000) / inferences).toFixed(0)} ms an inference`;
    console.log(
      `\nModeration model and the event loop: ${inferences} inferences (${clips} clips of ${FRAMES_PER_CLIP} frames, 1280x720), load average ${os.loadavg()[0].toFixed(1)} on ${os.availableParallelism()} cores`,
    );
    console.log(line(`model thread (${each(ownThread)})`, ownThread));
    console.log(line(`this thread (${each(onThisThread)})`, onThisThread));
    console.log(line('idle, as long (floor)', idle));
    console.log(
      `  p99 against the floor: model thread ${(ownThread.p99Ms / idle.p99Ms).toFixed(2)}x, this thread ${(onThisThread.p99Ms / idle.p99Ms).toFixed(2)}x (goal: under 50 ms past the 10 ms sampling, near 1x)`,
    );
  } finally {
    await stopModerationModel();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
