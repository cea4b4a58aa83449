import type SQLite from 'better-sqlite3';
import type { Compilable } from 'kysely';
import { performance } from 'node:perf_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';
import Fastify, { type FastifyInstance } from 'fastify';
import { Client } from 'undici';
import { pausesInSlowCalls, type SlowCallPauses } from './gcDuringCalls';

/**
 * The measuring block of the list benches (uploads, fan data): one list URL over HTTP against the
 * SQL statements of its answer run directly on better-sqlite3 in the same run.
 */

/**
 * undici's Client: one keep-alive connection to the listening server, one call at a time, in the
 * server's own process. A call costs the server's real HTTP path (Node's parser, the socket,
 * Fastify); the bare Fastify floor below goes through the same client, so the client's own cost
 * is in both. Not Fastify's inject: its answers are promoted to V8's old generation in bulk, and
 * every collection during an injected call is slow. Not a client in another process: on two cores
 * it took the second one and added its scheduling to every call.
 */
export type ListClient = Client;

export function listClient(origin: string): ListClient {
  return new Client(origin, { pipelining: 1 });
}

async function get(client: ListClient, path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: Buffer }> {
  const { statusCode, body } = await client.request({ path, method: 'GET', headers });
  return { status: statusCode, body: Buffer.from(await body.arrayBuffer()) };
}

export function p99(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)];
}

/**
 * Calls timed per side of a case (BENCH_RUNS). 3000: the p99 is then the 30th slowest call. With
 * 1000 (the 10th), one busy spell of this shared two-core machine, 10-20 calls long, decided a
 * case's p99 now and then (2 cases of 57 over 2x direct in each of two runs, a different pair each
 * time); with 3000, 0 and then 1 of 57 (at 2.01x, in a run where every median was 1.4x its usual).
 */
export const LIST_BENCH_RUNS = Number(process.env.BENCH_RUNS ?? 3000);

/** Calls made before the timed ones of each side of a case (its first round). */
const WARM_UP_CALLS = 20;
/**
 * Before the first case of a run, calls in blocks (each call one of every side of the case, see
 * measureList) until the process's helper threads are idle: the server's code is compiled and
 * optimised, and the loader's and the setup's garbage collected, on helper threads while the first
 * calls run, which on two cores showed in the first cases (their API median twice the later ones',
 * a call's CPU time above its wall time, for up to 40 s after the start). A server in its steady
 * state has done that long before. Two blocks in a row must use no more CPU than wall time (5%
 * spare), within WARM_UP_LIMIT_MS.
 */
const WARM_UP_BLOCK_CALLS = 200;
const WARM_UP_LIMIT_MS = 60_000;
let warmedUp = false;

async function warmUpUntilSteady(call: () => unknown): Promise<void> {
  const started = Date.now();
  let steadyBlocks = 0;
  while (steadyBlocks < 2 && Date.now() - started < WARM_UP_LIMIT_MS) {
    const wallStarted = process.hrtime.bigint();
    const cpuStarted = process.cpuUsage();
    for (let run = 0; run < WARM_UP_BLOCK_CALLS; run += 1) {
      await eventLoopTurn();
      await call();
    }
    const used = process.cpuUsage(cpuStarted);
    const wall = Number(process.hrtime.bigint() - wallStarted) / 1e3;
    steadyBlocks = used.user + used.system <= wall * 1.05 ? steadyBlocks + 1 : 0;
  }
  console.log(`  (warmed up in ${((Date.now() - started) / 1000).toFixed(1)} s${steadyBlocks < 2 ? ', helper threads still busy' : ''})`);
}

v8.setFlagsFromString('--expose-gc');
/**
 * A full collection, once, before the first warm-up of a run: the setup's garbage (the demo seed,
 * a million rows made) is not a running server's, and its collection fell on the first case's
 * calls. The warm-up calls after it take its sweeping on a helper thread.
 */
const collectSetupGarbage = vm.runInNewContext('gc') as () => void;

