/**
 * Mixed traffic at a fixed arrival rate (issue 25 item 7): `npm run -s bench:mixed -w @tcm/server`.
 *
 * The real server runs as a child process (bench-server.ts: the bundle on a throw-away data
 * folder, embedded PGlite unless DATABASE_URL is set); this process is the load generator, so the
 * client's work never shares the server's event loop. Open loop: request k is due at
 * k / rate seconds and is sent then whether or not earlier ones have answered, and its latency
 * counts from when it was due, so a server that falls behind shows it in the figures (no
 * coordinated omission). BENCH_WARMUP_S (20) at the first rate first, not counted.
 *
 * Two modes:
 * - one rate (default): BENCH_RPS (200) for BENCH_MINUTES (10);
 * - steps (BENCH_STEPS=25,50,100,150,200): each rate for BENCH_STEP_S (60) seconds, the server
 *   kept, a pause for the answers between steps; stops after the first step that fails and prints
 *   the highest rate with 0 errors, 0 refusals and every endpoint's p99 under BENCH_P99_MS (500).
 *
 * The mix and the accounts: bench-mixed-traffic.ts. Prints per endpoint: requests, statuses,
 * p50/p99/max; refusals (429/503 with Retry-After, by code) apart from errors (anything else not
 * 2xx, a 429/503 without Retry-After, no answer); the server's RSS (process + engine children)
 * every 10 s with first/last/max and the flat-within-10 % verdict; CPU time of the server and the
 * load average. Exit 1 on any error or RSS not flat (one rate), or no sustainable step (steps).
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, Server } from './bench-server.js';
import { cpuOfNamed, processTree } from './bench-proc.js';
import {
  fire,
  MIX,
  prepare,
  queueState,
  schedule,
  SERVER_ENV,
  type Client,
  type Tallies,
} from './bench-mixed-traffic.js';

const RPS = Number(process.env.BENCH_RPS ?? 200);
const MINUTES = Number(process.env.BENCH_MINUTES ?? 10);
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 20);
const STEPS = (process.env.BENCH_STEPS ?? '')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const STEP_S = Number(process.env.BENCH_STEP_S ?? 60);
const P99_MS = Number(process.env.BENCH_P99_MS ?? 500);
/** BENCH_COST=N: instead of a rate, N requests of each kind on their own and the server's CPU per request. */
const COST_N = Number(process.env.BENCH_COST ?? 0);
const SAMPLE_S = 10;
const DRAIN_MS = 60_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const q = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor(p * xs.length))] ?? NaN;
const load = () =>
  loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');

/** File descriptors the server process holds (its sockets among them): the limit it ran into. */
const descriptors = (pid: number) => {
  try {
    return readdirSync(`/proc/${pid}/fd`).length;
  } catch {
    return NaN;
  }
};

interface Run {
  fds: number[];
  tallies: Tallies;
  rss: number[];
  cpuS: number;
  /** This process's own CPU (the load generator shares the machine), s. */
  generatorCpuS: number;
  maxLagMs: number;
  unanswered: number;
  seconds: number;
}

/** Where the rotation over accounts and the mix stands (kept from one step to the next). */
let sent = 0;
const ops = schedule();

