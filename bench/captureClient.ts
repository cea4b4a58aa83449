import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { fetch, type Dispatcher } from 'undici';
import { DEMO_PASSWORD } from '../scripts/demoSeed';
import { CONSOLE_REQUEST_HEADER } from '#shared/domain/constants';
import type { BurstClip } from './burstClips';

/**
 * What the benches that play fans and staff against a real server process share (burst.ts,
 * soak.ts): starting the server, a fan's upload and submission, the capture page and the staff's
 * upload list timed. Requests go through undici's fetch, so a caller can give a dispatcher that
 * connects from an address of its own (a fan's phone).
 */
export const OWLS = { accountSlug: 'midnightowls', pageSlug: 'summertour2026' };
export const seconds = (from: number) => (performance.now() - from) / 1000;
const b64 = (value: string) => Buffer.from(value).toString('base64');
const consoleHeader = { [CONSOLE_REQUEST_HEADER.name]: CONSOLE_REQUEST_HEADER.value };

export interface ServerOptions {
  /** Node flags before the entry (a profiler's). */
  nodeArgs?: string[];
  /** Variables over this process's own. */
  env?: Record<string, string>;
}

/**
 * A port nothing listens on now: a random one in a fixed range once met this machine's own
 * services (NATS on 4222, epmd on 4369), and a server that cannot listen only says so in its log.
 */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

export function startServer(dataDir: string, port: number, { nodeArgs = [], env = {} }: ServerOptions = {}): ChildProcess {
  // One process (tsx's CLI would start the server in a child of its own, which a kill would miss).
  return spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'server/main.ts'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
  });
}

export async function waitFor(check: () => Promise<boolean> | boolean, maxSeconds: number): Promise<void> {
  const until = Date.now() + maxSeconds * 1000;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`not done after ${maxSeconds} s`);
}

/** Ids of the uploads a staff member can review: mp4, thumbnail and moderation verdict all there. */
export function reviewableIds(sqlite: Database.Database): string[] {
  const rows = sqlite.prepare("SELECT id FROM uploads WHERE mp4 IS NOT NULL AND thumbnail IS NOT NULL AND moderation_status = 'processed'").all() as Array<{
    id: string;
  }>;
  return rows.map((row) => row.id);
}

export interface Percentiles {
  p50: number;
  p99: number;
}

/** p50 and p99 of times in ms (sorts them). */
export function percentiles(times: number[]): Percentiles {
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(times.length / 2)], p99: times[Math.min(times.length - 1, Math.floor(times.length * 0.99))] };
}

type Answer = Awaited<ReturnType<typeof fetch>>;

/** One call of `load`, read to its end: its time in ms; throws unless it answered 2xx. */
export async function timedLoad(what: string, load: () => Promise<Answer>): Promise<number> {
  const started = performance.now();
  const answer = await load();
  await answer.arrayBuffer();
  if (!answer.ok) throw new Error(`${what} answered ${answer.status}`);
  return performance.now() - started;
}

/** `n` calls of `load`, 4 at a time: p50 and p99 in ms. */
export async function timedLoads(n: number, what: string, load: () => Promise<Answer>): Promise<Percentiles> {
  const times: number[] = [];
  let left = n;
  const caller = async () => {
    while (left-- > 0) times.push(await timedLoad(what, load));
  };
  await Promise.all(Array.from({ length: 4 }, caller));
  return percentiles(times);
}

/** The capture page's data, as a fan's phone opens it. */
export const pageLoad = (base: string, dispatcher?: Dispatcher) =>
  fetch(`${base}/api/public/pages/${OWLS.accountSlug}/${OWLS.pageSlug}`, { headers: { 'user-agent': 'Mozilla/5.0 (iPhone) bench' }, dispatcher });

/** `n` loads of the capture page's data, as fans opening it; `dispatcher` picks who connects for each. */
export const pageLoads = (base: string, n: number, dispatcher?: () => Dispatcher) => timedLoads(n, 'the capture page', () => pageLoad(base, dispatcher?.()));