/** Settles once the event loop has gone round: its timers, I/O and setImmediate callbacks have run. */
const eventLoopTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Milliseconds of each of `runs` calls, after WARM_UP_CALLS that are not kept (none when
 * `warmUp` is false: a later round of the same calls): wall time, and
 * the CPU time this process spent (on a shared, overloaded machine the wall time of a short
 * call is mostly time waiting for a core; the CPU time is the work the call did).
 *
 * The event loop goes round before each call, untimed, as it does between a server's requests.
 * Without that, back-to-back calls that settle in microtasks only (Fastify's inject did): each request's
 * setImmediate clean-up waits in a queue that never runs, every finished request and its body
 * stay reachable, and the heap grows by the size of each answer (the 200th call then paid for
 * garbage collections of the 199 before it, 2-3× a call's own time).
 *
 * No collection is forced between loops (only once before the first, collectSetupGarbage):
 * garbage is collected when V8 decides, as in a running server. A full collection forced before
 * each loop (the earlier way) left its sweeping to a helper thread during the loop's first calls,
 * on a machine with two cores.
 */
export async function timeCalls(runs: number, call: () => unknown, warmUp = true): Promise<{ wall: number[]; cpu: number[]; starts: number[] }> {
  const wall: number[] = [];
  const cpu: number[] = [];
  const starts: number[] = [];
  const warmUpCalls = warmUp ? WARM_UP_CALLS : 0;
  for (let run = 0; run < runs + warmUpCalls; run += 1) {
    await eventLoopTurn();
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    await call();
    const used = process.cpuUsage(cpuStarted);
    const ended = performance.now();
    if (run >= warmUpCalls) {
      wall.push(ended - started);
      cpu.push((used.user + used.system) / 1e3);
      starts.push(started);
    }
  }
  return { wall, cpu, starts };
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
  /** Bare Fastify answering the same JSON over the same kind of connection, with no work behind it: the floor of the API columns. */
  bareMedian: number;
  bareP99: number;
  apiCpuP99: number;
  directCpuP99: number;
  /** Of the API calls at or above its p99, those with a garbage collection pause in them. */
  apiSlowCallPauses: SlowCallPauses;
  total: number;
}

let bare: { app: FastifyInstance; client: ListClient; answer: Buffer } | undefined;

/** A bare Fastify app that answers the JSON it is given: what Node's HTTP and Fastify cost for an answer of this size. */
async function bareAnswering(answer: Buffer): Promise<ListClient> {
  if (!bare) {
    const app = Fastify();
    app.get('/same-answer', async (_request, reply) => reply.type('application/json; charset=utf-8').send(bare!.answer));
    const client = listClient(await app.listen({ port: 0, host: '127.0.0.1' }));
    bare = { app, client, answer };
  }
  bare.answer = answer;
  return bare.client;
}

export async function closeBareAnswering(): Promise<void> {
  await bare?.client.close();
  await bare?.app.close();
  bare = undefined;
}

/**
 * The calls of each round of a case: the sides take turns (API, direct, bare, then again). On a
 * shared machine the others' load comes in spells, and a spell on one side's calls and not the
 * other's decided a case's ratio. Timed one side after the other, the same case's ratio went from
 * 1.1 to 3.5 between runs; in 10 rounds of 300 calls (~0.3 s a side), spells shorter than a round
 * still did now and then (1-2 cases of 57 over 2x, the calls at the API's p99 with no collection
 * in them and its median as usual). In rounds of 30 calls, a spell falls on every side alike.
 */
const CALLS_PER_ROUND = 30;

/**
 * One list URL timed over a keep-alive loopback connection to the listening server (the whole
 * HTTP path, see listClient), against `statements` run directly on better-sqlite3 in the same
 * process and run, in turns of CALLS_PER_ROUND calls. `statements` are every statement the API
 * runs for its answer (the page, its count, and whatever else the answer holds, such as the
 * uploads' approval count), so the direct side is the floor of the same work.
 */
export async function measureList(
  client: ListClient,
  raw: SQLite.Database,
  { url, cookie, statements, runs }: { url: string; cookie: string; statements: Compilable[]; runs: number },
): Promise<ListFigure> {
  let last: { status: number; body: Buffer } | undefined;
  // The server's work is timed; reading the answer's JSON is the client's, done once after.
  const callApi = async () => {
    last = await get(client, url, { cookie });
    if (last.status !== 200) throw new Error(`${url}: ${last.status} ${last.body.toString()}`);
  };
  const prepared = statements.map((statement) => {
    const { sql, parameters } = statement.compile();
    return { statement: raw.prepare(sql), parameters: parameters as unknown[] };
  });
  const callDirect = () => {
    for (const { statement, parameters } of prepared) statement.all(...parameters);
  };
  const timed = () => ({ wall: [] as number[], cpu: [] as number[], starts: [] as number[] });
  const [api, direct, floor] = [timed(), timed(), timed()];
  const add = (to: typeof api, from: typeof api) => {
    to.wall.push(...from.wall);
    to.cpu.push(...from.cpu);
    to.starts.push(...from.starts);
  };
  if (!warmedUp) {
    collectSetupGarbage();
    await callApi();
    const bareClient = await bareAnswering(Buffer.from(last!.body));
    await warmUpUntilSteady(async () => {
      await callApi();
      callDirect();
      await get(bareClient, '/same-answer');
    });
    warmedUp = true;
  }
  const rounds = Math.ceil(runs / CALLS_PER_ROUND);
  const perRound = Math.ceil(runs / rounds);
  for (let round = 0; round < rounds; round += 1) {
    add(api, await timeCalls(perRound, callApi, round === 0));
    add(direct, await timeCalls(perRound, callDirect, round === 0));
    const bareClient = await bareAnswering(Buffer.from(last!.body));
    add(floor, await timeCalls(perRound, () => get(bareClient, '/same-answer'), round === 0));
  }
  const total = (JSON.parse(last!.body.toString()) as { total: number }).total;
  await eventLoopTurn();
  return {
    apiSlowCallPauses: pausesInSlowCalls(api.starts, api.wall, p99(api.wall)),
    apiMedian: median(api.wall),
    directMedian: median(direct.wall),
    apiP99: p99(api.wall),
    directP99: p99(direct.wall),
    bareMedian: median(floor.wall),
    bareP99: p99(floor.wall),
    apiCpuP99: p99(api.cpu),
    directCpuP99: p99(direct.cpu),
    total,
  };
}

/**
 * The process's resident memory once a list bench's calls are done: the server's, with the
 * bench's client, its direct connection and the bare Fastify app beside it (a few MB).
 */
export function printResident(title: string): void {
  const { rss, heapUsed, heapTotal, external } = process.memoryUsage();
  const mb = (bytes: number) => (bytes / 1048576).toFixed(0);
  console.log(`\n${title}: resident ${mb(rss)} MB (JS heap in use ${mb(heapUsed)} MB of ${mb(heapTotal)} MB, outside the heap ${mb(external)} MB)`);
}

export function printListHeader(title: string, widths: [number, number]): void {
  console.log(`\n${title}`);
  console.log(
    `  ${'filter'.padEnd(widths[0])} ${'sort'.padEnd(widths[1])} ${'API p99'.padStart(9)} ${'direct p99'.padStart(11)}  ratio | ${'API med'.padStart(9)} ${'direct med'.padStart(10)}  ratio | ${'API CPU p99'.padStart(11)} ${'direct CPU'.padStart(10)}  ratio | ${'bare p99'.padStart(9)} ${'bare med'.padStart(9)}  total | API ≥ p99: GC in`,
  );
  console.log('  (API: GET over a keep-alive loopback connection to the listening server, client in the same process. bare: Fastify answering');
  console.log("   the same JSON over the same kind of connection, the floor of the API columns. CPU: this process's, helper threads included.");
  console.log('   GC in: of the API calls at or above its p99, how many had a young (scavenge) or an old-space (marking) pause in them.)');
}

export function printListRow(name: string, sort: string, figure: ListFigure, widths: [number, number]): void {
  const {
    apiP99: a,
    directP99: d,
    apiMedian: am,
    directMedian: dm,
    apiCpuP99: ac,
    directCpuP99: dc,
    bareP99: bp,
    bareMedian: bm,
    total,
    apiSlowCallPauses: gc,
  } = figure;
  const over = a > 20 || a / d > 2;
  const ms = (value: number, width: number) => `${value.toFixed(1).padStart(width)} ms`;
  console.log(
    `  ${name.padEnd(widths[0])} ${sort.padEnd(widths[1])} ${ms(a, 6)} ${ms(d, 8)}  ${(a / d).toFixed(2).padStart(5)} | ${ms(am, 6)} ${ms(dm, 7)}  ${(am / dm).toFixed(2).padStart(5)} | ${ms(ac, 8)} ${ms(dc, 7)}  ${(ac / dc).toFixed(2).padStart(5)} | ${ms(bp, 6)} ${ms(bm, 6)}  ${String(total).padEnd(5)} | ${gc.young}/${gc.calls} young, ${gc.old}/${gc.calls} old${over ? '  <- p99 over target' : ''}`,
  );
}