/** `rate` req/s for `seconds` (after `warmupS` not counted), then up to DRAIN_MS for the answers. */
async function runRate(
  server: Server,
  clients: Client[],
  rate: number,
  seconds: number,
  warmupS: number,
): Promise<Run> {
  const pid = server.proc!.pid!;
  const tallies: Tallies = new Map();
  const inFlight = new Set<Promise<void>>();
  const rss: number[] = [];
  const fds: number[] = [];
  const total = Math.round((warmupS + seconds) * rate);
  const warmup = Math.round(warmupS * rate);
  let cpuStart = processTree(pid).cpuS;
  let generatorStart = process.cpuUsage();
  let maxLagMs = 0;
  let nextSample = warmup;
  const t0 = performance.now();
  for (let k = 0; k < total;) {
    const now = performance.now();
    const due = Math.min(total, Math.floor(((now - t0) * rate) / 1000) + 1);
    for (; k < due; k++, sent++) {
      const counting = k >= warmup;
      if (k === warmup) {
        cpuStart = processTree(pid).cpuS;
        generatorStart = process.cpuUsage();
      }
      const dueAt = t0 + (k * 1000) / rate;
      if (counting) maxLagMs = Math.max(maxLagMs, now - dueAt);
      const c = clients[sent % clients.length]!;
      const p = fire(c, ops[sent % ops.length]!, server.base, dueAt, counting ? tallies : undefined);
      inFlight.add(p);
      void p.finally(() => inFlight.delete(p));
      if (counting && k >= nextSample) {
        rss.push(processTree(pid).rssMb);
        fds.push(descriptors(pid));
        nextSample += SAMPLE_S * rate;
      }
    }
    await sleep(2);
  }
  const drainBy = performance.now() + DRAIN_MS;
  while (inFlight.size && performance.now() < drainBy) await sleep(50);
  rss.push(processTree(pid).rssMb);
  fds.push(descriptors(pid));
  const g = process.cpuUsage(generatorStart);
  return {
    fds,
    tallies,
    rss,
    cpuS: processTree(pid).cpuS - cpuStart,
    generatorCpuS: (g.user + g.system) / 1e6,
    maxLagMs,
    unanswered: inFlight.size,
    seconds,
  };
}

interface Verdict {
  errors: number;
  refusals: number;
  worstP99: number;
  flat: boolean;
}

/** Prints one run's table and figures; answers its verdict. */
function report(run: Run): Verdict {
  let errors = run.unanswered;
  let refusals = 0;
  let worstP99 = 0;
  console.log(`endpoint    requests  p50 ms   p99 ms   max ms  statuses`);
  for (const [op] of MIX) {
    const t = run.tallies.get(op);
    if (!t) continue;
    t.lat.sort((a, b) => a - b);
    errors += t.errorCount;
    refusals += t.refusedCount;
    worstP99 = Math.max(worstP99, q(t.lat, 0.99));
    console.log(
      `${op.padEnd(10)} ${String(t.lat.length).padStart(9)} ${q(t.lat, 0.5).toFixed(0).padStart(7)} ` +
        `${q(t.lat, 0.99).toFixed(0).padStart(8)} ${q(t.lat, 1).toFixed(0).padStart(8)}  ${JSON.stringify(t.status)}`,
    );
    if (t.refusedCount) console.log(`           refused (Retry-After) by code: ${JSON.stringify(t.refused)}`);
    for (const e of t.errors) console.log(`           error: ${e}`);
  }
  const first = run.rss[0] ?? NaN;
  const last = run.rss[run.rss.length - 1] ?? NaN;
  const max = Math.max(...run.rss);
  const flat = max <= first * 1.1 && last <= first * 1.1;
  console.log(`errors ${errors}, refusals (429/503 with Retry-After) ${refusals}, unanswered ${run.unanswered}`);
  console.log(`generator lag (a request sent after it was due) max ${run.maxLagMs.toFixed(0)} ms`);
  console.log(`RSS every ${SAMPLE_S} s (MB): ${run.rss.map((x) => x.toFixed(0)).join(' ')}`);
  console.log(
    `RSS first ${first.toFixed(0)} / last ${last.toFixed(0)} / max ${max.toFixed(0)} MB: ` +
      `${flat ? 'flat within 10 %' : 'NOT flat within 10 %'}`,
  );
  console.log(`server descriptors every ${SAMPLE_S} s: ${run.fds.join(' ')}`);
  console.log(
    `server CPU (process + engine children) ${run.cpuS.toFixed(0)} s in ${run.seconds} s, ` +
      `the load generator's ${run.generatorCpuS.toFixed(0)} s; load ${load()}`,
  );
  return { errors, refusals, worstP99, flat };
}

async function oneRate(server: Server, clients: Client[]): Promise<void> {
  const run = await runRate(server, clients, RPS, MINUTES * 60, WARMUP_S);
  console.log('');
  const v = report(run);
  if (v.errors > 0 || !v.flat) process.exitCode = 1;
}

