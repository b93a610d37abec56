/**
 * The large-screen display's queries at scale (issue 23 item 1, docs/display.md).
 *
 *   bash scripts/with-postgres.sh npm run bench:display -w @tcm/server
 *
 * Needs DATABASE_URL (PostgreSQL 15: scripts/with-postgres.sh starts a throw-away one). Creates a
 * new database beside it, migrates it, seeds BENCH_RECORDS finished records (default 1,000,000;
 * 2% failed on top) spread over the last 365 days, over 200 teams (one big team holding 5%) and
 * 500 devices in every province, each with a compact `results` of the shape the engines write
 * (tongue features, synthesis constitution, top pattern and vitals), then VACUUM ANALYZE (what
 * autovacuum does in production) and times each display query BENCH_RUNS times (default 7),
 * printing the median and the slowest in ms, the plan's scan of diagnosis_record, and the whole
 * summary as the route computes it. The database is dropped at the end.
 */
import { loadavg } from 'node:os';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { DISPLAY_PROVINCES } from '@tcm/contract';
import { runMigrations } from '../src/db/migrate.js';
import * as schema from '../src/db/schema/index.js';
import type { Db } from '../src/db/client.js';
import * as repo from '../src/modules/display/display.repo.js';
import { localDay, summary } from '../src/modules/display/display.service.js';

