import type pg from 'pg';
import { shippedMigrations } from './migrate.js';

export interface CheckReport {
  ok: boolean;
  /** One line per check, `ok …` or `FAIL …` / `note …`, in order. */
  lines: string[];
}

/**
 * Verifies an opened database without serving it (`npm run -s db:check`, issue 35 item 2): a
 * sanity query, drizzle's migration journal against this build's, and every table read to its
 * end (a `count(*)` visits each heap page, so a damaged page fails here rather than under a
 * request). Reads only; opening an embedded folder after a kill may still replay its WAL.
 */
export async function checkDatabase(pool: pg.Pool): Promise<CheckReport> {
  const lines: string[] = [];
  let ok = true;
  const fail = (line: string) => {
    ok = false;
    lines.push(`FAIL ${line}`);
  };
  try {
    const { rows } = await pool.query<{ v: string }>('select version() as v');
    lines.push(`ok   answers: ${rows[0]!.v.split(' on ')[0]}`);
  } catch (e) {
    fail(`no answer to a first query: ${(e as Error).message}`);
    return { ok, lines };
  }
  const shipped = shippedMigrations();
  try {
    const { rows } = await pool.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
    const applied = rows[0]!.n;
    if (applied > shipped) fail(`${applied} migrations applied but this build has ${shipped}: a newer build's data`);
    else if (applied < shipped)
      lines.push(`note ${applied} of ${shipped} migrations applied; the next start applies the rest`);
    else lines.push(`ok   ${applied} of ${shipped} migrations applied`);
  } catch (e) {
    fail(`no migration journal (drizzle.__drizzle_migrations): ${(e as Error).message}`);
  }
  const { rows: tables } = await pool.query<{ s: string; t: string }>(
    `select schemaname as s, tablename as t from pg_tables
     where schemaname not in ('pg_catalog', 'information_schema') order by 1, 2`,
  );
  let rowsRead = 0;
  let bad = 0;
  for (const { s, t } of tables) {
    try {
      const { rows } = await pool.query<{ n: number }>(`select count(*)::int as n from "${s}"."${t}"`);
      rowsRead += rows[0]!.n;
    } catch (e) {
      bad++;
      fail(`table ${s}.${t} cannot be read: ${(e as Error).message}`);
    }
  }
  if (!bad) lines.push(`ok   ${tables.length} tables read to their end (${rowsRead} rows)`);
  if (tables.length === 0) fail('no tables: an empty or newly created database');
  return { ok, lines };
}
