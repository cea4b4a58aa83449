import fs from 'node:fs';

/** Clock ticks a second of /proc's CPU times (USER_HZ, 100 on Linux). */
const TICKS = 100;

interface ProcStat {
  ppid: number;
  /** Own user and system time, then that of its children it has waited for, in seconds. */
  own: number;
  reaped: number;
}

function readStat(pid: number | 'self'): ProcStat | undefined {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces and parentheses: the fields start after its last ') '.
    const fields = text.slice(text.lastIndexOf(') ') + 2).split(' ');
    // Fields 4 (ppid) and 14-17 (utime, stime, cutime, cstime) of stat, counted from the pid.
    const [utime, stime, cutime, cstime] = fields.slice(11, 15).map(Number);
    return { ppid: Number(fields[1]), own: (utime + stime) / TICKS, reaped: (cutime + cstime) / TICKS };
  } catch {
    return undefined;
  }
}

/**
 * CPU seconds of a process and every process under it, finished or running (Linux /proc; 0
 * elsewhere). A finished child's time is in its parent's once waited for; a running one's (an
 * encode under way, a helper process) only in its own entry, so those are added.
 */
export function treeCpuSeconds(root: number): number {
  const top = readStat(root);
  if (!top) return 0;
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid === root) continue;
    const stat = readStat(pid);
    if (stat) children.set(stat.ppid, [...(children.get(stat.ppid) ?? []), pid]);
  }
  let total = top.own + top.reaped;
  const pending = [...(children.get(root) ?? [])];
  while (pending.length) {
    const pid = pending.pop()!;
    const stat = readStat(pid);
    if (stat) total += stat.own + stat.reaped;
    pending.push(...(children.get(pid) ?? []));
  }
  return total;
}

/** CPU seconds of this process's finished children it has waited for: what a tool run synchronously took. */
export function reapedChildrenCpuSeconds(): number {
  return readStat('self')?.reaped ?? 0;
}
