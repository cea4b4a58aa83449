import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { Client } from 'undici';
import { DEMO_PASSWORD } from '../scripts/demoSeed';
import { freePort } from './captureClient';

/** One signed-in user's list URLs, each called the same number of times. */
export interface ListLoad {
  email: string;
  urls: string[];
}

/** Resident and peak resident megabytes of a process (Linux's /proc). */
function residentOf(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

function listening(server: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    server.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('is running at')) resolve();
    });
    server.once('exit', (code) => reject(new Error(`the server exited with ${code} before listening: ${output}`)));
  });
}

/**
 * The server's resident memory as it runs for real: the production entry (server/main.ts, as
 * `npm start` runs it, jobs included) in a process of its own on a bench's data, its resident
 * size read from /proc once it listens and again after the list calls. The list benches' own
 * process is not the server alone: it also holds their direct connection to the database (its
 * own 16 MB SQLite page cache), the bare Fastify app, the client and the timings.
 */
export async function residentAfterLists(dataDir: string, loads: ListLoad[], callsEach: number): Promise<void> {
  const port = await freePort();
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    await listening(server);
    const started = residentOf(server.pid!);
    const origin = `http://127.0.0.1:${port}`;
    const client = new Client(origin, { pipelining: 1 });
    let calls = 0;
    try {
      for (const { email, urls } of loads) {
        const login = await fetch(`${origin}/api/auth`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password: DEMO_PASSWORD }),
        });
        const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
        for (const path of urls) {
          for (let call = 0; call < callsEach; call += 1) {
            const { statusCode, body } = await client.request({ path, method: 'GET', headers: { cookie } });
            await body.arrayBuffer();
            if (statusCode !== 200) throw new Error(`${path}: ${statusCode}`);
            calls += 1;
          }
        }
      }
    } finally {
      await client.close();
    }
    const after = residentOf(server.pid!);
    const mb = (value: number) => `${value.toFixed(0)} MB`;
    console.log(
      `\nThe server in its own process (server/main.ts, as npm start runs it): resident ${mb(started.rss)} once listening, ${mb(after.rss)} after ${calls} list calls (${loads.reduce((n, load) => n + load.urls.length, 0)} lists, ${callsEach} calls each); peak ${mb(after.peak)}`,
    );
  } finally {
    server.kill('SIGTERM');
    if (server.exitCode === null) await new Promise((resolve) => server.once('exit', resolve));
  }
}
