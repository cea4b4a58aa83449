import type SQLite from 'better-sqlite3';
import type { Compilable } from 'kysely';
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import Fastify, { type FastifyInstance } from 'fastify';

/**
 * The measuring block of the list benches (uploads, fan data): one list URL through Fastify's
 * inject against the same page and count SQL run directly on better-sqlite3 in the same run.
 */

export function p99(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)];
}

/** Calls made before the timed ones of each loop. */
const WARM_UP_CALLS = 20;
/**
 * Before the first loop of a run: the server's code is compiled and optimised on a helper thread
 * while the first calls run, which on two cores showed in the first cases' p99 (a call's CPU time
 * above its wall time). A server in its steady state has done that long before.
 */
const FIRST_WARM_UP_CALLS = 300;
let warmedUp = false;

v8.setFlagsFromString('--expose-gc');
/**
 * A full garbage collection, untimed, before each measured loop: the setup's garbage (the demo
 * seed, a million rows made, the case before) is collected then, and not charged to the first
 * calls of whichever case happens to come next. The calls' own garbage stays in what is timed.
 */
const collectGarbage = vm.runInNewContext('gc') as () => void;

/** Settles once the event loop has gone round: its timers, I/O and setImmediate callbacks have run. */
const eventLoopTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Milliseconds of each of `runs` calls, after WARM_UP_CALLS that are not kept: wall time, and
 * the CPU time this process spent (on a shared, overloaded machine the wall time of a short
 * call is mostly time waiting for a core; the CPU time is the work the call did).
 *
 * The event loop goes round before each call, untimed, as it does between a server's requests.
 * Without that, back-to-back injected calls resolve in microtasks only: each request's
 * setImmediate clean-up waits in a queue that never runs, every finished request and its body
 * stay reachable, and the heap grows by the size of each answer (the 200th call then paid for
 * garbage collections of the 199 before it, 2-3× a call's own time).
 */
export async function timeCalls(runs: number, call: () => unknown): Promise<{ wall: number[]; cpu: number[] }> {
  const wall: number[] = [];
  const cpu: number[] = [];
  const warmUpCalls = warmedUp ? WARM_UP_CALLS : FIRST_WARM_UP_CALLS;
  warmedUp = true;
  collectGarbage();
  for (let run = 0; run < runs + warmUpCalls; run += 1) {
    await eventLoopTurn();
    const started = process.hrtime.bigint();
    const cpuStarted = process.cpuUsage();
    await call();
    const used = process.cpuUsage(cpuStarted);
    if (run >= warmUpCalls) {
      wall.push(Number(process.hrtime.bigint() - started) / 1e6);
      cpu.push((used.user + used.system) / 1e3);
    }
  }
  return { wall, cpu };
}

export function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

export interface ListFigure {
  apiMedian: number;
  directMedian: number;
  apiP99: number;
  directP99: number;
  /** Over loopback HTTP from a client in another process (httpTimer.ts), when the server listens. */
  httpMedian?: number;
  httpP99?: number;
  /** Bare Fastify injecting the same answer with no work behind it: the floor our harness sets. */
  bareMedian: number;
  bareP99: number;
  apiCpuP99: number;
  directCpuP99: number;
  total: number;
}

let bare: { app: FastifyInstance; answer: string } | undefined;

/** A bare Fastify app that answers the JSON it is given: what inject and Fastify cost for an answer of this size. */
async function bareAnswering(answer: string): Promise<FastifyInstance> {
  if (!bare) {
    const app = Fastify();
    const state = { app, answer };
    app.get('/same-answer', async (_request, reply) => reply.type('application/json; charset=utf-8').send(state.answer));
    await app.ready();
    bare = state;
  }
  bare.answer = answer;
  return bare.app;
}

export async function closeBareAnswering(): Promise<void> {
  await bare?.app.close();
  bare = undefined;
}

let timer: ChildProcess | undefined;

/** Each call's milliseconds over HTTP, from the client process (started on first use). */
async function timeOverHttp(url: string, headers: Record<string, string>, runs: number): Promise<number[]> {
  timer ??= fork(path.join(import.meta.dirname, 'httpTimer.ts'), { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  collectGarbage();
  const child = timer;
  return new Promise((resolve, reject) => {
    child.once('message', (answer: { wall?: number[]; error?: string }) => (answer.wall ? resolve(answer.wall) : reject(new Error(answer.error))));
    child.send({ url, headers, runs, warmUp: WARM_UP_CALLS });
  });
}

export function stopHttpTimer(): void {
  timer?.kill();
  timer = undefined;
}

export async function measureList(
  app: FastifyInstance,
  raw: SQLite.Database,
  { url, cookie, queries, runs, baseUrl }: { url: string; cookie: string; queries: { rows: Compilable; count: Compilable }; runs: number; baseUrl?: string },
): Promise<ListFigure> {
  let last: { statusCode: number; body: string } | undefined;
  // The server's work is timed; reading the answer's JSON is the client's, done once after.
  const api = await timeCalls(runs, async () => {
    last = await app.inject({ method: 'GET', url, headers: { cookie } });
    if (last.statusCode !== 200) throw new Error(`${url}: ${last.statusCode} ${last.body}`);
  });
  const total = (JSON.parse(last!.body) as { total: number }).total;
  const [rowsSql, countSql] = [queries.rows.compile(), queries.count.compile()];
  const [rowsStatement, countStatement] = [raw.prepare(rowsSql.sql), raw.prepare(countSql.sql)];
  const direct = await timeCalls(runs, () => {
    rowsStatement.all(...(rowsSql.parameters as unknown[]));
    countStatement.get(...(countSql.parameters as unknown[]));
  });
  const overHttp = baseUrl ? await timeOverHttp(`${baseUrl}${url}`, { cookie }, runs) : undefined;
  const bareApp = await bareAnswering(last!.body);
  const floor = await timeCalls(runs, () => bareApp.inject({ method: 'GET', url: '/same-answer' }));
  return {
    apiMedian: median(api.wall),
    directMedian: median(direct.wall),
    apiP99: p99(api.wall),
    directP99: p99(direct.wall),
    ...(overHttp ? { httpMedian: median(overHttp), httpP99: p99(overHttp) } : {}),
    bareMedian: median(floor.wall),
    bareP99: p99(floor.wall),
    apiCpuP99: p99(api.cpu),
    directCpuP99: p99(direct.cpu),
    total,
  };
}

export function printListHeader(title: string, widths: [number, number]): void {
  console.log(`\n${title}`);
  console.log(`  ${'filter'.padEnd(widths[0])} ${'sort'.padEnd(widths[1])} ${'API p99'.padStart(9)} ${'direct p99'.padStart(11)}  ratio | ${'API med'.padStart(9)} ${'direct med'.padStart(10)}  ratio | ${'API CPU p99'.padStart(11)} ${'direct CPU'.padStart(10)}  ratio | ${'bare p99'.padStart(9)} ${'bare med'.padStart(9)} | ${'HTTP p99'.padStart(9)}  ratio ${'HTTP med'.padStart(9)}  ratio  total`);
  console.log('  (API: through inject, in the server process. bare: Fastify injecting the same answer with no work behind it, the floor of the API columns.');
  console.log('   HTTP: over loopback from a client in another process, so the client\'s garbage is not the server\'s. Ratios against direct.)');
}

export function printListRow(name: string, sort: string, figure: ListFigure, widths: [number, number]): void {
  const { apiP99: a, directP99: d, apiMedian: am, directMedian: dm, apiCpuP99: ac, directCpuP99: dc, bareP99: bp, bareMedian: bm, httpP99: hp, httpMedian: hm, total } = figure;
  const over = (p: number) => p > 20 || p / d > 2;
  const flag = [over(a) ? 'API' : '', hp !== undefined && over(hp) ? 'HTTP' : ''].filter(Boolean).join(', ');
  const ms = (value: number, width: number) => `${value.toFixed(1).padStart(width)} ms`;
  console.log(`  ${name.padEnd(widths[0])} ${sort.padEnd(widths[1])} ${ms(a, 6)} ${ms(d, 8)}  ${(a / d).toFixed(2).padStart(5)} | ${ms(am, 6)} ${ms(dm, 7)}  ${(am / dm).toFixed(2).padStart(5)} | ${ms(ac, 8)} ${ms(dc, 7)}  ${(ac / dc).toFixed(2).padStart(5)} | ${ms(bp, 6)} ${ms(bm, 6)} | ${hp === undefined ? '' : `${ms(hp, 6)}  ${(hp / d).toFixed(2).padStart(5)} ${ms(hm!, 6)}  ${(hm! / dm).toFixed(2).padStart(5)}`}  ${total}${flag ? `  <- p99 over target (${flag})` : ''}`);
}
