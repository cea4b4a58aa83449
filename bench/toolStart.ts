import { spawn } from 'node:child_process';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { startTool } from '../server/adapters/media/toolHost';

/** The resident sizes the web process is timed at: bare, serving, and with the moderation model and a busy heap. */
const SIZES_MB = (process.env.BENCH_RSS_MB ?? '150,400,900').split(',').map(Number);
const RUNS = Number(process.env.BENCH_TOOL_RUNS ?? 40);

interface Figures {
  startMs: { p50: number; max: number };
  loop: { p99: number; max: number };
}

/** Times RUNS starts of /bin/true, two at a time as two first-look slots start their tools: the call itself, and the loop's delay. */
async function timeStarts(start: () => Promise<void>): Promise<Figures> {
  const calls: number[] = [];
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  const slot = async (count: number) => {
    for (let i = 0; i < count; i++) {
      const began = performance.now();
      const done = start();
      calls.push(performance.now() - began);
      await done;
    }
  };
  await Promise.all([slot(RUNS / 2), slot(RUNS / 2)]);
  histogram.disable();
  calls.sort((a, b) => a - b);
  return {
    startMs: { p50: calls[Math.floor(calls.length / 2)], max: calls.at(-1)! },
    loop: { p99: histogram.percentile(99) / 1e6, max: histogram.max / 1e6 },
  };
}

const direct = () =>
  new Promise<void>((resolve, reject) => {
    const child = spawn('/bin/true', [], { stdio: 'ignore' });
    child.on('error', reject);
    child.on('close', () => resolve());
  });

const hosted = () =>
  new Promise<void>((resolve, reject) => {
    const tool = startTool('/bin/true', [], { stdout: false });
    tool.on('error', reject);
    tool.on('close', () => resolve());
  });

const idle = () => new Promise<void>((resolve) => setTimeout(resolve, 1));

const line = (name: string, { startMs, loop }: Figures) =>
  `    ${name.padEnd(34)} start call p50 ${startMs.p50.toFixed(2).padStart(6)} ms  max ${startMs.max.toFixed(2).padStart(6)} ms   loop delay p99 ${loop.p99.toFixed(1).padStart(5)} ms  max ${loop.max.toFixed(1).padStart(5)} ms`;

/**
 * What starting a media tool costs the web process's event loop, at the process's resident sizes:
 * Node's spawn from the web process itself (fork copies its page tables on the event loop) against
 * the tool host (server/adapters/media/toolHost.ts: a message to a small process that spawns), and
 * the floor, the same loop waiting a millisecond instead of starting anything.
 */
export async function benchToolStart(): Promise<void> {
  const held: Buffer[] = [];
  await hosted(); // the host started, as the first tool of a server starts it
  console.log(`\nStarting a media tool (/bin/true, ${RUNS} times, two at a time), from the web process's event loop:`);
  for (const sizeMb of SIZES_MB) {
    while (process.memoryUsage().rss / 2 ** 20 < sizeMb) held.push(Buffer.alloc(2 ** 20, 1));
    const rss = process.memoryUsage().rss / 2 ** 20;
    const floor = await timeStarts(idle);
    const own = await timeStarts(direct);
    const host = await timeStarts(hosted);
    console.log(`  resident ${rss.toFixed(0)} MB:`);
    console.log(line('spawn from the web process', own));
    console.log(line('through the tool host', host));
    console.log(line('floor: no tool started', floor));
    console.log(
      `    loop delay p99, web process / tool host: ${(own.loop.p99 / host.loop.p99).toFixed(1)}x; tool host / floor: ${(host.loop.p99 / floor.loop.p99).toFixed(2)}x`,
    );
  }
}
