import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

/**
 * util-linux's setpriv with --pdeathsig (Linux): it sets the parent-death signal, then execs the
 * tool, so the kernel kills the tool when the process that started it dies, even by SIGKILL.
 * Node has no prctl(PR_SET_PDEATHSIG) of its own. Looked up once; absent elsewhere.
 */
let setpriv: string | null | undefined;

function findSetpriv(): string | null {
  if (process.platform !== 'linux') return null;
  for (const candidate of ['/usr/bin/setpriv', '/bin/setpriv']) {
    if (!fs.existsSync(candidate)) continue;
    try {
      // Older util-linux (before 2.33) has setpriv without --pdeathsig.
      execFileSync(candidate, ['--pdeathsig', 'KILL', '--', 'true'], { stdio: 'ignore', timeout: 5000 });
      return candidate;
    } catch {
      return null;
    }
  }
  return null;
}

/** The command line that runs `file args` so it dies with this process (ffmpeg must not run on as an orphan). */
export function tiedToParent(file: string, args: string[]): [string, string[]] {
  setpriv ??= findSetpriv();
  return setpriv ? [setpriv, ['--pdeathsig', 'KILL', '--', file, ...args]] : [file, args];
}
