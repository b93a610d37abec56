import { and, eq, inArray, sql } from 'drizzle-orm';
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

/**
 * The session check of every private call, built once per database (drizzle's prepared query):
 * through the select builder the user's ~40 columns were assembled into SQL again on every call
 * (docs/server.md "List at 1 M records", the profile). Unnamed on the wire (''): PGlite's socket
 * server runs all its connections on one backend, where a named statement one connection
 * prepared already exists for the next, whose Parse of the same name then fails.
 */
function sessionUserQuery(db: Db) {
  return db
    .select({ u: users, revokedAt: sessions.revokedAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sql.placeholder('sessionId')), eq(sessions.userId, sql.placeholder('userId'))))
    .prepare('');
}
const SESSION_USER = new WeakMap<Db, ReturnType<typeof sessionUserQuery>>();

/** The user behind a live session, or undefined when the session is revoked or the user gone. */
export async function loadSessionUser(db: Db, sessionId: string, userId: string): Promise<UserRow | undefined> {
  let query = SESSION_USER.get(db);
  if (!query) SESSION_USER.set(db, (query = sessionUserQuery(db)));
  const [row] = await query.execute({ sessionId, userId });
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
