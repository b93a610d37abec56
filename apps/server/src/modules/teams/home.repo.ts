import { and, desc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { diagnosisRecords, users } from '../../db/schema/index.js';

/**
 * The few pieces of a finished record the home charts need, read with JSON paths so that a
 * chart never loads whole engine results. Reads records with its own SQL (the records module's
 * files belong to another area); the paths follow packages/contract (synthesis, constitution,
 * vitals results inside `results.<engine>.result`).
 */
const R = diagnosisRecords.results;
export const facetColumns = {
  id: diagnosisRecords.id,
  shareToken: diagnosisRecords.shareToken,
  personName: diagnosisRecords.personName,
  subjectUserId: diagnosisRecords.subjectUserId,
  ownerUserId: diagnosisRecords.ownerUserId,
  createdAt: diagnosisRecords.createdAt,
  conclusion: diagnosisRecords.conclusion,
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

const done = eq(diagnosisRecords.status, 'done');

/** A member's own finished records (the ones about them), newest first. */
export const ownRecords = (db: Db, userId: string, limit: number): Promise<FacetRow[]> =>
  db
    .select(facetColumns)
    .from(diagnosisRecords)
    .where(and(done, eq(diagnosisRecords.subjectUserId, userId)))
    .orderBy(desc(diagnosisRecords.createdAt), desc(diagnosisRecords.id))
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
    .from(diagnosisRecords)
    .where(and(done, eq(diagnosisRecords.teamId, teamId), gte(diagnosisRecords.createdAt, since), extra))
    .orderBy(desc(diagnosisRecords.createdAt), desc(diagnosisRecords.id))
    .limit(limit);

/** Records about one member (their own checks). */
export const aboutMember = (userId: string): SQL => eq(diagnosisRecords.subjectUserId, userId);

export const teamUsers = (db: Db, teamId: string) =>
  db.select({ id: users.id, name: users.name }).from(users).where(eq(users.teamId, teamId));

/**
 * Each member's last finished check: a record about them (subject). A leader's captures of other
 * people are not the leader's own check.
 */
export async function lastChecks(db: Db, userIds: string[]): Promise<Map<string, Date>> {
  if (!userIds.length) return new Map();
  const rows = await db
    .select({ who: diagnosisRecords.subjectUserId, at: sql<string>`max(${diagnosisRecords.createdAt})` })
    .from(diagnosisRecords)
    .where(and(done, inArray(diagnosisRecords.subjectUserId, userIds)))
    .groupBy(diagnosisRecords.subjectUserId);
  return new Map(rows.map((r) => [r.who!, new Date(r.at)]));
}
