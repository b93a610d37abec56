/**
 * Record list throughput (issue 24 item 6, docs/security.md §6).
 *
 *   npm run bench:records -w @tcm/server
 *
 * Seeds BENCH_RECORDS records (default 2000) whose `results` are real engine outcomes (one run of
 * the pipeline on the shared tongue, face, pulse and voice captures, questionnaire and vitals,
 * ~75 KB of JSON) into a throw-away database: embedded PGlite, or a fresh database created next to
 * DATABASE_URL and dropped afterwards. Half of them belong to the doctor who lists; the rest to
 * other doctors and teams. Then it starts the real app on 127.0.0.1 and a bare Fastify + pg handler
 * that replays exactly the SQL the app ran for one list call, and drives each with BENCH_CONCURRENCY
 * (default 8) closed loops for BENCH_SECONDS (default 10) asking for a page of 100
 * (`POST /backend/record/list`), printing requests/s, p50 and p99 for both.
 *
 * At 1 M records (issue 25 item 7), on PostgreSQL 15:
 *   BENCH_RECORDS=1000000 BENCH_FILTER=sex BENCH_ROUNDS=3 \
 *     bash scripts/with-postgres.sh npm run -s bench:records -w @tcm/server
 * From BENCH_RECORDS ≥ 20,000 the rows are made by SQL (bench-seed-sql.ts); BENCH_FILTER=sex
 * adds a filter (status + a combined-query row); BENCH_ROUNDS alternates app and bare runs.
 *
 * BENCH_KEEP_DB=name (PostgreSQL): seed that database once and keep it; later runs with the same
 * name and BENCH_RECORDS reuse it (a 1 M seed takes minutes). BENCH_ROUNDS=0: no load rounds, only
 * the CPU per call. BENCH_PROFILE=dir: a CPU profile of the app's list and detail calls there
 * (list.cpuprofile, detail.cpuprofile) and its top frames printed.
 *
 * The load generator runs in a worker thread so that the client's work stays off the server's
 * event loop; on PGlite the database runs in its own thread (src/db/pglite-thread.ts), as in production.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import Fastify from 'fastify';
import type pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { RECORD_PATHS } from '@tcm/contract';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import type { Database } from '../src/db/client.js';
import { runMigrations } from '../src/db/migrate.js';
import * as schema from '../src/db/schema/index.js';
import { recordsTable, teams, users } from '../src/db/schema/index.js';
import { profiled, summarize } from './bench-profile.js';
import { seedRecordsSql } from './bench-seed-sql.js';
import { keptDatabase, poolOf, realResults, throwAwayDatabase } from './bench-support.js';

const N = Number(process.env.BENCH_RECORDS ?? 2000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
const CPU_CALLS = Number(process.env.BENCH_CPU_CALLS ?? 100);
const KEEP_DB = process.env.BENCH_KEEP_DB;
const PROFILE_DIR = process.env.BENCH_PROFILE;
/**
 * BENCH_FILTER=sex: the page asks for done records of women (status + a combined-query row on
 * person_sex), a filter most of the doctor's records pass, so the total counts hundreds of
 * thousands of rows at 1 M. Default: the scope alone.
 */
const FILTER =
  process.env.BENCH_FILTER === 'sex'
    ? {
        status: 'done',
        query: {
          join: 'and',
          groups: [
            { conditions: [{ connector: 'and', name: 'personSex', type: 'string', operator: 'EQ', value: 'female' }] },
          ],
        },
      }
    : {};
const LIST_BODY = JSON.stringify({ scope: 'memberRecord', page: 1, size: 100, ...FILTER });
/** Above this many records the rows are made by SQL (bench-seed-sql.ts), not inserted from Node. */
const SQL_SEED_FROM = 20_000;

