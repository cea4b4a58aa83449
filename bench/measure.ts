import autocannon from 'autocannon';

export interface Figure {
  name: string;
  requestsPerSecond: number;
  p99Ms: number;
  non2xx: number;
  /**
   * This process's CPU time per request (server and autocannon share its thread): on a quiet
   * machine throughput is about its inverse, and unlike requests per second it barely moves when
   * other processes take the cores.
   */
  cpuMicrosPerRequest: number;
}

/** Loads one URL over loopback for `seconds` and answers requests per second and p99 latency. */
export async function measure(
  name: string,
  url: string,
  { seconds = Number(process.env.BENCH_SECONDS ?? 10), headers = {} as Record<string, string> } = {},
): Promise<Figure> {
  // A short warm-up so JIT and caches are in the steady state we want to measure.
  await autocannon({ url, connections: 10, duration: 1, headers });
  const cpuStarted = process.cpuUsage();
  const result = await autocannon({ url, connections: 10, duration: seconds, headers });
  const cpu = process.cpuUsage(cpuStarted);
  return {
    name,
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    cpuMicrosPerRequest: (cpu.user + cpu.system) / result.requests.total,
  };
}

export function printFigures(title: string, figures: Figure[]): void {
  console.log(`\n${title}`);
  for (const f of figures) {
    console.log(
      `  ${f.name.padEnd(34)} ${f.requestsPerSecond.toFixed(0).padStart(7)} req/s   p99 ${String(f.p99Ms).padStart(4)} ms   CPU ${f.cpuMicrosPerRequest.toFixed(0).padStart(4)} us/request${f.non2xx ? `   (${f.non2xx} non-2xx!)` : ''}`,
    );
  }
}