export interface StaffSession {
  cookie: string;
  accountId: string;
}

/** The demo owner's session on The Midnight Owls: who looks at Fan Uploads while the clips come in. */
export async function staffSession(base: string, accountId: string): Promise<StaffSession> {
  const login = await fetch(`${base}/api/auth`, {
    method: 'POST',
    headers: { ...consoleHeader, 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'owner@example.com', password: DEMO_PASSWORD }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
  if (!login.ok || !cookie) throw new Error(`sign-in answered ${login.status}`);
  // The owner has several accounts: it chooses this one, as the console's account selection does.
  const switched = await fetch(`${base}/api/auth/switch-account/${accountId}`, { method: 'POST', headers: { ...consoleHeader, cookie } });
  if (!switched.ok) throw new Error(`choosing the account answered ${switched.status}`);
  return { cookie, accountId };
}

/** Fan Uploads' first page, newest first, as the console asks it. */
export const listLoad = (base: string, staff: StaffSession) =>
  fetch(`${base}/api/accounts/${staff.accountId}/videos?page=1&limit=24`, { headers: { cookie: staff.cookie, ...consoleHeader } });

/** `n` loads of Fan Uploads' first page. */
export const listLoads = (base: string, staff: StaffSession, n: number) => timedLoads(n, 'the upload list', () => listLoad(base, staff));

export interface FanSend {
  /** The browser token the fan's capture page load gave, if any. */
  token?: string;
  /** The clip's bytes: all at once, or a stream paced as an uplink sends them. */
  body: Uint8Array | AsyncIterable<Uint8Array>;
  dispatcher?: Dispatcher;
}

/** One fan's clip through tus (one POST and one PATCH) and the submission form: the upload's id and the submission's time in ms. */
export async function sendClip(base: string, clip: BurstClip, size: number, i: number, fan: FanSend): Promise<{ id: string; submitMs: number }> {
  const { token, dispatcher } = fan;
  const tus = { 'tus-resumable': '1.0.0' };
  const created = await fetch(`${base}/api/public/uploads`, {
    method: 'POST',
    dispatcher,
    headers: {
      ...tus,
      'upload-length': String(size),
      'upload-metadata': [
        `accountSlug ${b64(OWLS.accountSlug)}`,
        `pageSlug ${b64(OWLS.pageSlug)}`,
        `filename ${b64(`clip${i}${path.extname(clip.file)}`)}`,
        `filetype ${b64(clip.type)}`,
        ...(token ? [`clientToken ${b64(token)}`] : []),
      ].join(','),
    },
  });
  if (created.status !== 201) throw new Error(`tus creation answered ${created.status}: ${await created.text()}`);
  const url = new URL(created.headers.get('location')!, base).toString();
  const patched = await fetch(url, {
    method: 'PATCH',
    dispatcher,
    headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    body: fan.body,
    duplex: 'half',
  });
  await patched.arrayBuffer();
  if (patched.status !== 204) throw new Error(`tus PATCH answered ${patched.status}`);
  const submitting = performance.now();
  const answer = await fetch(`${base}/api/public/pages/${OWLS.accountSlug}/${OWLS.pageSlug}/submissions`, {
    method: 'POST',
    dispatcher,
    headers: { 'content-type': 'application/json', ...(token ? { 'x-capture-token': token } : {}) },
    body: JSON.stringify({
      uploadId: url.split('/').pop(),
      firstName: 'Fan',
      lastName: `Number ${i}`,
      email: `fan${i}@example.com`,
      country: 'United States',
      city: 'Austin',
      state: 'TX',
      venueCity: 'Denver, CO',
      song: 'Hollow Moon',
      marketingConsent: false,
      website: '',
      ...(token ? { clientToken: token } : {}),
    }),
  });
  if (answer.status !== 201) throw new Error(`submission answered ${answer.status}: ${await answer.text()}`);
  const { uploadId } = (await answer.json()) as { uploadId: string };
  return { id: uploadId, submitMs: performance.now() - submitting };
}
