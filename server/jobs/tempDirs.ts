import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A job's scratch folders are `fcc-<purpose>-<pid>-<random>` under the system's temp folder, so
 * a worker starting up can tell the folders of a dead worker (removed) from a live one's (kept).
 */
type TempPurpose = 'upload' | 'moderate' | 'dropbox' | 'reel';
const OURS = /^fcc-(?:upload|moderate|dropbox|reel)-(\d+)-[A-Za-z0-9]+$/;
/** Folders named before the pid was in the name: removed once a day old. */
const UNNAMED = /^fcc-(?:upload|moderate|dropbox)-[A-Za-z0-9]{6}$/;
const DAY_MS = 24 * 60 * 60 * 1000;

const prefixOf = (purpose: TempPurpose) => path.join(os.tmpdir(), `fcc-${purpose}-${process.pid}-`);

export function makeJobTempDir(purpose: TempPurpose = 'upload'): Promise<string> {
  return fs.promises.mkdtemp(prefixOf(purpose));
}

export function makeJobTempDirSync(purpose: TempPurpose): string {
  return fs.mkdtempSync(prefixOf(purpose));
}

/** Whether a process with this pid runs (a zombie, killed but not yet reaped, does not). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    return !/^State:\s+Z/m.test(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return true;
  }
}

/**
 * Removes the scratch folders of workers that are gone (killed mid-job, their `finally` never
 * ran). Call it when a worker starts, before it takes jobs: then no folder has this process's
 * pid yet, so one that does is a dead worker's whose pid came round again (as in a container).
 * Answers the folders removed.
 */
export async function sweepDeadWorkersTempDirs(tmp = os.tmpdir()): Promise<string[]> {
  const removed: string[] = [];
  for (const name of await fs.promises.readdir(tmp).catch(() => [] as string[])) {
    if (!name.startsWith('fcc-')) continue;
    const pid = Number(OURS.exec(name)?.[1]);
    const folder = path.join(tmp, name);
    let dead = false;
    if (pid) dead = pid === process.pid || !running(pid);
    else if (UNNAMED.test(name)) dead = Date.now() - (await fs.promises.stat(folder).catch(() => ({ mtimeMs: Date.now() }))).mtimeMs > DAY_MS;
    if (!dead) continue;
    await fs.promises.rm(folder, { recursive: true, force: true });
    removed.push(folder);
  }
  return removed;
}
