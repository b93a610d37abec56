import { count, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';

/** Which page of a list (1-based) and how many rows a page holds. */
export interface PageRequest {
  page: number;
  size: number;
}

/**
 * One page of a table's rows under `where`, in `order`, and how many rows `where` matches in all:
 * the list calls of the back-office. `order` ends with a unique column, so pages never overlap.
 * The two queries run one after the other: the embedded PGlite serves a single connection.
 */
export async function tablePage<T extends PgTable>(
  db: Db,
  table: T,
  where: SQL | undefined,
  order: readonly (PgColumn | SQL)[],
  { page, size }: PageRequest,
): Promise<{ rows: T['$inferSelect'][]; total: number }> {
  // Widened: Drizzle's select cannot check a generic table; the rows keep the table's row type.
  const source: PgTable = table;
  const rows = await db
    .select()
    .from(source)
    .where(where)
    .orderBy(...order)
    .limit(size)
    .offset((page - 1) * size);
  const [n] = await db.select({ n: count() }).from(source).where(where);
  return { rows, total: n?.n ?? 0 };
}
