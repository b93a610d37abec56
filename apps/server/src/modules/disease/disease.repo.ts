import { RESULT_STATUSES } from '@tcm/contract';
import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { recordsTable, diseaseEntries, diseaseScreenings, users } from '../../db/schema/index.js';

export type DiseaseEntryRow = typeof diseaseEntries.$inferSelect;
export type ScreeningRowDb = typeof diseaseScreenings.$inferSelect & { createdByName: string | null };
type NewScreening = typeof diseaseScreenings.$inferInsert;

export const entryRows = (db: Db): Promise<DiseaseEntryRow[]> => db.select().from(diseaseEntries);

export const entryRow = async (db: Db, id: string): Promise<DiseaseEntryRow | undefined> =>
  (await db.select().from(diseaseEntries).where(eq(diseaseEntries.id, id)))[0];

/**
 * Saves the next version of an entry. The version must still be `expected` (optimistic: a second
 * editor saving the same version gets the conflict, not a silent overwrite).
 */
export async function saveEntry(
  db: Db,
  row: Pick<DiseaseEntryRow, 'id' | 'content' | 'version' | 'updatedBy'>,
): Promise<DiseaseEntryRow | undefined> {
  const [saved] = await db
    .insert(diseaseEntries)
    .values({ ...row, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: diseaseEntries.id,
      set: { content: row.content, version: row.version, updatedBy: row.updatedBy, updatedAt: new Date() },
      setWhere: sql`${diseaseEntries.version} = ${row.version - 1}`,
    })
    .returning();
  return saved;
}

export async function loginNameOf(db: Db, id: string | null): Promise<string | null> {
  if (!id) return null;
  return (await db.select({ n: users.loginName }).from(users).where(eq(users.id, id)))[0]?.n ?? null;
}

/** Done records of one team, newest first, with the columns a picker shows. */
export async function teamDoneRecords(db: Db, teamId: string, page: number, size: number) {
  const where = and(eq(recordsTable.teamId, teamId), inArray(recordsTable.status, [...RESULT_STATUSES]));
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: recordsTable.id,
        createdAt: recordsTable.createdAt,
        personName: recordsTable.personName,
        personSex: recordsTable.personSex,
        personAge: recordsTable.personAge,
        results: recordsTable.results,
      })
      .from(recordsTable)
      .where(where)
      .orderBy(desc(recordsTable.createdAt))
      .limit(size)
      .offset((page - 1) * size),
    db.select({ n: count() }).from(recordsTable).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function insertScreening(db: Db, values: NewScreening): Promise<string> {
  const [row] = await db.insert(diseaseScreenings).values(values).returning({ id: diseaseScreenings.id });
  return row!.id;
}

const withCreator = {
  row: diseaseScreenings,
  createdByName: users.loginName,
};

const flatten = (r: { row: typeof diseaseScreenings.$inferSelect; createdByName: string | null }): ScreeningRowDb => ({
  ...r.row,
  createdByName: r.createdByName,
});

export async function screeningRow(db: Db, id: string): Promise<ScreeningRowDb | undefined> {
  const [r] = await db
    .select(withCreator)
    .from(diseaseScreenings)
    .leftJoin(users, eq(users.id, diseaseScreenings.createdBy))
    .where(eq(diseaseScreenings.id, id));
  return r && flatten(r);
}

export async function screeningPage(db: Db, where: SQL, page: number, size: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select(withCreator)
      .from(diseaseScreenings)
      .leftJoin(users, eq(users.id, diseaseScreenings.createdBy))
      .where(where)
      .orderBy(desc(diseaseScreenings.createdAt))
      .limit(size)
      .offset((page - 1) * size),
    db.select({ n: count() }).from(diseaseScreenings).where(where),
  ]);
  return { rows: rows.map(flatten), total: total?.n ?? 0 };
}

/** Screenings per disease and level in the scope (one grouped query). */
export const levelCounts = (db: Db, where: SQL) =>
  db
    .select({
      diseaseId: diseaseScreenings.diseaseId,
      level: diseaseScreenings.level,
      n: count(),
      riskSum: sql<number>`sum(${diseaseScreenings.risk})`.mapWith(Number),
    })
    .from(diseaseScreenings)
    .where(where)
    .groupBy(diseaseScreenings.diseaseId, diseaseScreenings.level);

/** Screenings per month (UTC) and level in the scope, newest 12 months that have any. */
export async function monthlyCounts(db: Db, where: SQL) {
  const month = sql<string>`to_char(${diseaseScreenings.createdAt} at time zone 'UTC', 'YYYY-MM')`;
  return db
    .select({ month, level: diseaseScreenings.level, n: count() })
    .from(diseaseScreenings)
    .where(where)
    .groupBy(month, diseaseScreenings.level)
    .orderBy(desc(month))
    .limit(36);
}

/** Inserts an added disease as version 1; undefined when the id is taken. */
export async function insertCustomEntry(
  db: Db,
  row: Pick<DiseaseEntryRow, 'id' | 'content' | 'model' | 'createdBy' | 'updatedBy'>,
): Promise<DiseaseEntryRow | undefined> {
  const [saved] = await db
    .insert(diseaseEntries)
    .values({ ...row, version: 1 })
    .onConflictDoNothing()
    .returning();
  return saved;
}

export const hasScreenings = async (db: Db, diseaseId: string): Promise<boolean> =>
  (
    await db
      .select({ id: diseaseScreenings.id })
      .from(diseaseScreenings)
      .where(eq(diseaseScreenings.diseaseId, diseaseId))
      .limit(1)
  ).length > 0;

export const deleteEntry = (db: Db, id: string) => db.delete(diseaseEntries).where(eq(diseaseEntries.id, id));
