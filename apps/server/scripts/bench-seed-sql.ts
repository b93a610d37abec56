/**
 * Seeds many records (table diagnosis_record) with one INSERT … SELECT generate_series per batch (not the API,
 * not row by row from Node): a million rows in minutes. For bench-record-list.ts at
 * BENCH_RECORDS ≥ 20,000.
 *
 * The rows carry the list's columns as the small seed does (name, sex, age, phone, owner, team,
 * files, vitals, conclusion, times) but `results` is `{}`: a done record's ~75 KB of engine
 * outcomes would make a million rows ~10 GB of TOAST, and the list never reads that column (it
 * selects the summary columns only), so it does not change what a list call costs. The display
 * trigger (display_daily) is off while seeding: the display is not what this benchmark measures.
 */
import type pg from 'pg';

const BATCH = 100_000;

export async function seedRecordsSql(
  pool: pg.Pool,
  n: number,
  owners: { doctors: string[]; leaders: { id: string; teamId: string }[] },
  conclusion: string | null,
): Promise<void> {
  const t0 = performance.now();
  await pool.query('ALTER TABLE diagnosis_record DISABLE TRIGGER USER');
  const doctors = owners.doctors;
  const leaders = owners.leaders.map((l) => l.id);
  const teamsOf = owners.leaders.map((l) => l.teamId);
  // Same spread as the small seed: even rows the bench doctor's, i % 4 = 3 a team's, the rest
  // the nine other doctors'. Arrays are 1-based in SQL.
  const sql = `
    INSERT INTO diagnosis_record (source, status, person_name, person_sex, person_age, person_phone,
      owner_user_id, team_id, files, vitals, conclusion, share_token, created_at, finished_at)
    SELECT CASE WHEN i % 4 = 3 THEN 'team' ELSE 'doctor' END, 'done',
      '患者 ' || (i % 400), CASE WHEN i % 3 = 0 THEN 'male' ELSE 'female' END, 20 + i % 60,
      '139' || lpad((i % 400)::text, 8, '0'),
      CASE WHEN i % 4 = 3 THEN ($2::uuid[])[1 + i % cardinality($2::uuid[])]
           WHEN i % 2 = 0 THEN ($1::uuid[])[1]
           ELSE ($1::uuid[])[2 + i % (cardinality($1::uuid[]) - 1)] END,
      CASE WHEN i % 4 = 3 THEN ($3::uuid[])[1 + i % cardinality($3::uuid[])] END,
      jsonb_build_object('tongue', gen_random_uuid(), 'face', gen_random_uuid()),
      jsonb_build_object('heightCm', 163, 'weightKg', 60 + i % 20, 'systolic', 120, 'diastolic', 80),
      $4, 'bench' || lpad(i::text, 38, '0'),
      now() - interval '2 years' + i * interval '1 minute',
      now() - interval '2 years' + i * interval '1 minute' + interval '5 seconds'
    FROM generate_series($5::int, $6::int) AS i`;
  for (let start = 0; start < n; start += BATCH) {
    const end = Math.min(n, start + BATCH) - 1;
    await pool.query(sql, [doctors, leaders, teamsOf, conclusion, start, end]);
    process.stdout.write(`\rseeding ${end + 1} / ${n} (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
  }
  process.stdout.write('\n');
  await pool.query('ALTER TABLE diagnosis_record ENABLE TRIGGER USER');
  await pool.query('VACUUM ANALYZE diagnosis_record');
  const size = await pool.query<{ size: string }>(
    `SELECT pg_size_pretty(pg_total_relation_size('diagnosis_record')) AS size`,
  );
  console.log(
    `seeded ${n} records by SQL in ${((performance.now() - t0) / 1000).toFixed(0)} s ` +
      `(results {}; table + indexes ${size.rows[0]!.size})`,
  );
}
