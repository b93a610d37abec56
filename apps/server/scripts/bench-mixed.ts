/**
 * Mixed traffic at a fixed arrival rate (issue 25 item 7): `npm run -s bench:mixed -w @tcm/server`.
 *
 * The real server runs as a child process (bench-server.ts: the bundle on a throw-away data
 * folder, embedded PGlite unless DATABASE_URL is set); this process is the load generator, so the
 * client's work never shares the server's event loop. Open loop: request k is due at
 * k / BENCH_RPS seconds and is sent then whether or not earlier ones have answered, and its
 * latency counts from when it was due, so a server that falls behind shows it in the figures
 * (no coordinated omission). BENCH_WARMUP_S (20) at the same rate first, not counted.
 *
 * Mix (MIX below) and why: reads dominate the archive work (doctors and members open lists and
 * records far more often than they capture); a capture brings about two uploads (tongue photo
 * and pulse file) per analysis; sign-ins are rare because a token lasts 15 minutes and is
 * refreshed. Four seeded accounts (member, leader, outsider, doctor) take turns, each request
 * from one of 64 addresses per account (`X-Forwarded-For` with TRUST_PROXY=true, as behind the
 * reverse proxy of docs/deploy.md), so per-address rules see many clients as they would.
 *
 * Prints per endpoint: requests, statuses, p50/p99/max; refusals (429/503) apart from errors
 * (anything else not 2xx, or no answer); the server's RSS (process + engine children) every
 * 10 s with first/last/max and the flat-within-10 % verdict; CPU time of the server and the load
 * average. Exit 1 on any error or RSS not flat.
 */
import { readFileSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { RECORD_PATHS } from '@tcm/contract';
import { freePort, Server, signIn } from './bench-server.js';
import { DATA } from './bench-support.js';
import { processTree } from './bench-proc.js';

const RPS = Number(process.env.BENCH_RPS ?? 200);
const MINUTES = Number(process.env.BENCH_MINUTES ?? 10);
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 20);
const SAMPLE_S = 10;

type Op = 'detail' | 'list' | 'upload' | 'analysis' | 'signin';
/** Per 100 requests. An analysis is one record create naming a pulse file uploaded before. */
const MIX: [Op, number][] = [
  ['detail', 58],
  ['list', 30],
  ['upload', 7],
  ['analysis', 3],
  ['signin', 2],
];

/**
 * The deployment settings for 200 req/s from four accounts (docs/server.md "Mixed traffic"):
 * the proxy's client address is trusted; the sign-in guard's per-account counts (which hold an
 * attempt as a failure until its password is checked) would see four people signing in several
 * times a second, so they are raised: in a deployment those are thousands of people. The
 * queued-work limits stay at their defaults (20 per user, 60 per address).
 */
const SERVER_ENV = {
  TRUST_PROXY: 'true',
  LOGIN_FREE_ATTEMPTS: '1000',
  LOGIN_CAPTCHA_AFTER: '1000',
  LOGIN_MAX_FAILURES: '1000',
  QUEUED_RECORDS_PER_USER: '20',
  QUEUED_RECORDS_PER_ADDRESS: '60',
};

const pulse = new Uint8Array(readFileSync(join(DATA, 'pulse/goda-ppg-125hz.csv')));
const tongue = new Uint8Array(readFileSync(join(DATA, 'tongue/images/TE0000458.jpg')));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Client {
  loginName: string;
  entrance: string;
  index: number;
  auth: string;
  pulses: string[];
  records: string[];
  n: number;
}

interface Tally {
  lat: number[];
  status: Record<string, number>;
  errors: string[];
}

const tallies = new Map<Op, Tally>();
let counting = false;

function record(op: Op, dueAt: number, status: string, error?: string): void {
  if (!counting) return;
  let t = tallies.get(op);
  if (!t) tallies.set(op, (t = { lat: [], status: {}, errors: [] }));
  t.lat.push(performance.now() - dueAt);
  t.status[status] = (t.status[status] ?? 0) + 1;
  if (error && t.errors.length < 5) t.errors.push(error);
}

const headers = (c: Client, json = true) => ({
  authorization: c.auth,
  'x-forwarded-for': `10.${c.index}.${(c.n >> 8) & 63}.${c.n++ & 255}`,
  ...(json ? { 'content-type': 'application/json' } : {}),
});

