/**
 * The traffic of bench-mixed.ts: the mix, the four accounts and what each request does, and the
 * tally of answers. Split from the runner so that both its modes (one rate, steps) share it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RECORD_PATHS } from '@tcm/contract';
import { formWithFile, send } from './bench-http.js';
import { signIn, signInRequest } from './bench-server.js';
import { DATA } from './bench-support.js';

export type Op = 'detail' | 'list' | 'upload' | 'analysis' | 'signin';
/** Per 100 requests. An analysis is one record create naming a pulse file uploaded before. */
export const MIX: [Op, number][] = [
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
export const SERVER_ENV = {
  TRUST_PROXY: 'true',
  LOGIN_FREE_ATTEMPTS: '1000',
  LOGIN_CAPTCHA_AFTER: '1000',
  LOGIN_MAX_FAILURES: '1000',
  QUEUED_RECORDS_PER_USER: '20',
  QUEUED_RECORDS_PER_ADDRESS: '60',
};

/**
 * BENCH_HEAVY=1: each analysis also names a tongue photo (the segmentation model: seconds of CPU
 * in an engine child), to see whether the engines take the CPU from the API (ENGINE_NICE).
 */
const HEAVY = process.env.BENCH_HEAVY === '1';

const pulse = new Uint8Array(readFileSync(join(DATA, 'pulse/goda-ppg-125hz.csv')));
const tongue = new Uint8Array(readFileSync(join(DATA, 'tongue/images/TE0000458.jpg')));

export interface Client {
  loginName: string;
  entrance: string;
  index: number;
  auth: string;
  pulses: string[];
  photos: string[];
  records: string[];
  n: number;
}

/** Answers of one endpoint: latencies from when each request was due, statuses, errors, refusals. */
export interface Tally {
  lat: number[];
  status: Record<string, number>;
  /** The first few errors, worded. */
  errors: string[];
  errorCount: number;
  /** 429/503 with Retry-After, by their envelope code: the server said "not now", not "broken". */
  refused: Record<string, number>;
  refusedCount: number;
}

export type Tallies = Map<Op, Tally>;

function tallyOf(tallies: Tallies, op: Op): Tally {
  let t = tallies.get(op);
  if (!t) tallies.set(op, (t = { lat: [], status: {}, errors: [], errorCount: 0, refused: {}, refusedCount: 0 }));
  return t;
}

export const headers = (c: Client, json = true) => ({
  authorization: c.auth,
  'x-forwarded-for': `10.${c.index}.${(c.n >> 8) & 63}.${c.n++ & 255}`,
  ...(json ? { 'content-type': 'application/json' } : {}),
});

async function call(c: Client, op: Op, base: string): Promise<Response> {
  switch (op) {
    case 'signin': {
      // The answer as it came: a refused sign-in is a refusal, not a thrown error.
      const res = await signInRequest(base, c.loginName, c.entrance);
      if (res.ok)
        c.auth = `Bearer ${((await res.clone().json()) as { data: { access_token: string } }).data.access_token}`;
      return res;
    }
    case 'list':
      return send(base + RECORD_PATHS.list, {
        method: 'POST',
        headers: headers(c),
        body: JSON.stringify({ scope: 'memberRecord', page: 1, size: 100 }),
      });
    case 'detail':
      return send(base + RECORD_PATHS.detail(c.records[c.n % c.records.length]!), { headers: headers(c) });
    case 'upload': {
      const photo = c.n % 2 === 0;
      // The pulse file's name carries its sample rate (the CSV has no time column).
      const form = formWithFile('file', photo ? 't.jpg' : 'goda-ppg-125hz.csv', photo ? tongue : pulse);
      const res = await send(base + '/backend/common/file/upload', {
        method: 'POST',
        headers: { ...headers(c, false), 'content-type': form.type },
        body: form.body,
      });
      if (res.ok)
        (photo ? c.photos : c.pulses).push(((await res.clone().json()) as { data: { uuid: string } }).data.uuid);
      if (c.photos.length > 50) c.photos.shift();
      return res;
    }
    case 'analysis': {
      const file = c.pulses.shift() ?? c.pulses[0];
      const photo = HEAVY ? (c.photos.shift() ?? c.photos[0]) : undefined;
      const res = await send(base + RECORD_PATHS.create, {
        method: 'POST',
        headers: headers(c),
        body: JSON.stringify({
          files: { ...(file ? { pulse: file } : {}), ...(photo ? { tongue: photo } : {}) },
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

/** Sends one request and tallies its answer (when `tallies` is given: not during warm-up). */
export async function fire(c: Client, op: Op, base: string, dueAt: number, tallies?: Tallies): Promise<void> {
  let status: string;
  let error: string | undefined;
  let refusal: string | undefined;
  try {
    const res = await call(c, op, base);
    const text = await res.text();
    status = String(res.status);
    if ((res.status === 429 || res.status === 503) && res.headers.has('retry-after')) {
      refusal = /"code":(\d+)/.exec(text)?.[1] ?? 'no code';
    } else if (!res.ok) {
      const why = res.status === 429 || res.status === 503 ? ' (no Retry-After)' : '';
      error = `${res.status}${why} ${text.slice(0, 160)}`;
    }
  } catch (e) {
    // undici says only "fetch failed"; the cause names it (connect timeout, reset...).
    const cause = (e as { cause?: { code?: string; message?: string } }).cause;
    status = 'network';
    error = `${String(e)} (${cause?.code ?? cause?.message ?? 'no cause'})`.slice(0, 160);
  }
  if (!tallies) return;
  const t = tallyOf(tallies, op);
  t.lat.push(performance.now() - dueAt);
  t.status[status] = (t.status[status] ?? 0) + 1;
  if (refusal) {
    t.refused[refusal] = (t.refused[refusal] ?? 0) + 1;
    t.refusedCount++;
  }
  if (error) {
    t.errorCount++;
    if (t.errors.length < 5) t.errors.push(error);
  }
}

/** A fixed order of 100 operations with the MIX counts, spread evenly (a stride, not random). */
export function schedule(): Op[] {
  const out: Op[] = [];
  for (const [op, n] of MIX) for (let i = 0; i < n; i++) out.push(op);
  const spread: Op[] = [];
  for (let i = 0; i < out.length; i++) spread.push(out[(i * 37) % out.length]!);
  return spread;
}

/** Signs the four accounts in and gives each two records to open from the first second. */
export async function prepare(base: string): Promise<Client[]> {
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
      photos: [],
      records: [],
      n: 0,
    };
    c.auth = await signIn(base, c.loginName, c.entrance);
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

/** How far the analyses got: records done / waiting over the accounts (the queue's throughput). */
export async function queueState(base: string, clients: Client[]): Promise<string> {
  const by: Record<string, number | string> = {};
  for (const c of clients) {
    for (const status of ['done', 'failed', 'queued', 'running']) {
      try {
        const res = await send(base + RECORD_PATHS.list, {
          method: 'POST',
          headers: headers(c),
          body: JSON.stringify({ scope: 'memberRecord', page: 1, size: 100, status }),
        });
        // A refused or failed answer has no data: say so rather than stop (the bench used to throw here).
        const total = ((await res.json()) as { data: { total?: number } | null }).data?.total;
        by[status] =
          typeof total === 'number' && typeof by[status] !== 'string'
            ? Number(by[status] ?? 0) + total
            : `? (${res.status})`;
      } catch (e) {
        by[status] = `? (${(e as Error).message})`;
      }
    }
  }
  return JSON.stringify(by);
}
