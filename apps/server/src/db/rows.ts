import { getTableName, type SQL } from 'drizzle-orm';
import type { PgInsertValue, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';

// Widened as in tablePage (paging.ts): Drizzle's builders cannot check a generic table; what
// these return keeps the table's row type.

/** The row `where` selects by a unique column (an id, a hash, a token), if any. */
export async function firstRow<T extends PgTable>(
  db: Db,
  table: T,
  where: SQL,
): Promise<T['$inferSelect'] | undefined> {
  const source: PgTable = table;
  const [row] = await db.select().from(source).where(where);
  return row;
}

/**
 * Updates the row `where` selects and stamps its `updatedAt` (the tables whose edits a list sorts
 * by); the row as it is now, or undefined when none matched.
 */
export async function updateStamped<T extends PgTable & { updatedAt: unknown }>(
  db: Db,
  table: T,
  where: SQL,
  values: Partial<T['$inferInsert']>,
): Promise<T['$inferSelect'] | undefined> {
  const target: PgTable = table;
  const set = { ...values, updatedAt: new Date() } as PgUpdateSetSource<PgTable>;
  const [row] = await db.update(target).set(set).where(where).returning();
  return row;
}

/** Deletes the rows `where` selects; whether there was one. */
export async function deleteWhere(db: Db, table: PgTable, where: SQL): Promise<boolean> {
  return (await db.delete(table).where(where).returning()).length > 0;
}

/** Inserts one row; the row as stored (defaults and generated ids filled in). */
export async function insertRow<T extends PgTable>(
  db: Db,
  table: T,
  values: T['$inferInsert'],
): Promise<T['$inferSelect']> {
  const target: PgTable = table;
  const [row] = await db
    .insert(target)
    .values(values as PgInsertValue<PgTable>)
    .returning();
  if (!row) throw new Error(`insert into ${getTableName(table)} returned no row`);
  return row;
}