async function call(c: Client, op: Op, base: string): Promise<Response> {
  switch (op) {
    case 'signin':
      c.auth = await signIn(base, c.loginName, c.entrance);
      return new Response(null, { status: 200 });
    case 'list':
      return fetch(base + RECORD_PATHS.list, {
        method: 'POST',
        headers: headers(c),
        body: JSON.stringify({ scope: 'memberRecord', page: 1, size: 100 }),
      });
    case 'detail':
      return fetch(base + RECORD_PATHS.detail(c.records[c.n % c.records.length]!), { headers: headers(c) });
    case 'upload': {
      const photo = c.n % 2 === 0;
      const form = new FormData();
      // The pulse file's name carries its sample rate (the CSV has no time column).
      form.append('file', new Blob([photo ? tongue : pulse]), photo ? 't.jpg' : 'goda-ppg-125hz.csv');
      const res = await fetch(base + '/backend/common/file/upload', {
        method: 'POST',
        headers: headers(c, false),
        body: form,
      });
      if (res.ok && !photo) c.pulses.push(((await res.clone().json()) as { data: { uuid: string } }).data.uuid);
      return res;
    }
    case 'analysis': {
      const file = c.pulses.shift() ?? c.pulses[0];
      const res = await fetch(base + RECORD_PATHS.create, {
        method: 'POST',
        headers: headers(c),
        body: JSON.stringify({
          files: file ? { pulse: file } : {},
          person: { name: `mixed-${c.n}` },
          vitals: { heightCm: 170, weightKg: 50 + (c.n % 40), systolic: 120, diastolic: 80 },
        }),
      });
      if (res.ok) {
        c.records.push(((await res.clone().json()) as { data: { recordId: string } }).data.recordId);
        if (c.records.length > 500) c.records.shift();
      }
      return res;
    }
  }
}

async function fire(c: Client, op: Op, base: string, dueAt: number): Promise<void> {
  try {
    const res = await call(c, op, base);
    const text = await res.text();
    const refused = res.status === 429 || res.status === 503;
    record(op, dueAt, String(res.status), res.ok || refused ? undefined : `${res.status} ${text.slice(0, 160)}`);
  } catch (e) {
    // undici says only "fetch failed"; the cause names it (connect timeout, reset...).
    const cause = (e as { cause?: { code?: string; message?: string } }).cause;
    record(op, dueAt, 'network', `${String(e)} (${cause?.code ?? cause?.message ?? 'no cause'})`.slice(0, 160));
  }
}

/** A fixed order of 100 operations with the MIX counts, spread evenly (a stride, not random). */
function schedule(): Op[] {
  const out: Op[] = [];
  for (const [op, n] of MIX) for (let i = 0; i < n; i++) out.push(op);
  const spread: Op[] = [];
  for (let i = 0; i < out.length; i++) spread.push(out[(i * 37) % out.length]!);
  return spread;
}

const q = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor(p * xs.length))] ?? NaN;
const load = () =>
  loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');

