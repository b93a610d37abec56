import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

/**
 * Counts one call against `key` in a fixed window of `windowS` seconds, in the database (so
 * several server processes share it), in one statement (so parallel calls cannot slip past
 * the count). Returns how many seconds the caller must wait, or 0 while within `limit`.
 * Refused calls count too: hammering a closed window gains nothing.
 */
export async function countCall(db: Db, key: string, limit: number, windowS: number): Promise<number> {
  const expired = sql`login_failures.window_start <= now() - make_interval(secs => ${windowS})`;
  const { rows } = await db.execute<{ n: number; wait_s: number }>(sql`
    insert into login_failures (key, failures, window_start) values (${key}, 1, now())
    on conflict (key) do update set
      failures = case when ${expired} then 1 else login_failures.failures + 1 end,
      window_start = case when ${expired} then now() else login_failures.window_start end
    returning failures as n,
      ceil(extract(epoch from window_start + make_interval(secs => ${windowS}) - now()))::int as wait_s`);
  const row = rows[0]!;
  return row.n > limit ? Math.max(1, row.wait_s) : 0;
}
