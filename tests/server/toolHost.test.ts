import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { runTool } from '../../server/adapters/media/run';

/** The parent of `pid` and its resident memory in MB, from /proc. */
function statusOf(pid: number): { ppid: number; rssMb: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status)![1]);
  return { ppid: field('PPid'), rssMb: field('VmRSS') / 1024 };
}

const alive = (pid: number) => fs.existsSync(`/proc/${pid}`) && !/^State:\s+Z/m.test(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));

async function until(what: string, check: () => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The pid of the tool host: the parent of a tool it runs. */
const hostPid = async () => Number((await runTool('/bin/sh', ['-c', 'echo $PPID'])).trim());

/**
 * Media tools start from a small process of the server's own, so starting one never copies the
 * web process's page tables on its event loop; they still end with the server, and on abort.
 */
describe.skipIf(process.platform !== 'linux')('the media tools host', () => {
  it('starts tools from a small process of its own, started by this one', async () => {
    const host = await hostPid();
    expect(host).not.toBe(process.pid);
    const { ppid, rssMb } = statusOf(host);
    expect(ppid).toBe(process.pid);
    expect(rssMb).toBeLessThan(100);
    // One host for every tool.
    expect(await hostPid()).toBe(host);
  });

  it('kills a tool when its run is aborted, and settles once it has exited', async () => {
    const stop = new AbortController();
    const run = runTool('/bin/sh', ['-c', 'echo $$; exec sleep 60'], stop.signal, (chunk) => void pids.push(Number(chunk.trim())));
    const pids: number[] = [];
    await until('the tool to start', () => pids.length > 0);
    stop.abort();
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    expect(alive(pids[0])).toBe(false);
  });

  it('fails the runs of a host that dies, and starts another for the next tool', async () => {
    const host = await hostPid();
    const run = runTool('/bin/sleep', ['60']);
    process.kill(host, 'SIGKILL');
    await expect(run).rejects.toThrow(/host process stopped/);
    const next = await hostPid();
    expect(next).not.toBe(host);
    expect(await runTool('/bin/echo', ['again'])).toBe('again\n');
  });

  it('reports a tool that cannot start', async () => {
    await expect(runTool('/nonexistent/ffmpeg', [])).rejects.toThrow();
  });

  it('holds no process open once its tools are done', async () => {
    const script = "import { runTool } from './server/adapters/media/run.ts'; console.log((await runTool('/bin/echo', ['done'])).trim());";
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { timeout: 60_000 });
    expect(stdout.trim()).toBe('done');
  });
});
