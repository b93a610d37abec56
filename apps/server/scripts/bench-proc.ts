/** A server process and its children (the engine pool) as /proc sees them, for the benchmarks. */
import { readdirSync, readFileSync } from 'node:fs';

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

/** RSS (MB) and CPU time so far (user + system, s) of a process plus all its live descendants. */
export function processTree(pid: number): { rssMb: number; cpuS: number } {
  let rssMb = 0;
  let cpuS = 0;
  // The whole tree: a cluster's workers (WORKERS > 1) and their engine children are grandchildren.
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) tree.push(...children(tree[i]!));
  for (const p of tree) {
    const m = /VmRSS:\s+(\d+)/.exec(read(`/proc/${p}/status`));
    rssMb += m ? Number(m[1]) / 1024 : 0;
    // Fields after the command name: state is 3rd, utime 14th and stime 15th of the whole line.
    const stat = read(`/proc/${p}/stat`);
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (rest.length > 12) cpuS += (Number(rest[11]) + Number(rest[12])) / TICKS_PER_S;
  }
  return { rssMb, cpuS };
}

/**
 * CPU time so far (s) of every process named `name` (a real PostgreSQL's backends, DATABASE_URL
 * runs): the database's share of a request's cost, which processTree does not see.
 */
export function cpuOfNamed(name: string): number {
  let cpuS = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = read(`/proc/${entry}/stat`);
    if (!stat.includes(`(${name})`)) continue;
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (rest.length > 12) cpuS += (Number(rest[11]) + Number(rest[12])) / TICKS_PER_S;
  }
  return cpuS;
}