async function steps(server: Server, clients: Client[]): Promise<void> {
  let sustained: number | undefined;
  for (const [i, rate] of STEPS.entries()) {
    console.log(`\n== step ${rate} req/s for ${STEP_S} s (load ${load()})`);
    const v = report(await runRate(server, clients, rate, STEP_S, i === 0 ? WARMUP_S : 0));
    const ok = v.errors === 0 && v.refusals === 0 && v.worstP99 < P99_MS;
    console.log(
      `step ${rate} req/s: ${ok ? 'sustained' : 'NOT sustained'} (errors ${v.errors}, refusals ${v.refusals}, worst p99 ${v.worstP99.toFixed(0)} ms)`,
    );
    if (!ok) break;
    sustained = rate;
  }
  console.log(
    `\nhighest sustained rate (0 errors, 0 refusals, p99 < ${P99_MS} ms on every endpoint): ` +
      `${sustained === undefined ? 'none of the steps' : `${sustained} req/s`}`,
  );
  if (sustained === undefined) process.exitCode = 1;
}

/**
 * What each kind of request costs the server (process + engine children), ms of CPU per request:
 * N requests, four at a time, then until the analysis queue is empty (an analysis's engine work
 * comes after its answer). Tells what a rate needs: sum over the mix of share × cost.
 */
async function cost(server: Server, clients: Client[]): Promise<void> {
  const pid = server.proc!.pid!;
  let perHundred = 0;
  const db = process.env.DATABASE_URL ? ' (server + PostgreSQL)' : '';
  console.log(`\nkind       CPU ms per request${db}   (N = ${COST_N}, 4 at a time)`);
  // BENCH_COST_OPS=detail,list: only those kinds (a profile of one of them, with BENCH_CPU_PROF).
  const only = process.env.BENCH_COST_OPS?.split(',');
  for (const [op, share] of MIX.filter(([o]) => !only || only.includes(o))) {
    // On DATABASE_URL the database's own processes count too (they share the machine).
    const serverCpu = () => processTree(pid).cpuS + (process.env.DATABASE_URL ? cpuOfNamed('postgres') : 0);
    const cpu0 = serverCpu();
    const tallies: Tallies = new Map();
    let next = 0;
    const worker = async (c: Client) => {
      while (next < COST_N) {
        next++;
        await fire(c, op, server.base, performance.now(), tallies);
      }
    };
    await Promise.all(clients.map(worker));
    // Analyses: wait for the engine runs they queued (records neither queued nor running).
    for (let i = 0; i < 600; i++) {
      const state = JSON.parse(await queueState(server.base, clients)) as Record<string, unknown>;
      if (state.queued === 0 && state.running === 0) break;
      await sleep(500);
    }
    const ms = ((serverCpu() - cpu0) * 1000) / COST_N;
    perHundred += share * ms;
    const t = tallies.get(op);
    console.log(`${op.padEnd(10)} ${ms.toFixed(1).padStart(8)}   statuses ${JSON.stringify(t?.status ?? {})}`);
  }
  console.log(
    `the mix: ${(perHundred / 100).toFixed(1)} ms of server CPU per request on average, ` +
      `${(perHundred / 1000).toFixed(2)} cores at 100 req/s, ${(perHundred / 500).toFixed(2)} at 200`,
  );
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tcm-bench-mixed-'));
  const server = new Server(await freePort(), dataDir, SERVER_ENV);
  const what = STEPS.length ? `steps ${STEPS.join('/')} req/s, ${STEP_S} s each` : `${RPS} req/s, ${MINUTES} min`;
  console.log(`bench:mixed  open loop, ${what} (+${WARMUP_S} s warm-up)  load ${load()}`);
  try {
    console.log(`server ready in ${((await server.start()) / 1000).toFixed(1)} s (${server.startPhases})`);
    const clients = await prepare(server.base);
    if (COST_N) await cost(server, clients);
    else if (STEPS.length) await steps(server, clients);
    else await oneRate(server, clients);
    const alive = server.proc?.exitCode === null && server.proc.signalCode === null;
    console.log(
      `server process ${alive ? 'alive' : 'GONE'} at the end; records at the end: ${await queueState(server.base, clients)}`,
    );
    if (!alive) process.exitCode = 1;
  } finally {
    await server.kill().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
