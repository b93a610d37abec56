import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  archiveCases,
  archiveFormulas,
  archiveGroupMembers,
  archiveGroups,
  archiveHerbOverrides,
  archiveVisits,
  users,
} from '../../db/schema/index.js';
import { firstRow, insertRow } from '../../db/rows.js';

export type CaseRow = typeof archiveCases.$inferSelect;
export type CaseInsert = typeof archiveCases.$inferInsert;
export type VisitRow = typeof archiveVisits.$inferSelect;
export type VisitInsert = typeof archiveVisits.$inferInsert;
export type GroupRow = typeof archiveGroups.$inferSelect;

/** Group ids shared with this doctor (as a member; the owner's own groups hold only own cases). */
export const sharedGroupIds = (userId: string) =>
  sql`(select ${archiveGroupMembers.groupId} from ${archiveGroupMembers} where ${archiveGroupMembers.userId} = ${userId})`;

/** The cases a doctor may open: own cases, and cases in a group shared with them. */
export const visibleCases = (userId: string): SQL =>
  or(eq(archiveCases.ownerUserId, userId), inArray(archiveCases.groupId, sharedGroupIds(userId)))!;

export const insertCase = (db: Db, values: CaseInsert): Promise<CaseRow> => insertRow(db, archiveCases, values);

export const findCase = (db: Db, id: string): Promise<CaseRow | undefined> =>
  firstRow(db, archiveCases, eq(archiveCases.id, id));

export async function findCases(db: Db, ids: readonly string[]): Promise<CaseRow[]> {
  return db
    .select()
    .from(archiveCases)
    .where(inArray(archiveCases.id, [...ids]));
}

export async function updateCase(db: Db, id: string, set: Partial<CaseInsert>): Promise<void> {
  await db
    .update(archiveCases)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(archiveCases.id, id));
}

export async function updateCases(db: Db, ids: readonly string[], set: Partial<CaseInsert>): Promise<void> {
  await db
    .update(archiveCases)
    .set({ ...set, updatedAt: new Date() })
    .where(inArray(archiveCases.id, [...ids]));
}

/** Live cases, or (recycle) those deleted after `deletedSince`. */
export const liveOrRecycled = (recycle: boolean, deletedSince: Date): SQL =>
  recycle
    ? and(isNotNull(archiveCases.deletedAt), gt(archiveCases.deletedAt, deletedSince))!
    : isNull(archiveCases.deletedAt);

export interface CaseListRow extends CaseRow {
  ownerName: string;
  groupName: string | null;
}

export async function listCases(
  db: Db,
  where: SQL,
  page: { offset: number; limit: number; order: 'asc' | 'desc' },
): Promise<{ rows: CaseListRow[]; total: number }> {
  const sort = page.order === 'asc' ? asc : desc;
  const rows = await db
    .select({ c: archiveCases, ownerName: users.name, groupName: archiveGroups.name })
    .from(archiveCases)
    .innerJoin(users, eq(users.id, archiveCases.ownerUserId))
    .leftJoin(archiveGroups, eq(archiveGroups.id, archiveCases.groupId))
    .where(where)
    .orderBy(sort(archiveCases.createdAt), sort(archiveCases.id))
    .offset(page.offset)
    .limit(page.limit);
  const [n] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(archiveCases)
    .where(where);
  return { rows: rows.map((r) => ({ ...r.c, ownerName: r.ownerName, groupName: r.groupName })), total: n?.n ?? 0 };
}

export async function ownerAndGroupNames(db: Db, c: CaseRow): Promise<{ ownerName: string; groupName: string | null }> {
  const [u] = await db.select({ name: users.name }).from(users).where(eq(users.id, c.ownerUserId));
  const [g] = c.groupId
    ? await db.select({ name: archiveGroups.name }).from(archiveGroups).where(eq(archiveGroups.id, c.groupId))
    : [];
  return { ownerName: u?.name ?? '', groupName: g?.name ?? null };
}

/** Whether a doctor is a member of a shared group. */
export async function isGroupMember(db: Db, groupId: string, userId: string): Promise<boolean> {
  const [m] = await db
    .select({ g: archiveGroupMembers.groupId })
    .from(archiveGroupMembers)
    .where(and(eq(archiveGroupMembers.groupId, groupId), eq(archiveGroupMembers.userId, userId)));
  return !!m;
}

export async function findGroup(db: Db, id: string): Promise<GroupRow | undefined> {
  const [g] = await db.select().from(archiveGroups).where(eq(archiveGroups.id, id));
  return g;
}

export async function insertGroup(db: Db, ownerUserId: string, name: string, memberIds: string[]): Promise<GroupRow> {
  return db.transaction(async (tx) => {
    const [g] = await tx.insert(archiveGroups).values({ ownerUserId, name }).returning();
    if (!g) throw new Error('group insert failed');
    if (memberIds.length)
      await tx.insert(archiveGroupMembers).values(memberIds.map((userId) => ({ groupId: g.id, userId })));
    return g;
  });
}

/** Doctors (entrance doctor) by login name. */
export async function doctorsByLoginName(db: Db, loginNames: string[]) {
  if (!loginNames.length) return [];
  return db
    .select({ id: users.id, loginName: users.loginName })
    .from(users)
    .where(and(eq(users.entrance, 'doctor'), inArray(users.loginName, loginNames)));
}

