/** A server process and its children (the engine pool) as /proc sees them, for the benchmarks. */
import { readFileSync } from 'node:fs';

const TICKS_PER_S = 100; // USER_HZ on Linux

function read(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

function children(pid: number): number[] {
  return read(`/proc/${pid}/task/${pid}/children`).trim().split(/\s+/).filter(Boolean).map(Number);
}

/** RSS (MB) and CPU time so far (user + system, s) of a process plus its live children. */
export function processTree(pid: number): { rssMb: number; cpuS: number } {
  let rssMb = 0;
  let cpuS = 0;
  for (const p of [pid, ...children(pid)]) {
    const m = /VmRSS:\s+(\d+)/.exec(read(`/proc/${p}/status`));
    rssMb += m ? Number(m[1]) / 1024 : 0;
    // Fields after the command name: state is 3rd, utime 14th and stime 15th of the whole line.
    const stat = read(`/proc/${p}/stat`);
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (rest.length > 12) cpuS += (Number(rest[11]) + Number(rest[12])) / TICKS_PER_S;
  }
  return { rssMb, cpuS };
}
