import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

/** Jobs not yet finished per pg-boss queue and state; empty before pg-boss made its schema. */
export async function queueDepth(db: Db): Promise<Array<{ queue: string; state: string; n: number }>> {
  try {
    const { rows } = await db.execute<{ queue: string; state: string; n: number }>(sql`
      select name as queue, state::text as state, count(*)::int as n
        from pgboss.job where state in ('created', 'retry', 'active')
       group by name, state`);
    return rows;
  } catch (e) {
    // Before pg-boss made its schema (drizzle puts the SQLSTATE on the error's cause).
    const err = e as { code?: string; cause?: { code?: string } };
    if (['3F000', '42P01'].includes(err.cause?.code ?? err.code ?? '')) return [];
    throw e;
  }
}
