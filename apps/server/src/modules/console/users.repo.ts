import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { ConsoleUserSort, QueryFieldType } from '@tcm/contract';
import type { Db } from '../../db/client.js';
import { roles, userRoles, users } from '../../db/schema/index.js';
import { whitelistOf, type QueryWhitelist } from '../query/query-sql.js';
import { containsAny } from '../../db/contains.js';

export type AccountRow = typeof users.$inferSelect;

/** Columns the account lists may query (each list's contract names which, with their types). */
const ACCOUNT_COLUMNS = {
  loginName: users.loginName,
  name: users.name,
  email: users.email,
  phone: users.phone,
  organisation: users.organisation,
  title: users.title,
  status: users.status,
  createdAt: users.createdAt,
} as const;

/** The combined-query whitelist of an account list from its contract's field types. */
export function accountWhitelist(
  fields: Partial<Record<keyof typeof ACCOUNT_COLUMNS, QueryFieldType>>,
): QueryWhitelist {
  return whitelistOf(ACCOUNT_COLUMNS, fields);
}
export interface RoleRef {
  id: string;
  code: string;
  name: string;
}

/** Keyword: a contains match ORed over the text columns (spec §5 search boxes). */
function keywordWhere(keyword: string | undefined): SQL | undefined {
  return containsAny(keyword, [users.loginName, users.name, users.email, users.phone]);
}

export async function listAccounts(
  db: Db,
  o: {
    where: SQL | undefined;
    keyword?: string;
    page: number;
    size: number;
    order: 'asc' | 'desc';
    sort?: ConsoleUserSort;
  },
): Promise<{ rows: AccountRow[]; total: number }> {
  const where = and(o.where, keywordWhere(o.keyword));
  const column = users[o.sort ?? 'createdAt'];
  // One after the other: the embedded PGlite serves a single connection.
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(o.order === 'asc' ? asc(column) : desc(column), asc(users.loginName))
    .limit(o.size)
    .offset((o.page - 1) * o.size);
  const [n] = await db.select({ n: count() }).from(users).where(where);
  return { rows, total: n?.n ?? 0 };
}

/** Roles of each listed account, by user id. */
export async function rolesOf(db: Db, userIds: string[]): Promise<Map<string, RoleRef[]>> {
  const byUser = new Map<string, RoleRef[]>(userIds.map((id) => [id, []]));
  if (!userIds.length) return byUser;
  const rows = await db
    .select({ userId: userRoles.userId, id: roles.id, code: roles.code, name: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(inArray(userRoles.userId, userIds))
    .orderBy(asc(roles.code));
  for (const { userId, ...r } of rows) byUser.get(userId)?.push(r);
  return byUser;
}

/** Replaces the roles of an account in one transaction. */
export async function setRoles(db: Db, userId: string, roleIds: readonly string[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(userRoles).where(eq(userRoles.userId, userId));
    if (roleIds.length) await tx.insert(userRoles).values([...new Set(roleIds)].map((roleId) => ({ userId, roleId })));
  });
}
