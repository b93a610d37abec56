import { RESULT_STATUSES } from '@tcm/contract';
import { desc, eq, and, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { recordsTable, teamAdviceVersions } from '../../db/schema/index.js';

export type AdviceVersionRow = typeof teamAdviceVersions.$inferSelect;
type NewVersion = Pick<AdviceVersionRow, 'teamId' | 'action' | 'entries' | 'note' | 'createdBy'>;

/** A team's versions, newest first. */
export const listVersions = (db: Db, teamId: string): Promise<AdviceVersionRow[]> =>
  db
    .select()
    .from(teamAdviceVersions)
    .where(eq(teamAdviceVersions.teamId, teamId))
    .orderBy(desc(teamAdviceVersions.version));

/** The version in force (the newest), if the team ever saved one. */
export const latestVersion = async (db: Db, teamId: string): Promise<AdviceVersionRow | undefined> =>
  (
    await db
      .select()
      .from(teamAdviceVersions)
      .where(eq(teamAdviceVersions.teamId, teamId))
      .orderBy(desc(teamAdviceVersions.version))
      .limit(1)
  )[0];

export const findVersion = async (db: Db, teamId: string, version: number): Promise<AdviceVersionRow | undefined> =>
  (
    await db
      .select()
      .from(teamAdviceVersions)
      .where(and(eq(teamAdviceVersions.teamId, teamId), eq(teamAdviceVersions.version, version)))
  )[0];

/**
 * Adds the next version. Two leaders saving at once would pick the same number: the unique
 * index refuses the second, which then takes the number after (one retry is enough for two).
 */
export async function addVersion(db: Db, v: NewVersion): Promise<AdviceVersionRow> {
  for (let attempt = 0; ; attempt++) {
    const next = ((await latestVersion(db, v.teamId))?.version ?? 0) + 1;
    try {
      const [row] = await db
        .insert(teamAdviceVersions)
        .values({ ...v, version: next })
        .returning();
      return row!;
    } catch (e) {
      if (attempt >= 2) throw e;
    }
  }
}

/** The team's newest done record: what the preview shows when no record is named. */
export const newestDoneRecord = async (db: Db, teamId: string) =>
  (
    await db
      .select()
      .from(recordsTable)
      .where(and(eq(recordsTable.teamId, teamId), inArray(recordsTable.status, [...RESULT_STATUSES])))
      .orderBy(desc(recordsTable.createdAt))
      .limit(1)
  )[0];
