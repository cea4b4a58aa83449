import { spawn } from 'node:child_process';
import fs from 'node:fs';

/**
 * `npm test`: every suite, in an order that keeps a two-core CI machine busy. Type-check, lint,
 * the unit tests and the end-to-end demo (console build and the demo's media made by the
 * pipeline) run side by side, each using about one core; then the server tests; then the
 * end-to-end tests, from a copy of that demo. Every phase runs even when an earlier one failed, so one CI log
 * shows every failure; the exit code says whether all passed.
 */
interface Step {
  name: string;
  command: string;
  env?: Record<string, string>;
  /** Keep the output until the step ends (steps running side by side), else stream it. */
  buffered?: boolean;
}
interface Outcome {
  name: string;
  ok: boolean;
  seconds: number;
}

const E2E_DEMO = '.tmp/e2e-demo';
const e2ePort = process.env.E2E_PORT ?? '3210';
const outcomes: Outcome[] = [];

function run(step: Step): Promise<Outcome> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(step.command, {
      shell: true,
      stdio: step.buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...step.env },
    });
    const output: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('close', (code) => {
      const outcome = { name: step.name, ok: code === 0, seconds: (Date.now() - started) / 1000 };
      if (step.buffered) {
        console.log(`\n── ${step.name} ──`);
        process.stdout.write(Buffer.concat(output));
      }
      console.log(`\n${outcome.ok ? '✓' : '✘'} ${step.name} (${outcome.seconds.toFixed(0)} s)\n`);
      outcomes.push(outcome);
      resolve(outcome);
    });
  });
}

const together = (...steps: Step[]) => Promise.all(steps.map(run));

async function main(): Promise<void> {
  const started = Date.now();
  fs.rmSync('.tmp/results', { recursive: true, force: true });

  const [, , , demo] = await together(
    { name: 'typecheck', command: 'npm run typecheck', buffered: true },
    { name: 'lint', command: 'npm run lint', buffered: true },
    { name: 'unit', command: 'npm run test:unit', buffered: true },
    {
      name: 'e2e demo',
      command: `vite build && rm -rf ${E2E_DEMO} && tsx scripts/e2eDemo.ts`,
      env: { DATA_DIR: E2E_DEMO, PORT: e2ePort, LOG_LEVEL: 'warn' },
      buffered: true,
    },
  );
  // The server and end-to-end tests each keep both cores busy: side by side, both ran slower
  // than one after the other, and the server tests' timeouts were overrun.
  await run({ name: 'server', command: 'npm run test:server' });
  // Without a prepared demo the end-to-end server makes its own at start.
  await run({ name: 'e2e', command: 'playwright test', env: demo.ok ? { E2E_DEMO_TEMPLATE: E2E_DEMO } : {} });
  const summary = await run({ name: 'summary', command: 'tsx scripts/testSummary.ts' });

  console.log(outcomes.map(({ name, ok, seconds }) => `${ok ? '✓' : '✘'} ${name} ${seconds.toFixed(0)} s`).join('\n'));
  console.log(`all: ${((Date.now() - started) / 60000).toFixed(1)} min`);
  process.exit(outcomes.every((outcome) => outcome.ok) && summary.ok ? 0 : 1);
}

void main();
