import { asc, count, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { organizations, teams, users } from '../../db/schema/index.js';
import { firstRow } from '../../db/rows.js';

export type OrganizationRow = typeof organizations.$inferSelect;

/** Every organization in display order (sort, then name); the tree is small enough to read whole. */
export const allOrganizations = (db: Db): Promise<OrganizationRow[]> =>
  db.select().from(organizations).orderBy(asc(organizations.sort), asc(organizations.name));

/** Children of each organization id (roots under null), from the rows read. */
export function childrenOf(rows: readonly Pick<OrganizationRow, 'id' | 'parentId'>[]): Map<string | null, string[]> {
  const kids = new Map<string | null, string[]>();
  for (const r of rows) kids.set(r.parentId, [...(kids.get(r.parentId) ?? []), r.id]);
  return kids;
}

/** The organization and every one below it (a parent loop, impossible by the edit rules, ends the walk). */
export function subtreeOf(kids: Map<string | null, string[]>, rootId: string): Set<string> {
  const seen = new Set<string>();
  const stack = [rootId];
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(kids.get(id) ?? []));
  }
  return seen;
}

export async function subtreeIds(db: Db, rootId: string): Promise<Set<string>> {
  const rows = await db.select({ id: organizations.id, parentId: organizations.parentId }).from(organizations);
  return subtreeOf(childrenOf(rows), rootId);
}

export const findOrganization = (db: Db, id: string): Promise<OrganizationRow | undefined> =>
  firstRow(db, organizations, eq(organizations.id, id));

/** Accounts and teams assigned to each organization itself. */
export async function assignmentCounts(db: Db): Promise<{ users: Map<string, number>; teams: Map<string, number> }> {
  const u = await db
    .select({ id: users.organizationId, n: count() })
    .from(users)
    .where(isNotNull(users.organizationId))
    .groupBy(users.organizationId);
  const t = await db
    .select({ id: teams.organizationId, n: count() })
    .from(teams)
    .where(isNotNull(teams.organizationId))
    .groupBy(teams.organizationId);
  return {
    users: new Map(u.map((r) => [r.id!, r.n])),
    teams: new Map(t.map((r) => [r.id!, r.n])),
  };
}

/** Teams by id, for an assignment (the ones not found are the caller's 404). */
export const teamsByIds = (db: Db, ids: readonly string[]) =>
  db
    .select({ id: teams.id, organizationId: teams.organizationId })
    .from(teams)
    .where(inArray(teams.id, [...ids]));
