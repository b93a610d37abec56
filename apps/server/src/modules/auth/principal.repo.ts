import { and, eq, inArray } from 'drizzle-orm';
import type { Entrance } from '@tcm/contract';
import type { Db } from '../../db/client.js';
import { menus, roleMenus, roles, sessions, userRoles, users } from '../../db/schema/index.js';

export type UserRow = typeof users.$inferSelect;

/** The signed-in caller of a request, as the guards and services see it. */
export interface Principal {
  user: UserRow;
  sessionId: string;
  entrance: Entrance;
  /** Access-token expiry, seconds since epoch. */
  tokenExp: number;
}

/** The user behind a live session, or undefined when the session is revoked or the user gone. */
export async function loadSessionUser(db: Db, sessionId: string, userId: string): Promise<UserRow | undefined> {
  const row = await db
    .select({ u: users, revokedAt: sessions.revokedAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .then((r) => r[0]);
  if (!row || row.revokedAt || row.u.status !== 1) return undefined;
  return row.u;
}

export async function findUserByLoginName(db: Db, loginName: string): Promise<UserRow | undefined> {
  return db
    .select()
    .from(users)
    .where(eq(users.loginName, loginName))
    .then((r) => r[0]);
}

export interface Grants {
  roles: string[];
  allAccess: boolean;
  menuIds: Set<number>;
  buttons: Set<string>;
}

/** Roles of a user and the menus and button codes they grant (enabled entries only). */
export async function loadGrants(db: Db, userId: string): Promise<Grants> {
  const roleRows = await db
    .select({ id: roles.id, code: roles.code, allAccess: roles.allAccess })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, userId));
  const allAccess = roleRows.some((r) => r.allAccess);
  const menuRows = allAccess
    ? await db
        .select({ id: menus.id, type: menus.type, buttonCode: menus.buttonCode })
        .from(menus)
        .where(eq(menus.status, 1))
    : roleRows.length === 0
      ? []
      : await db
          .selectDistinct({ id: menus.id, type: menus.type, buttonCode: menus.buttonCode })
          .from(roleMenus)
          .innerJoin(menus, eq(menus.id, roleMenus.menuId))
          .where(
            and(
              inArray(
                roleMenus.roleId,
                roleRows.map((r) => r.id),
              ),
              eq(menus.status, 1),
            ),
          );
  return {
    roles: roleRows.map((r) => r.code).sort(),
    allAccess,
    menuIds: new Set(menuRows.map((m) => m.id)),
    buttons: new Set(menuRows.filter((m) => m.type === 'button' && m.buttonCode).map((m) => m.buttonCode as string)),
  };
}
