import { RESULT_STATUSES } from '@tcm/contract';
import { and, desc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { recordsTable, users } from '../../db/schema/index.js';

/**
 * The few pieces of a finished record the home charts need, read with JSON paths so that a
 * chart never loads whole engine results. Reads records with its own SQL (the records module's
 * files belong to another area); the paths follow packages/contract (synthesis, constitution,
 * vitals results inside `results.<engine>.result`).
 */
const R = recordsTable.results;
export const facetColumns = {
  id: recordsTable.id,
  shareToken: recordsTable.shareToken,
  personName: recordsTable.personName,
  subjectUserId: recordsTable.subjectUserId,
  ownerUserId: recordsTable.ownerUserId,
  createdAt: recordsTable.createdAt,
  conclusion: recordsTable.conclusion,
  constitution: sql<unknown>`coalesce(${R}->'synthesis'->'result'->'constitution', ${R}->'constitution'->'result')`,
  pattern: sql<unknown>`${R}->'synthesis'->'result'->'patterns'->0`,
  vitals: sql<unknown>`coalesce(${R}->'synthesis'->'result'->'vitals', ${R}->'vitals'->'result')`,
};
export interface FacetRow {
  id: string;
  shareToken: string;
  personName: string | null;
  subjectUserId: string | null;
  ownerUserId: string | null;
  createdAt: Date;
  conclusion: string | null;
  constitution: unknown;
  pattern: unknown;
  vitals: unknown;
}

// Finished records with results (partial ones too: what they hold is real; issue 32).
const done = inArray(recordsTable.status, [...RESULT_STATUSES]);

/** A member's own finished records (the ones about them), newest first. */
export const ownRecords = (db: Db, userId: string, limit: number): Promise<FacetRow[]> =>
  db
    .select(facetColumns)
    .from(recordsTable)
    .where(and(done, eq(recordsTable.subjectUserId, userId)))
    .orderBy(desc(recordsTable.createdAt), desc(recordsTable.id))
    .limit(limit);

/** A team's finished records since `since`, newest first (every source: member, team, device). */
export const teamRecordsSince = (
  db: Db,
  teamId: string,
  since: Date,
  limit: number,
  extra?: SQL,
): Promise<FacetRow[]> =>
  db
    .select(facetColumns)
    .from(recordsTable)
    .where(and(done, eq(recordsTable.teamId, teamId), gte(recordsTable.createdAt, since), extra))
    .orderBy(desc(recordsTable.createdAt), desc(recordsTable.id))
    .limit(limit);

/** Records about one member (their own checks). */
export const aboutMember = (userId: string): SQL => eq(recordsTable.subjectUserId, userId);

export const teamUsers = (db: Db, teamId: string) =>
  db.select({ id: users.id, name: users.name }).from(users).where(eq(users.teamId, teamId));

/**
 * Each member's last finished check: a record about them (subject). A leader's captures of other
 * people are not the leader's own check.
 */
export async function lastChecks(db: Db, userIds: string[]): Promise<Map<string, Date>> {
  if (!userIds.length) return new Map();
  const rows = await db
    .select({ who: recordsTable.subjectUserId, at: sql<string>`max(${recordsTable.createdAt})` })
    .from(recordsTable)
    .where(and(done, inArray(recordsTable.subjectUserId, userIds)))
    .groupBy(recordsTable.subjectUserId);
  return new Map(rows.map((r) => [r.who!, new Date(r.at)]));
}