/** N done records: half the bench doctor's, the rest other doctors' and five teams'. */
async function seed(database: Database): Promise<string> {
  const db = database.db;
  const { results, conclusion } = await realResults();
  const mk = async (entrance: 'doctor' | 'member', i: number, teamId?: string) =>
    (
      await db
        .insert(users)
        .values({
          entrance,
          loginName: `bench_${entrance}_${i}`,
          name: `Bench ${entrance} ${i}`,
          passwordHash: 'x',
          ...(teamId ? { teamId, teamLeader: true } : {}),
        })
        .returning()
    )[0]!;
  const doctors = [];
  for (let i = 0; i < 10; i++) doctors.push(await mk('doctor', i));
  const leaders = [];
  for (let i = 0; i < 5; i++) {
    const [tm] = await db
      .insert(teams)
      .values({ name: `bench team ${i}` })
      .returning();
    leaders.push(await mk('member', i, tm!.id));
  }
  if (N >= SQL_SEED_FROM) {
    const leaderRows = leaders.map((l) => ({ id: l.id, teamId: l.teamId! }));
    await seedRecordsSql(database.pool, N, { doctors: doctors.map((d) => d.id), leaders: leaderRows }, conclusion);
    return doctors[0]!.id;
  }
  const t0 = Date.now() - 365 * 86400_000;
  const BATCH = 50;
  for (let start = 0; start < N; start += BATCH) {
    const rows = [];
    for (let i = start; i < Math.min(N, start + BATCH); i++) {
      const leader = i % 2 === 1 && i % 4 === 3 ? leaders[i % leaders.length] : undefined;
      const owner = leader ?? (i % 2 === 0 ? doctors[0]! : doctors[1 + (i % 9)]!);
      rows.push({
        source: leader ? ('team' as const) : ('doctor' as const),
        status: 'done' as const,
        personName: `患者 ${i % 400}`,
        personSex: i % 3 ? ('female' as const) : ('male' as const),
        personAge: 20 + (i % 60),
        personPhone: `139${String(i % 400).padStart(8, '0')}`,
        ownerUserId: owner.id,
        teamId: leader?.teamId ?? null,
        files: { tongue: crypto.randomUUID(), face: crypto.randomUUID() },
        vitals: { heightCm: 163, weightKg: 60 + (i % 20), systolic: 120, diastolic: 80 },
        results,
        conclusion,
        shareToken: `bench${String(i).padStart(38, '0')}`,
        createdAt: new Date(t0 + i * 60_000),
        finishedAt: new Date(t0 + i * 60_000 + 5000),
      });
    }
    await db.insert(recordsTable).values(rows);
  }
  await database.pool.query('ANALYZE diagnosis_record');
  const size = await database.pool.query<{ kb: string; results_kb: string }>(
    `SELECT round(avg(pg_column_size(d.*)) / 1024.0, 1) AS kb,
            round(avg(octet_length(d.results::text)) / 1024.0, 1) AS results_kb FROM diagnosis_record d`,
  );
  console.log(
    `seeded ${N} records: results ${size.rows[0]!.results_kb} KB of JSON per record, ` +
      `${size.rows[0]!.kb} KB per stored row (compressed)`,
  );
  return doctors[0]!.id;
}

interface Load {
  rps: number;
  p50: number;
  p99: number;
  bytes: number;
  errors: number;
}

/** K closed loops for T seconds against one URL, in a worker thread. */
function drive(url: string, headers: Record<string, string>, seconds: number): Promise<Load> {
  const code = `
    const { parentPort, workerData: w } = require('node:worker_threads');
    (async () => {
      const lat = []; let bytes = 0; let errors = 0;
      const end = Date.now() + w.seconds * 1000;
      const loop = async () => {
        while (Date.now() < end) {
          const t = performance.now();
          const r = await fetch(w.url, { method: 'POST', headers: w.headers, body: w.body });
          const b = await r.arrayBuffer();
          if (r.status !== 200) errors++;
          lat.push(performance.now() - t); bytes = b.byteLength;
        }
      };
      const t0 = performance.now();
      await Promise.all(Array.from({ length: w.concurrency }, loop));
      const s = (performance.now() - t0) / 1000;
      lat.sort((a, b) => a - b);
      const q = (p) => lat[Math.min(lat.length - 1, Math.floor(p * lat.length))] ?? NaN;
      parentPort.postMessage({ rps: lat.length / s, p50: q(0.5), p99: q(0.99), bytes, errors });
    })();`;
  return new Promise((resolve, reject) => {
    const w = new Worker(code, {
      eval: true,
      workerData: { url, headers, body: LIST_BODY, seconds, concurrency: CONCURRENCY },
    });
    w.once('message', resolve);
    w.once('error', reject);
  });
}

const loadAverage = () =>
  loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');

interface Captured {
  text: string;
  values?: unknown[];
  rowMode?: string;
}

/** The bench doctor of a kept database seeded by an earlier run with the same BENCH_RECORDS. */
async function seededBefore(pool: pg.Pool): Promise<string> {
  const doctor = await pool.query<{ id: string }>(`SELECT id FROM users WHERE login_name = 'bench_doctor_0'`);
  const n = await pool.query<{ n: string }>('SELECT count(*) AS n FROM diagnosis_record');
  if (!doctor.rows[0] || Number(n.rows[0]!.n) !== N)
    throw new Error(`BENCH_KEEP_DB=${KEEP_DB} holds ${n.rows[0]!.n} records, not ${N}: drop it or pick another name`);
  return doctor.rows[0].id;
}

