/**
 * Cost of the one-time trend repair's scan at server start (docs/security.md §1).
 *
 *   npm run bench:rescope -w @tcm/server
 *
 * Seeds BENCH_RECORDS finished doctor records (default 20000) with vitals into a throw-away
 * embedded PGlite: BENCH_NAMES patient names (default 2000, each with its phone) spread over 50
 * doctors at random, so most names have records of several doctors (the old grouping's
 * cross-owner pairs). Their stored vitals outcome is small (one trend holding the record's own
 * reading; real results are ~75 KB); about 1% get another doctor's earlier reading added, the
 * way the worker before the fix stored it. Prints the time of the old-grouping SQL, of a dry run
 * (the full scan), of the repair and of a second run.
 */
import { openDatabase } from '../src/db/client.js';
import { runMigrations } from '../src/db/migrate.js';
import { recordsTable, users } from '../src/db/schema/index.js';
import { oldHistoryCandidates, rescopeTrends } from '../src/modules/records/rescope-trends.js';
import { sql } from 'drizzle-orm';

const N = Number(process.env.BENCH_RECORDS ?? 20000);
const NAMES = Number(process.env.BENCH_NAMES ?? 2000);

async function main(): Promise<void> {
  const database = await openDatabase({ inMemory: true });
  const db = database.db;
  try {
    await runMigrations(db);
    const doctors = await db
      .insert(users)
      .values(
        Array.from({ length: 50 }, (_, i) => ({
          entrance: 'doctor' as const,
          loginName: `bench_doc_${i}`,
          name: 'Doc',
        })),
      )
      .returning({ id: users.id });
    const ids = sql.raw(`array[${doctors.map((d) => `'${d.id}'::uuid`).join(',')}]`);
    const t0 = performance.now();
    // Each record's vitals trends hold its own reading (as the scoped worker writes it).
    await db.execute(sql`
      insert into ${recordsTable} (source, status, person_name, person_phone, owner_user_id, vitals, results, share_token, created_at)
      select 'doctor', 'done', 'P' || (i % ${NAMES}), '138' || lpad((i % ${NAMES})::text, 8, '0'),
             (${ids})[1 + floor(random() * 50)::int], '{"heightCm":170,"weightKg":60}'::jsonb,
             jsonb_build_object('vitals', jsonb_build_object('status', 'done', 'ms', 1,
               'version', jsonb_build_object('engine', 'vitals@1.0.0'),
               'result', jsonb_build_object('trends', jsonb_build_array(jsonb_build_object('field', 'weightKg',
                 'points', jsonb_build_array(jsonb_build_object('value', 60,
                   'date', to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))))))),
             md5(random()::text || i), at
      from (select i, now() - (i || ' minutes')::interval as at from generate_series(1, ${N}) i) s`);
    console.log(`seeded ${N} records, ${NAMES} names, 50 doctors in ${Math.round(performance.now() - t0)} ms`);
    // About 1% of them analyzed the old way: one more point, another doctor's earlier reading.
    await db.execute(sql`
      update ${recordsTable} r
      set results = jsonb_set(r.results, '{vitals,result,trends,0,points}',
        jsonb_build_array(jsonb_build_object('value', 99,
          'date', to_char(x.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))) || (r.results #> '{vitals,result,trends,0,points}'))
      from (
        select r2.id, max(e.created_at) as at
        from ${recordsTable} r2
        join ${recordsTable} e on e.person_name = r2.person_name and e.owner_user_id <> r2.owner_user_id
          and e.created_at < r2.created_at
        where abs(hashtext(r2.id::text)) % 100 = 0
        group by r2.id
      ) x
      where x.id = r.id`);
    const t3 = performance.now();
    const candidates = await oldHistoryCandidates(db);
    console.log(`old-grouping SQL: ${candidates.length} candidate records in ${Math.round(performance.now() - t3)} ms`);
    const quiet = { info: () => {}, warn: () => {} };
    for (const [run, dryRun] of [
      ['dry run', true],
      ['repair', false],
      ['second run', false],
    ] as const) {
      const t1 = performance.now();
      const r = await rescopeTrends(db, quiet, { dryRun });
      const ms = Math.round(performance.now() - t1);
      console.log(`${run}: ${r.affected.length} affected, ${r.repaired.length} repaired, ${ms} ms`);
    }
  } finally {
    await database.close();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
