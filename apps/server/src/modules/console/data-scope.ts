import { and, eq, inArray, or, type SQL } from 'drizzle-orm';
import { CONSOLE_ERRORS, DATA_SCOPES, type DataScope } from '@tcm/contract';
import type { Db } from '../../db/client.js';
import { roleMenus, roles, userRoles, users } from '../../db/schema/index.js';
import { AppError } from '../../http/app-error.js';
import type { Grants, UserRow } from '../auth/principal.repo.js';

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
}

export async function adminScope(db: Db, me: UserRow, grants: Grants): Promise<AdminScope> {
  if (grants.allAccess) return { me, grants, scope: 'all' };
  const rows = await db
    .select({ dataScope: roles.dataScope })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, me.id));
  const scope = rows.map((r) => r.dataScope).sort((a, b) => rank(b) - rank(a))[0] ?? 'self';
  return { me, grants, scope };
}

/** WHERE fragment of the accounts inside the scope (undefined: every account). */
export function scopeWhere(s: AdminScope): SQL | undefined {
  if (s.scope === 'all') return undefined;
  if (s.scope === 'organisation' && s.me.organisation)
    return or(eq(users.organisation, s.me.organisation), eq(users.id, s.me.id));
  return eq(users.id, s.me.id);
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
  const inScope =
    s.scope === 'all' ||
    target.id === s.me.id ||
    (s.scope === 'organisation' && s.me.organisation !== null && target.organisation === s.me.organisation);
  if (!inScope) throw new AppError(CONSOLE_ERRORS.OUT_OF_SCOPE);
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
