import { asc, count, eq, inArray } from 'drizzle-orm';
import {
  CONSOLE_ERRORS,
  DATA_SCOPES,
  type ConsoleRole,
  type ConsoleRoleAddBody,
  type ConsoleRoleEditBody,
} from '@tcm/contract';
import type { Db } from '../../db/client.js';
import { menus, roleMenus, roles, userRoles } from '../../db/schema/index.js';
import { AppError } from '../../http/app-error.js';
import { assertMenusGrantable, type AdminScope } from './data-scope.js';

type RoleRow = typeof roles.$inferSelect;

export async function listRoles(db: Db): Promise<ConsoleRole[]> {
  const rows = await db.select().from(roles).orderBy(asc(roles.code));
  const grants = await db.select().from(roleMenus);
  const counts = await db.select({ roleId: userRoles.roleId, n: count() }).from(userRoles).groupBy(userRoles.roleId);
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    name: r.name,
    allAccess: r.allAccess,
    dataScope: r.dataScope,
    menuIds: grants
      .filter((g) => g.roleId === r.id)
      .map((g) => g.menuId)
      .sort((a, b) => a - b),
    userCount: counts.find((c) => c.roleId === r.id)?.n ?? 0,
  }));
}

async function findRole(db: Db, id: string): Promise<RoleRow> {
  const [r] = await db.select().from(roles).where(eq(roles.id, id));
  if (!r) throw new AppError(CONSOLE_ERRORS.ROLE_NOT_FOUND);
  return r;
}

/**
 * The chosen entries plus every ancestor: a ticked button or page is reachable only through its
 * page and head entry, whether or not the tree sent them as half-checked.
 */
async function withAncestors(db: Db, ids: readonly number[]): Promise<number[]> {
  if (!ids.length) return [];
  const all = await db.select({ id: menus.id, pid: menus.pid }).from(menus);
  const pidOf = new Map(all.map((m) => [m.id, m.pid]));
  const missing = ids.filter((id) => !pidOf.has(id));
  if (missing.length) throw new AppError(CONSOLE_ERRORS.MENU_NOT_FOUND, undefined, { menuIds: missing });
  const out = new Set<number>();
  for (const id of ids) for (let cur: number | undefined = id; cur && !out.has(cur); cur = pidOf.get(cur)) out.add(cur);
  return [...out].sort((a, b) => a - b);
}

/** A caller may not hand out a scope wider than its own. */
function assertScopeGrantable(s: AdminScope, scope: ConsoleRole['dataScope'] | undefined): void {
  if (!scope || s.grants.allAccess) return;
  if (DATA_SCOPES.indexOf(scope) < DATA_SCOPES.indexOf(s.scope)) throw new AppError(CONSOLE_ERRORS.GRANT_EXCEEDS_OWN);
}

async function replaceMenus(db: Db, roleId: string, menuIds: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(roleMenus).where(eq(roleMenus.roleId, roleId));
    if (menuIds.length) await tx.insert(roleMenus).values(menuIds.map((menuId) => ({ roleId, menuId })));
  });
}

async function presentRole(db: Db, id: string): Promise<ConsoleRole> {
  return (await listRoles(db)).find((r) => r.id === id)!;
}

export async function addRole(db: Db, s: AdminScope, body: ConsoleRoleAddBody): Promise<ConsoleRole> {
  assertScopeGrantable(s, body.dataScope);
  const menuIds = await withAncestors(db, body.menuIds);
  assertMenusGrantable(s, menuIds);
  const clash = await db.select({ id: roles.id }).from(roles).where(eq(roles.code, body.code));
  if (clash.length) throw new AppError(CONSOLE_ERRORS.ROLE_CODE_EXISTS);
  const [r] = await db
    .insert(roles)
    .values({ code: body.code, name: body.name, dataScope: body.dataScope })
    .returning({ id: roles.id });
  await replaceMenus(db, r!.id, menuIds);
  return presentRole(db, r!.id);
}

export async function editRole(db: Db, s: AdminScope, body: ConsoleRoleEditBody): Promise<ConsoleRole> {
  const role = await findRole(db, body.id);
  // The all-access role grants everything by its flag; editing its menus would mislead.
  if (role.allAccess) throw new AppError(CONSOLE_ERRORS.ROLE_PROTECTED);
  assertScopeGrantable(s, body.dataScope);
  const menuIds = body.menuIds ? await withAncestors(db, body.menuIds) : undefined;
  if (menuIds) assertMenusGrantable(s, menuIds);
  const set = Object.fromEntries(
    Object.entries({ name: body.name, dataScope: body.dataScope }).filter(([, v]) => v !== undefined),
  );
  if (Object.keys(set).length) await db.update(roles).set(set).where(eq(roles.id, role.id));
  if (menuIds) await replaceMenus(db, role.id, menuIds);
  return presentRole(db, role.id);
}

export async function removeRole(db: Db, id: string): Promise<void> {
  const role = await findRole(db, id);
  if (role.allAccess) throw new AppError(CONSOLE_ERRORS.ROLE_PROTECTED);
  const holders = await db
    .select({ n: count() })
    .from(userRoles)
    .where(inArray(userRoles.roleId, [id]));
  if ((holders[0]?.n ?? 0) > 0) throw new AppError(CONSOLE_ERRORS.ROLE_IN_USE);
  await db.delete(roles).where(eq(roles.id, id));
}
