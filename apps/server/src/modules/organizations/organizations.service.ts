import { and, eq, inArray, ne } from 'drizzle-orm';
import {
  CONSOLE_ERRORS,
  ORGANIZATION_ERRORS as E,
  type OrganizationAddBody,
  type OrganizationAssignBody,
  type OrganizationEditBody,
  type OrganizationNode,
} from '@tcm/contract';
import type { Db } from '../../db/client.js';
import { organizations, teams, users } from '../../db/schema/index.js';
import { AppError } from '../../http/app-error.js';
import { assertManageable, type AdminScope } from '../console/data-scope.js';
import * as repo from './organizations.repo.js';

/**
 * The organization tree of the back-office (issue 33 item 3; docs/console.md "Organizations").
 * A caller whose data scope is all manages the whole tree; `organizationTree` its organization
 * and those below; `organisation` its organization only; `self` none.
 */

/** 403 unless the organization lies inside the caller's scope. */
export function assertOrgInScope(s: AdminScope, id: string): void {
  if (s.scope === 'all' || s.orgIds?.has(id)) return;
  throw new AppError(E.OUT_OF_SCOPE);
}

async function mustFind(db: Db, id: string): Promise<repo.OrganizationRow> {
  const row = await repo.findOrganization(db, id);
  if (!row) throw new AppError(E.NOT_FOUND);
  return row;
}

/** An organization accounts or teams may be put into by this caller: found, in scope, enabled. */
export async function assignableOrganization(db: Db, s: AdminScope, id: string): Promise<repo.OrganizationRow> {
  const org = await mustFind(db, id);
  assertOrgInScope(s, id);
  if (org.status !== 1) throw new AppError(E.DISABLED);
  return org;
}

/** The tree the caller may see: everything (scope all), else the subtree of its organization. */
export async function organizationTree(db: Db, s: AdminScope): Promise<OrganizationNode[]> {
  const rows = await repo.allOrganizations(db);
  const counts = await repo.assignmentCounts(db);
  const visible = (id: string) => s.scope === 'all' || (s.orgIds?.has(id) ?? false);
  const byParent = new Map<string | null, repo.OrganizationRow[]>();
  for (const r of rows) byParent.set(r.parentId, [...(byParent.get(r.parentId) ?? []), r]);
  const node = (r: repo.OrganizationRow): OrganizationNode => ({
    id: r.id,
    parentId: r.parentId,
    name: r.name,
    code: r.code,
    sort: r.sort,
    status: r.status === 1 ? 1 : 0,
    userCount: counts.users.get(r.id) ?? 0,
    teamCount: counts.teams.get(r.id) ?? 0,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    children: (byParent.get(r.id) ?? []).filter((c) => visible(c.id)).map(node),
  });
  // Roots of what the caller sees: organizations whose parent it cannot see.
  return rows.filter((r) => visible(r.id) && (r.parentId === null || !visible(r.parentId))).map(node);
}

async function nodeOf(db: Db, s: AdminScope, id: string): Promise<OrganizationNode> {
  const find = (list: OrganizationNode[]): OrganizationNode | undefined =>
    list.map((n) => (n.id === id ? n : find(n.children))).find(Boolean);
  const found = find(await organizationTree(db, s));
  if (!found) throw new AppError(E.NOT_FOUND);
  return found;
}

async function assertCodeFree(db: Db, code: string, selfId?: string): Promise<void> {
  const [taken] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(and(eq(organizations.code, code), selfId ? ne(organizations.id, selfId) : undefined));
  if (taken) throw new AppError(E.CODE_EXISTS);
}

/** A parent the caller may hang organizations under; null (a root) only for scope all. */
async function assertParentAllowed(db: Db, s: AdminScope, parentId: string | null): Promise<void> {
  if (parentId === null) {
    if (s.scope !== 'all') throw new AppError(E.OUT_OF_SCOPE);
    return;
  }
  await mustFind(db, parentId);
  assertOrgInScope(s, parentId);
}