/** The SQL statements `run` sends through the pool, as sent (text, values, row mode). */
async function captureSql(pool: pg.Pool, run: () => Promise<void>): Promise<Captured[]> {
  const captured: Captured[] = [];
  const query = pool.query.bind(pool) as (...a: unknown[]) => unknown;
  pool.query = ((...args: unknown[]) => {
    const q = args[0];
    // drizzle passes (config, params) or (text, params).
    const config = typeof q === 'string' ? { text: q } : (q as Captured);
    captured.push({ ...config, values: config.values ?? (args[1] as unknown[] | undefined) });
    return query(...args);
  }) as typeof pool.query;
  try {
    await run();
  } finally {
    pool.query = query as typeof pool.query;
  }
  return captured;
}

/** Replays captured statements in order and answers their rows: the bare handler's whole work. */
const replay = async (barePool: pg.Pool, captured: Captured[]) => {
  const out: unknown[] = [];
  for (const q of captured) out.push((await barePool.query({ ...q, values: q.values ?? [] } as pg.QueryConfig)).rows);
  return out;
};

async function main(): Promise<void> {
  const where = KEEP_DB ? await keptDatabase(KEEP_DB) : await throwAwayDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'tcm-bench-'));
  const pool = poolOf(where);
  const database: Database = { db: drizzle(pool, { schema }), pool, embedded: !where.url, close: () => pool.end() };
  await runMigrations(database.db);
  const reuse = KEEP_DB && !('fresh' in where && where.fresh);
  const doctorId = reuse ? await seededBefore(pool) : await seed(database);
  if (reuse) console.log(`reusing ${KEEP_DB}: ${N} records seeded by an earlier run`);

  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    LOG_LEVEL: 'silent',
  });
  const app = await buildApp(config, { database });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { access_token: token } = await app.ctx.tokens.issue(doctorId, 'doctor');
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  const appUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}${RECORD_PATHS.list}`;

  // The SQL of one list call, exactly as the app sent it (session check, page, total).
  let page = { data: { list: [] as { id: string }[], total: 0 } };
  const captured = await captureSql(pool, async () => {
    const probe = await fetch(appUrl, { method: 'POST', headers, body: LIST_BODY });
    page = (await probe.json()) as typeof page;
  });
  console.log(`one list call: ${page.data.list.length} of ${page.data.total} records, ${captured.length} queries`);
  // The detail call reads the newest listed record, with real engine outcomes (the SQL seed leaves
  // `results` empty): ~75 KB of JSON through the row mapping and the answer, as a result page reads it.
  const detailId = page.data.list[0]!.id;
  const { results: realOutcomes } = await realResults();
  await pool.query('UPDATE diagnosis_record SET results = $1 WHERE id = $2', [realOutcomes, detailId]);
  const detailUrl = RECORD_PATHS.detail(detailId);
  const detailSql = await captureSql(pool, async () => {
    const r = await app.inject({ method: 'GET', url: detailUrl, headers });
    if (r.statusCode !== 200) throw new Error(`detail: ${r.statusCode} ${r.body}`);
  });

  const barePool = poolOf(where);
  // How the database runs the page query (an index in created-time order, or a sort of the scope).
  const pageQuery = captured.find((q) => /"diagnosis_record"/.test(q.text) && /limit/i.test(q.text));
  if (pageQuery) {
    const plan = await barePool.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${pageQuery.text}`, pageQuery.values);
    console.log(`page query plan:\n${plan.rows.map((r) => `  ${r['QUERY PLAN']}`).join('\n')}`);
  }
  const bare = Fastify();
  bare.post('/list', () => replay(barePool, captured));
  bare.get('/detail', () => replay(barePool, detailSql));
  await bare.listen({ host: '127.0.0.1', port: 0 });
  const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}/list`;
  const check = await fetch(bareUrl, { method: 'POST', headers, body: LIST_BODY });
  if (check.status !== 200) throw new Error(`bare handler: ${check.status} ${await check.text()}`);

  console.log(
    `load: ${CONCURRENCY} closed loops × ${SECONDS} s × ${ROUNDS} rounds, page of 100, ` +
      `${where.url ? 'PostgreSQL' : 'PGlite'}, body ${LIST_BODY}`,
  );
  // Rounds alternate app and bare so that a change in the shared machine's load falls on both.
  if (ROUNDS > 0) await loadRounds(appUrl, bareUrl, headers);

  // CPU of this process per call, one call at a time through inject (no sockets, no load thread):
  // what each costs in Node whatever the machine's load; the database's own CPU is not in it on
  // PostgreSQL (another process). App and bare take turns in chunks of 20 calls, so a change in
  // the shared machine's load falls on both.
  const perCall = async (a: () => Promise<{ statusCode: number }>, b: () => Promise<{ statusCode: number }>) => {
    for (let i = 0; i < 5; i++) await Promise.all([a(), b()]);
    const used = [0, 0];
    for (let done = 0; done < CPU_CALLS; done += 20)
      for (const [k, inject] of [a, b].entries()) {
        const c0 = process.cpuUsage();
        for (let i = 0; i < 20; i++) if ((await inject()).statusCode !== 200) throw new Error('inject failed');
        const c = process.cpuUsage(c0);
        used[k]! += c.user + c.system;
      }
    const calls = Math.ceil(CPU_CALLS / 20) * 20;
    return used.map((us) => us / 1000 / calls) as [number, number];
  };
  const calls = {
    list: {
      app: () => app.inject({ method: 'POST', url: RECORD_PATHS.list, headers, payload: LIST_BODY }),
      bare: () => bare.inject({ method: 'POST', url: '/list', headers, payload: LIST_BODY }),
    },
    detail: {
      app: () => app.inject({ method: 'GET', url: detailUrl, headers }),
      bare: () => bare.inject({ method: 'GET', url: '/detail', headers }),
    },
  };
  for (const [name, call] of Object.entries(calls)) {
    const [appCpu, bareCpu] = await perCall(call.app, call.bare);
    console.log(
      `CPU per ${name} call, ${CPU_CALLS} sequential injects: app ${appCpu.toFixed(2)} ms, bare ${bareCpu.toFixed(2)} ms ` +
        `(ratio ${(bareCpu / appCpu).toFixed(2)}); load ${loadAverage()}`,
    );
  }
  if (PROFILE_DIR) {
    mkdirSync(PROFILE_DIR, { recursive: true });
    for (const [name, call] of Object.entries(calls)) {
      const file = join(PROFILE_DIR, `${name}.cpuprofile`);
      const profile = await profiled(file, async () => {
        for (let i = 0; i < CPU_CALLS; i++) await call.app();
      });
      console.log(`profile of ${CPU_CALLS} app ${name} calls: ${file}\n${summarize(profile)}`);
    }
  }

  await bare.close();
  await app.close();
  await barePool.end();
  await pool.end();
  await where.drop();
  rmSync(dataDir, { recursive: true, force: true });
}

/** BENCH_ROUNDS rounds of closed loops on the app and the bare handler, and the targets. */
async function loadRounds(appUrl: string, bareUrl: string, headers: Record<string, string>): Promise<void> {
  const results: [string, Load & { cpuS: number; load: string }][] = [];
  for (let round = 1; round <= ROUNDS; round++)
    for (const [name, url] of [
      [`app   POST /backend/record/list  #${round}`, appUrl],
      [`bare  Fastify + pg, same SQL    #${round}`, bareUrl],
    ] as const) {
      if (round === 1) await drive(url, headers, 1); // warm-up
      const cpu0 = process.cpuUsage();
      const r = await drive(url, headers, SECONDS);
      const cpu = process.cpuUsage(cpu0);
      results.push([name, { ...r, cpuS: (cpu.user + cpu.system) / 1e6, load: loadAverage() }]);
    }
  for (const [name, r] of results)
    console.log(
      `${name.padEnd(37)} ${r.rps.toFixed(1).padStart(7)} req/s   p50 ${r.p50.toFixed(1).padStart(7)} ms   ` +
        `p99 ${r.p99.toFixed(1).padStart(7)} ms   ${(r.bytes / 1024).toFixed(0)} KB/answer   errors ${r.errors}   ` +
        `CPU ${((r.cpuS * 1000) / (r.rps * SECONDS)).toFixed(1)} ms/request (this process)   load ${r.load}`,
    );
  // Throughput over all rounds; p50/p99 of the round with the worse p99 (no pooled samples kept).
  const of = (prefix: string) => {
    const runs = results.filter(([n]) => n.startsWith(prefix)).map(([, r]) => r);
    const worst = runs.reduce((a, b) => (b.p99 > a.p99 ? b : a));
    return { rps: runs.reduce((a, r) => a + r.rps, 0) / runs.length, p99: worst.p99 };
  };
  const [appRun, bareRun] = [of('app'), of('bare')];
  const ratio = appRun.rps / bareRun.rps;
  console.log(
    `app / bare throughput ${ratio.toFixed(2)} (target ≥ 0.5: ${ratio >= 0.5 ? 'met' : 'MISSED'}); ` +
      `app p99 ${appRun.p99.toFixed(1)} ms (target < 50 ms: ${appRun.p99 < 50 ? 'met' : 'MISSED'})`,
  );
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