/** Groups a doctor owns or is a member of, with their owner and members. */
export async function groupsOf(db: Db, userId: string) {
  const groups = await db
    .select({ g: archiveGroups, ownerName: users.name })
    .from(archiveGroups)
    .innerJoin(users, eq(users.id, archiveGroups.ownerUserId))
    .where(or(eq(archiveGroups.ownerUserId, userId), inArray(archiveGroups.id, sharedGroupIds(userId))))
    .orderBy(asc(archiveGroups.createdAt));
  const ids = groups.map((r) => r.g.id);
  const members = ids.length
    ? await db
        .select({ groupId: archiveGroupMembers.groupId, id: users.id, name: users.name, loginName: users.loginName })
        .from(archiveGroupMembers)
        .innerJoin(users, eq(users.id, archiveGroupMembers.userId))
        .where(inArray(archiveGroupMembers.groupId, ids))
    : [];
  return groups.map((r) => ({
    ...r.g,
    ownerName: r.ownerName,
    members: members.filter((m) => m.groupId === r.g.id).map(({ id, name, loginName }) => ({ id, name, loginName })),
  }));
}

export async function visitsOf(db: Db, caseId: string): Promise<VisitRow[]> {
  return db.select().from(archiveVisits).where(eq(archiveVisits.caseId, caseId)).orderBy(asc(archiveVisits.number));
}

export async function findVisit(db: Db, id: string): Promise<VisitRow | undefined> {
  const [v] = await db.select().from(archiveVisits).where(eq(archiveVisits.id, id));
  return v;
}

/** Names of the doctors who wrote visits. */
export async function userNames(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Copies the latest visit's diagnoses, the visit count and the last date onto the case row. */
async function refreshCaseSummary(db: Db, caseId: string): Promise<void> {
  const [last] = await db
    .select()
    .from(archiveVisits)
    .where(eq(archiveVisits.caseId, caseId))
    .orderBy(desc(archiveVisits.number))
    .limit(1);
  const [n] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(archiveVisits)
    .where(eq(archiveVisits.caseId, caseId));
  await updateCase(db, caseId, {
    visitCount: n?.n ?? 0,
    lastVisitAt: last?.visitDate ?? null,
    tcmDisease: last?.tcmDisease ?? '',
    tcmSyndrome: last?.tcmSyndrome ?? '',
  });
}

/** Adds a visit numbered after the case's last one (first visit = 1). */
export async function insertVisit(db: Db, values: Omit<VisitInsert, 'number'>): Promise<VisitRow> {
  return db.transaction(async (tx) => {
    // Serializes concurrent follow-ups of one case so two never get the same number.
    await tx.execute(sql`select 1 from ${archiveCases} where ${archiveCases.id} = ${values.caseId} for update`);
    const [m] = await tx
      .select({ n: sql<number>`coalesce(max(${archiveVisits.number}), 0)::int` })
      .from(archiveVisits)
      .where(eq(archiveVisits.caseId, values.caseId));
    const [v] = await tx
      .insert(archiveVisits)
      .values({ ...values, number: (m?.n ?? 0) + 1 })
      .returning();
    if (!v) throw new Error('visit insert failed');
    await refreshCaseSummary(tx, values.caseId);
    return v;
  });
}

export async function updateVisit(db: Db, v: VisitRow, set: Partial<VisitInsert>): Promise<VisitRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(archiveVisits)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(archiveVisits.id, v.id))
      .returning();
    await refreshCaseSummary(tx, v.caseId);
    return row!;
  });
}

/** Name, title and organisation of doctors (the medical-record header and signature). */
export async function doctorsById(db: Db, ids: string[]) {
  if (!ids.length) return [];
  return db
    .select({ id: users.id, name: users.name, title: users.title, organisation: users.organisation })
    .from(users)
    .where(inArray(users.id, ids));
}

export type HerbOverrideRow = typeof archiveHerbOverrides.$inferSelect;
export type FormulaRow = typeof archiveFormulas.$inferSelect;

export async function herbOverridesOf(db: Db, doctorUserId: string): Promise<HerbOverrideRow[]> {
  return db.select().from(archiveHerbOverrides).where(eq(archiveHerbOverrides.doctorUserId, doctorUserId));
}

/** Inserts or replaces the doctor's override of one herb. */
export async function saveHerbOverride(db: Db, row: Omit<HerbOverrideRow, 'updatedAt'>): Promise<void> {
  await db
    .insert(archiveHerbOverrides)
    .values(row)
    .onConflictDoUpdate({
      target: [archiveHerbOverrides.doctorUserId, archiveHerbOverrides.name],
      set: { doseMin: row.doseMin, doseMax: row.doseMax, pregnancy: row.pregnancy, updatedAt: new Date() },
    });
}

export async function removeHerbOverride(db: Db, doctorUserId: string, name: string): Promise<void> {
  await db
    .delete(archiveHerbOverrides)
    .where(and(eq(archiveHerbOverrides.doctorUserId, doctorUserId), eq(archiveHerbOverrides.name, name)));
}

export async function formulasOf(db: Db, doctorUserId: string): Promise<FormulaRow[]> {
  return db
    .select()
    .from(archiveFormulas)
    .where(eq(archiveFormulas.doctorUserId, doctorUserId))
    .orderBy(asc(archiveFormulas.createdAt));
}

export const insertFormula = (db: Db, values: typeof archiveFormulas.$inferInsert): Promise<FormulaRow> =>
  insertRow(db, archiveFormulas, values);

/** Deletes an own formula; answers whether one was deleted. */
export async function removeFormula(db: Db, doctorUserId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(archiveFormulas)
    .where(and(eq(archiveFormulas.id, id), eq(archiveFormulas.doctorUserId, doctorUserId)))
    .returning({ id: archiveFormulas.id });
  return rows.length > 0;
}