async function prepare(base: string): Promise<Client[]> {
  const accounts = [
    ['member', 'member'],
    ['leader', 'member'],
    ['outsider', 'member'],
    ['doctor', 'doctor'],
  ];
  const clients: Client[] = [];
  for (const [i, [loginName, entrance]] of accounts.entries()) {
    const c: Client = {
      loginName: loginName!,
      entrance: entrance!,
      index: i + 1,
      auth: '',
      pulses: [],
      records: [],
      n: 0,
    };
    c.auth = await signIn(base, c.loginName, c.entrance);
    // Something to open from the first second: two records each.
    for (let k = 0; k < 2; k++) {
      await call(c, 'upload', base); // photo
      await call(c, 'upload', base); // pulse
      const res = await call(c, 'analysis', base);
      if (!res.ok) throw new Error(`${loginName}: create ${res.status} ${await res.text()}`);
    }
    clients.push(c);
  }
  return clients;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tcm-bench-mixed-'));
  const server = new Server(await freePort(), dataDir, SERVER_ENV);
  console.log(`bench:mixed  ${RPS} req/s open loop, ${MINUTES} min (+${WARMUP_S} s warm-up)  load ${load()}`);
  console.log(`server ready in ${((await server.start()) / 1000).toFixed(1)} s (${server.startPhases})`);
  const clients = await prepare(server.base);
  const ops = schedule();
  const pid = server.proc!.pid!;
  const inFlight = new Set<Promise<void>>();
  const rss: number[] = [];
  let cpuStart = 0;
  let maxLagMs = 0;
  try {
    const total = Math.round((WARMUP_S + MINUTES * 60) * RPS);
    const warmup = Math.round(WARMUP_S * RPS);
    const t0 = performance.now();
    let sent = 0;
    let nextSample = 0;
    while (sent < total) {
      const now = performance.now();
      const due = Math.min(total, Math.floor(((now - t0) * RPS) / 1000) + 1);
      for (; sent < due; sent++) {
        if (sent === warmup) {
          counting = true;
          cpuStart = processTree(pid).cpuS;
          nextSample = sent;
        }
        const dueAt = t0 + (sent * 1000) / RPS;
        maxLagMs = counting ? Math.max(maxLagMs, now - dueAt) : 0;
        const c = clients[sent % clients.length]!;
        const p = fire(c, ops[sent % ops.length]!, server.base, dueAt);
        inFlight.add(p);
        void p.finally(() => inFlight.delete(p));
        if (counting && sent >= nextSample) {
          rss.push(processTree(pid).rssMb);
          nextSample += SAMPLE_S * RPS;
        }
      }
      await sleep(2);
    }
    const drainBy = performance.now() + 60_000;
    while (inFlight.size && performance.now() < drainBy) await sleep(50);
    rss.push(processTree(pid).rssMb);
    report(rss, processTree(pid).cpuS - cpuStart, maxLagMs, inFlight.size);
    await queueState(server.base, clients);
  } finally {
    await server.kill().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function report(rss: number[], cpuS: number, maxLagMs: number, unanswered: number): void {
  let errors = unanswered;
  let refusals = 0;
  console.log(`\nendpoint    requests  p50 ms   p99 ms   max ms  statuses`);
  for (const [op] of MIX) {
    const t = tallies.get(op);
    if (!t) continue;
    t.lat.sort((a, b) => a - b);
    for (const [s, n] of Object.entries(t.status)) {
      if (s === '429' || s === '503') refusals += n;
      else if (!/^2/.test(s)) errors += n;
    }
    console.log(
      `${op.padEnd(10)} ${String(t.lat.length).padStart(9)} ${q(t.lat, 0.5).toFixed(0).padStart(7)} ` +
        `${q(t.lat, 0.99).toFixed(0).padStart(8)} ${t.lat[t.lat.length - 1]!.toFixed(0).padStart(8)}  ${JSON.stringify(t.status)}`,
    );
    for (const e of t.errors) console.log(`           error: ${e}`);
  }
  const first = rss[0]!;
  const last = rss[rss.length - 1]!;
  const max = Math.max(...rss);
  const flat = max <= first * 1.1 && last <= first * 1.1;
  console.log(`errors ${errors}, refusals (429/503) ${refusals}, requests still unanswered ${unanswered}`);
  console.log(`generator lag (a request sent after it was due) max ${maxLagMs.toFixed(0)} ms`);
  console.log(`RSS every ${SAMPLE_S} s (MB): ${rss.map((x) => x.toFixed(0)).join(' ')}`);
  console.log(
    `RSS first ${first.toFixed(0)} / last ${last.toFixed(0)} / max ${max.toFixed(0)} MB: ` +
      `${flat ? 'flat within 10 %' : 'NOT flat within 10 %'}`,
  );
  console.log(`server CPU (process + engine children) ${cpuS.toFixed(0)} s in ${MINUTES} min; load ${load()}`);
  if (errors > 0 || !flat) process.exitCode = 1;
}

/** How far the analyses got: records done / waiting per account (the queue's throughput). */
async function queueState(base: string, clients: Client[]): Promise<void> {
  const by: Record<string, number> = {};
  for (const c of clients) {
    for (const status of ['done', 'failed', 'queued', 'running']) {
      const res = await fetch(base + RECORD_PATHS.list, {
        method: 'POST',
        headers: headers(c),
        body: JSON.stringify({ scope: 'memberRecord', page: 1, size: 100, status }),
      });
      by[status] = (by[status] ?? 0) + ((await res.json()) as { data: { total: number } }).data.total;
    }
  }
  console.log(`records at the end: ${JSON.stringify(by)}`);
}

await main();