export async function addOrganization(db: Db, s: AdminScope, body: OrganizationAddBody): Promise<OrganizationNode> {
  const parentId = body.parentId ?? null;
  await assertParentAllowed(db, s, parentId);
  await assertCodeFree(db, body.code);
  const [row] = await db
    .insert(organizations)
    .values({ parentId, name: body.name, code: body.code, sort: body.sort, status: body.status })
    .returning({ id: organizations.id });
  // A new organization under the caller's is in its subtree, but the scope was read before it existed.
  const widened = s.orgIds && s.scope === 'organizationTree' ? { ...s, orgIds: new Set([...s.orgIds, row!.id]) } : s;
  return nodeOf(db, widened, row!.id);
}

export async function editOrganization(db: Db, s: AdminScope, body: OrganizationEditBody): Promise<OrganizationNode> {
  const org = await mustFind(db, body.id);
  assertOrgInScope(s, org.id);
  if (body.parentId !== undefined && body.parentId !== org.parentId) {
    await assertParentAllowed(db, s, body.parentId);
    if (body.parentId !== null && (await repo.subtreeIds(db, org.id)).has(body.parentId)) throw new AppError(E.CYCLE);
    // The caller's own organization stays where it is unless the caller sees the whole tree.
    if (s.scope !== 'all' && org.id === s.me.organizationId) throw new AppError(E.OUT_OF_SCOPE);
  }
  if (body.code !== undefined) await assertCodeFree(db, body.code, org.id);
  const values = {
    parentId: body.parentId,
    name: body.name,
    code: body.code,
    sort: body.sort,
    status: body.status,
  };
  const set = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
  await db.transaction(async (tx) => {
    await tx
      .update(organizations)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(organizations.id, org.id));
    // The free-text column of the assigned accounts follows the name (its readers show it).
    if (body.name !== undefined && body.name !== org.name)
      await tx.update(users).set({ organisation: body.name }).where(eq(users.organizationId, org.id));
  });
  return nodeOf(db, s, org.id);
}

/** Refused while organizations hang below it or accounts / teams belong to it. */
export async function removeOrganization(db: Db, s: AdminScope, id: string): Promise<void> {
  const org = await mustFind(db, id);
  assertOrgInScope(s, org.id);
  if (s.scope !== 'all' && org.id === s.me.organizationId) throw new AppError(E.OUT_OF_SCOPE);
  const [child] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.parentId, org.id))
    .limit(1);
  if (child) throw new AppError(E.HAS_CHILDREN);
  const counts = await repo.assignmentCounts(db);
  if (counts.users.get(org.id) || counts.teams.get(org.id)) throw new AppError(E.IN_USE);
  await db.delete(organizations).where(eq(organizations.id, org.id));
}

/**
 * Puts accounts and teams into an organization (null: out of any, scope all only). Each account
 * must be one the caller manages; each team must be in the caller's organizations already.
 */
export async function assignToOrganization(
  db: Db,
  s: AdminScope,
  body: OrganizationAssignBody,
): Promise<{ users: number; teams: number }> {
  const org = body.organizationId ? await assignableOrganization(db, s, body.organizationId) : null;
  if (!org && s.scope !== 'all') throw new AppError(E.OUT_OF_SCOPE);
  const userIds = [...new Set(body.userIds)];
  const teamIds = [...new Set(body.teamIds)];
  for (const id of userIds) await assertManageable(db, s, id);
  if (teamIds.length) {
    const found = await repo.teamsByIds(db, teamIds);
    if (found.length !== teamIds.length) throw new AppError(CONSOLE_ERRORS.TEAM_NOT_FOUND);
    if (s.scope !== 'all' && found.some((t) => !t.organizationId || !s.orgIds?.has(t.organizationId)))
      throw new AppError(E.TEAM_OUT_OF_SCOPE);
  }
  await db.transaction(async (tx) => {
    if (userIds.length)
      await tx
        .update(users)
        .set({ organizationId: org?.id ?? null, organisation: org?.name ?? null })
        .where(inArray(users.id, userIds));
    if (teamIds.length)
      await tx
        .update(teams)
        .set({ organizationId: org?.id ?? null })
        .where(inArray(teams.id, teamIds));
  });
  return { users: userIds.length, teams: teamIds.length };
}
