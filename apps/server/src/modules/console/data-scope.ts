import { and, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import { CONSOLE_ERRORS, DATA_SCOPES, ORGANIZATION_ERRORS, type DataScope } from '@tcm/contract';
import type { Db } from '../../db/client.js';
import { roleMenus, roles, teams, userRoles, users } from '../../db/schema/index.js';
import { AppError } from '../../http/app-error.js';
import type { Grants, UserRow } from '../auth/principal.repo.js';
import { subtreeIds } from '../organizations/organizations.repo.js';

/**
 * The rules every account-administration call shares (docs/console.md "Data scope"): which
 * accounts a back-office user may see and change, and which grants they may hand out. The
 * member area's team administration can call the same checks.
 */

/** Widest first: the scope a user holds is the widest of its roles'. */
const rank = (s: DataScope) => DATA_SCOPES.length - DATA_SCOPES.indexOf(s);

export interface AdminScope {
  me: UserRow;
  grants: Grants;
  scope: DataScope;
  /**
   * Organizations whose accounts and teams the scope covers: the caller's own (`organisation`),
   * or it and every one below it (`organizationTree`); null for `all`, `self`, or a caller
   * assigned to no organization (then the free-text organisation decides, as before).
   */
  orgIds: ReadonlySet<string> | null;
}

/** A scope that reads the caller's organization (either level). */
export const isOrgScoped = (s: AdminScope): boolean => s.scope === 'organisation' || s.scope === 'organizationTree';

export async function adminScope(db: Db, me: UserRow, grants: Grants): Promise<AdminScope> {
  if (grants.allAccess) return { me, grants, scope: 'all', orgIds: null };
  const rows = await db
    .select({ dataScope: roles.dataScope })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, me.id));
  const scope = rows.map((r) => r.dataScope).sort((a, b) => rank(b) - rank(a))[0] ?? 'self';
  let orgIds: ReadonlySet<string> | null = null;
  if (me.organizationId && (scope === 'organisation' || scope === 'organizationTree'))
    orgIds = scope === 'organisation' ? new Set([me.organizationId]) : await subtreeIds(db, me.organizationId);
  return { me, grants, scope, orgIds };
}

/**
 * WHERE fragment of the accounts inside the scope (undefined: every account); `self` is the
 * caller's own share (its account, or e.g. the devices it registered). Accounts assigned to no
 * organization still match by the free text when it equals the caller's (accounts made before
 * organizations, and members the member import gives only the text).
 */
export function scopeWhere(s: AdminScope, self: SQL = eq(users.id, s.me.id)): SQL | undefined {
  if (s.scope === 'all') return undefined;
  if (!isOrgScoped(s)) return self;
  const parts: Array<SQL | undefined> = [self];
  if (s.orgIds) parts.push(inArray(users.organizationId, [...s.orgIds]));
  if (s.me.organisation) parts.push(and(isNull(users.organizationId), eq(users.organisation, s.me.organisation)));
  return or(...parts);
}

/** The same rule as scopeWhere for one account already read. */
export function accountInScope(s: AdminScope, target: UserRow): boolean {
  if (s.scope === 'all' || target.id === s.me.id) return true;
  if (!isOrgScoped(s)) return false;
  if (target.organizationId) return s.orgIds?.has(target.organizationId) ?? false;
  return s.me.organisation !== null && target.organisation === s.me.organisation;
}

/**
 * Teams inside the scope: those of the caller's organizations when the caller has a place in the
 * tree; otherwise every team, as before organizations (undefined: no condition).
 */
export function teamScopeWhere(s: AdminScope): SQL | undefined {
  if (s.scope === 'all' || !s.orgIds) return undefined;
  return inArray(teams.organizationId, [...s.orgIds]);
}

/** 404 for an unknown team, 403 for one outside teamScopeWhere. */
export async function assertTeamInScope(db: Db, s: AdminScope, teamId: string): Promise<void> {
  const [team] = await db.select({ organizationId: teams.organizationId }).from(teams).where(eq(teams.id, teamId));
  if (!team) throw new AppError(CONSOLE_ERRORS.TEAM_NOT_FOUND);
  if (s.scope === 'all' || !s.orgIds) return;
  if (!team.organizationId || !s.orgIds.has(team.organizationId))
    throw new AppError(ORGANIZATION_ERRORS.TEAM_OUT_OF_SCOPE);
}

async function holdsAllAccess(db: Db, userId: string): Promise<boolean> {
  const r = await db
    .select({ id: roles.id })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(userRoles.userId, userId), eq(roles.allAccess, true)))
    .limit(1);
  return r.length > 0;
}

/**
 * The target account, or 404/403: outside the caller's data scope, or an all-access
 * administrator changed by someone who is not one (else a password reset becomes a takeover).
 */
export async function assertManageable(db: Db, s: AdminScope, targetId: string): Promise<UserRow> {
  const [target] = await db.select().from(users).where(eq(users.id, targetId));
  if (!target) throw new AppError(CONSOLE_ERRORS.USER_NOT_FOUND);
  if (!accountInScope(s, target)) throw new AppError(CONSOLE_ERRORS.OUT_OF_SCOPE);
  if (!s.grants.allAccess && (await holdsAllAccess(db, target.id))) throw new AppError(CONSOLE_ERRORS.OUT_OF_SCOPE);
  return target;
}

/** A caller may grant only menus it holds itself (an all-access caller: any). */
export function assertMenusGrantable(s: AdminScope, menuIds: readonly number[]): void {
  if (s.grants.allAccess) return;
  const beyond = menuIds.filter((id) => !s.grants.menuIds.has(id));
  if (beyond.length) throw new AppError(CONSOLE_ERRORS.GRANT_EXCEEDS_OWN, undefined, { menuIds: beyond });
}

/** A caller may assign only roles no wider than itself: not all-access, its menus, its scope or narrower. */
export async function assertRolesGrantable(db: Db, s: AdminScope, roleIds: readonly string[]): Promise<void> {
  if (!roleIds.length) return;
  const found = await db
    .select()
    .from(roles)
    .where(inArray(roles.id, [...roleIds]));
  if (found.length !== new Set(roleIds).size) throw new AppError(CONSOLE_ERRORS.ROLE_NOT_FOUND);
  if (s.grants.allAccess) return;
  if (found.some((r) => r.allAccess || rank(r.dataScope) > rank(s.scope)))
    throw new AppError(CONSOLE_ERRORS.GRANT_EXCEEDS_OWN);
  const granted = await db
    .select({ menuId: roleMenus.menuId })
    .from(roleMenus)
    .where(inArray(roleMenus.roleId, [...roleIds]));
  assertMenusGrantable(
    s,
    granted.map((g) => g.menuId),
  );
}
