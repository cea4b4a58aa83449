import type SQLite from 'better-sqlite3';
import type { Compilable } from 'kysely';
import type { FastifyInstance } from 'fastify';

/**
 * The measuring block of the list benches (uploads, fan data): one list URL through Fastify's
 * inject against the same page and count SQL run directly on better-sqlite3 in the same run.
 */

export function p99(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)];
}

/** Milliseconds of each of `runs` calls, after three warm-up calls that are not kept. */
export async function timeCalls(runs: number, call: () => unknown): Promise<number[]> {
  const samples: number[] = [];
  for (let run = 0; run < runs + 3; run += 1) {
    const started = process.hrtime.bigint();
    await call();
    if (run >= 3) samples.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  return samples;
}

export interface ListFigure {
  apiP99: number;
  directP99: number;
  total: number;
}

export async function measureList(
  app: FastifyInstance,
  raw: SQLite.Database,
  { url, cookie, queries, runs }: { url: string; cookie: string; queries: { rows: Compilable; count: Compilable }; runs: number },
): Promise<ListFigure> {
  let total = 0;
  const api = await timeCalls(runs, async () => {
    const response = await app.inject({ method: 'GET', url, headers: { cookie } });
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    total = response.json().total;
  });
  const [rowsSql, countSql] = [queries.rows.compile(), queries.count.compile()];
  const [rowsStatement, countStatement] = [raw.prepare(rowsSql.sql), raw.prepare(countSql.sql)];
  const direct = await timeCalls(runs, () => {
    rowsStatement.all(...(rowsSql.parameters as unknown[]));
    countStatement.get(...(countSql.parameters as unknown[]));
  });
  return { apiP99: p99(api), directP99: p99(direct), total };
}

export function printListHeader(title: string, widths: [number, number]): void {
  console.log(`\n${title}`);
  console.log(`  ${'filter'.padEnd(widths[0])} ${'sort'.padEnd(widths[1])} ${'API p99'.padStart(9)} ${'direct p99'.padStart(11)}  ratio  total`);
}

export function printListRow(name: string, sort: string, figure: ListFigure, widths: [number, number]): void {
  const { apiP99: a, directP99: d, total } = figure;
  const flag = a > 20 || a / d > 2 ? '  <- over target' : '';
  console.log(`  ${name.padEnd(widths[0])} ${sort.padEnd(widths[1])} ${a.toFixed(1).padStart(6)} ms ${d.toFixed(1).padStart(8)} ms  ${(a / d).toFixed(2).padStart(5)}  ${total}${flag}`);
}