const N = Number(process.env.BENCH_RECORDS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const LIMIT_MS = 100;

const url = process.env.DATABASE_URL;
if (!url) {
  console.error(
    'DATABASE_URL is not set: run it as bash scripts/with-postgres.sh npm run bench:display -w @tcm/server',
  );
  process.exit(2);
}

const name = `tcm_display_bench_${Date.now()}`;
const admin = new pg.Client({ connectionString: url });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const u = new URL(url);
u.pathname = `/${name}`;
const pool = new pg.Pool({ connectionString: u.toString(), max: 8 });
// DROP DATABASE … WITH (FORCE) at the end ends any idle client still open: not an error here.
pool.on('error', () => {});
const db = drizzle(pool, { schema }) as unknown as Db;

const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6;

try {
  await runMigrations(db);
  // A bulk load with the per-row trigger off, then the daily counts rebuilt in one statement.
  await pool.query('ALTER TABLE diagnosis_record DISABLE TRIGGER display_daily_sync');
  const t0 = process.hrtime.bigint();
  await seed();
  console.log(`seeded ${N.toLocaleString('en')} finished records (+2% failed) in ${(ms(t0) / 1000).toFixed(0)} s`);
  const tr = process.hrtime.bigint();
  await pool.query('SELECT display_daily_rebuild()');
  await pool.query('ALTER TABLE diagnosis_record ENABLE TRIGGER display_daily_sync');
  const daily = (await pool.query<{ n: string }>('select count(*) n from display_daily')).rows[0]!.n;
  console.log(`display_daily rebuilt in ${(ms(tr) / 1000).toFixed(1)} s: ${Number(daily).toLocaleString('en')} rows`);
  const t1 = process.hrtime.bigint();
  await pool.query('VACUUM ANALYZE diagnosis_record');
  await pool.query('VACUUM ANALYZE device');
  console.log(`VACUUM ANALYZE ${(ms(t1) / 1000).toFixed(0)} s`);
  const { rows } = await pool.query<{ server_version: string }>('show server_version');
  console.log(`PostgreSQL ${rows[0]!.server_version}`);
  await measure();
  await writeCost();
} finally {
  await pool.end();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}

/** Teams, devices and records, generated inside PostgreSQL (one INSERT … SELECT per chunk). */
async function seed() {
  await pool.query(`insert into teams (name) select 'team ' || g from generate_series(1, 200) g`);
  const provinces = DISPLAY_PROVINCES.map((p) => `'${p.zh}'`).join(',');
  await pool.query(`
    insert into device (team_id, name, location, secret_hash, enabled, last_seen_at)
    select (select id from teams order by name offset (g % 200) limit 1), 'device ' || g,
           (array[${provinces}])[1 + g % ${DISPLAY_PROVINCES.length}] || '某市', 'x', g % 40 <> 0,
           now() - (g % 30) * interval '1 minute'
      from generate_series(1, 500) g`);
  const feature = (f: string, labels: string[]) =>
    `'${f}', jsonb_build_object('label', (array[${labels.map((l) => `'${l}'`).join(',')}])[1 + floor(random() * ${labels.length})::int], 'score', 0.5)`;
  const CHUNK = 100_000;
  const total = Math.round(N * 1.02);
  for (let start = 0; start < total; start += CHUNK) {
    const end = Math.min(total, start + CHUNK);
    await pool.query(`
      with t as (select array_agg(id order by name) ids from teams),
           d as (select array_agg(id order by name) ids, array_agg(team_id order by name) teams from device)
      insert into diagnosis_record (source, status, team_id, device_id, person_name, share_token, results, created_at, finished_at)
      select case when g % 3 = 0 then 'device' else 'team' end,
             case when g % 51 = 0 then 'failed' else 'done' end,
             case when g % 3 = 0 then d.teams[1 + g % 500] when g % 20 = 0 then t.ids[1] else t.ids[1 + g % 200] end,
             case when g % 3 = 0 then d.ids[1 + g % 500] end,
             '张' || g, 'bench-' || g,
             jsonb_build_object(
               'tongue', jsonb_build_object('status', 'done', 'ms', 1, 'version', '{"engine":"tongue"}'::jsonb, 'result',
                 jsonb_build_object('features', jsonb_build_object(
                   ${feature('bodyColor', ['pale', 'light_red', 'light_red', 'red', 'purple'])},
                   ${feature('coatingColor', ['white', 'white', 'light_yellow', 'yellow'])},
                   ${feature('coatingThickness', ['thin', 'thin', 'thick'])},
                   ${feature('greasy', ['not_greasy', 'not_greasy', 'greasy'])},
                   ${feature('peeled', ['none', 'none', 'none', 'partial'])},
                   ${feature('moisture', ['normal', 'normal', 'moist', 'dry'])},
                   ${feature('cracks', ['none', 'none', 'light', 'severe'])},
                   ${feature('toothMarks', ['none', 'none', 'light'])},
                   ${feature('spots', ['none', 'none', 'none', 'prickles'])},
                   ${feature('shape', ['normal', 'normal', 'swollen', 'thin'])}))),
               'synthesis', jsonb_build_object('status', 'done', 'ms', 1, 'version', '{"engine":"synthesis"}'::jsonb, 'result',
                 jsonb_build_object(
                   'constitution', jsonb_build_object('summary', jsonb_build_object('balanced', 'no',
                     'types', jsonb_build_array((array['A','B','C','D','E','F','G','H','I'])[1 + floor(random() * 9)::int]), 'tendencies', '[]'::jsonb)),
                   'patterns', jsonb_build_array(jsonb_build_object('id', 'p' || floor(random() * 24)::int,
                     'name', jsonb_build_object('zh', '证型', 'en', 'Pattern'))),
                   'vitals', case when random() < 0.8 then jsonb_build_object('overall',
                     (array['low','low','medium','high'])[1 + floor(random() * 4)::int]) end))),
             x.at, x.at
        from generate_series(${start + 1}, ${end}) g, t, d,
             lateral (select now() - random() * interval '365 days' as at) x`);
    process.stdout.write(`  ${end.toLocaleString('en')} rows\r`);
  }
}

async function time(label: string, run: () => Promise<unknown>, explain?: string) {
  await run(); // warm the cache once, as a screen that refreshes every few seconds does
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = process.hrtime.bigint();
    await run();
    times.push(ms(t0));
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  const max = times.at(-1)!;
  let plan = '';
  if (explain) {
    const { rows } = await pool.query<{ 'QUERY PLAN': string }>(`explain ${explain}`);
    plan = rows
      .map((r) => r['QUERY PLAN'])
      .filter((l) => /Scan/.test(l))
      .map((l) => l.trim().replace(/\s+\(cost.*$/, ''))
      .join('; ');
  }
  const flag = median <= LIMIT_MS ? 'ok' : 'OVER';
  console.log(
    `${label.padEnd(44)} median ${median.toFixed(1).padStart(7)} ms  max ${max.toFixed(1).padStart(7)} ms  ${flag}  ${plan}`,
  );
}

async function measure() {
  const now = Date.now();
  const today = localDay(now);
  const month = `${today.slice(0, 8)}01`;
  const from30 = localDay(now - 29 * 86_400_000);
  const from90 = localDay(now - 89 * 86_400_000);
  const big = (await pool.query<{ id: string }>('select id from teams order by name limit 1')).rows[0]!.id;
  const bigCount = (
    await pool.query<{ n: string }>(`select count(*) n from diagnosis_record where team_id = $1`, [big])
  ).rows[0]!.n;
  console.log(`big team: ${Number(bigCount).toLocaleString('en')} records`);
  // The machine is shared: the load says how to read the times below.
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')}\n`,
  );
  const cursor = (await pool.query<{ c: string }>(`select (now() - interval '5 seconds')::text c`)).rows[0]!.c;
  for (const scope of [{ teamId: null }, { teamId: big }] as repo.Scope[]) {
    const tag = scope.teamId ? 'team' : 'platform';
    const key = scope.teamId ?? 'all';
    await time(
      `${tag}: display_daily in one statement, 30 days`,
      () => repo.daily(db, scope, { today, month, from: from30 }),
      `select facet, key, sum(n) from display_daily where scope = '${key}' and facet in ('constitution', 'pattern', 'risk', 'device', 'tongue') and day >= '${from30}' group by 1, 2`,
    );
    await time(`${tag}: display_daily in one statement, 90 days`, () =>
      repo.daily(db, scope, { today, month, from: from90 }),
    );
    await time(`${tag}: devices`, () => repo.devices(db, scope, new Date(now - 600_000), 50));
    await time(`${tag}: feed first screen`, () => repo.latestFinished(db, scope, 10));
    await time(`${tag}: feed poll`, () => repo.finishedAfter(db, scope, cursor, 50));
    await time(`${tag}: whole summary (route), 30 days`, () => summary(db, { ...scope, name: '' }, 30));
    await time(`${tag}: whole summary (route), 90 days`, () => summary(db, { ...scope, name: '' }, 90));
  }
  await time('pattern name lookup', () => repo.patternName(db, 'p7'));
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')}`,
  );
}

/** What the trigger adds to a record's write: 1,000 finished records inserted one by one, with and without it. */
async function writeCost() {
  const one = `insert into diagnosis_record (source, status, team_id, share_token, results)
    select 'team', 'done', (select id from teams order by name limit 1), $1,
           (select results from diagnosis_record where status = 'done' limit 1)`;
  for (const on of [true, false]) {
    await pool.query(`ALTER TABLE diagnosis_record ${on ? 'ENABLE' : 'DISABLE'} TRIGGER display_daily_sync`);
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < 1000; i++) await pool.query(one, [`w-${on}-${i}`]);
    console.log(
      `1,000 finished records inserted one by one, trigger ${on ? 'on ' : 'off'}: ${(ms(t0) / 1000).toFixed(2)} ms each`,
    );
  }
}
