import type { DataScope } from '@tcm/contract';
import { menus, roleMenus, userRoles } from '../../db/schema/index.js';
import { buildRole, buildUser } from '../../test/factories.js';
import { signIn } from '../../test/http.js';
import type { TestApp } from '../../test/test-app.js';

export const JSON_H = { 'content-type': 'application/json' };

/**
 * A back-office user whose only role grants the given button codes (and their pages), with the
 * data scope and organisation asked for; signed in. For "has the page, lacks the button" cases.
 */
export async function userWithButtons(
  t: TestApp,
  codes: string[],
  opts: { dataScope?: DataScope; organisation?: string | null } = {},
) {
  const db = t.database.db;
  const role = await buildRole(db, { dataScope: opts.dataScope ?? 'all' });
  // The buttons with their page and head entry, as the role screen grants them.
  const rows = await db.select({ id: menus.id, pid: menus.pid, code: menus.buttonCode }).from(menus);
  const pidOf = new Map(rows.map((m) => [m.id, m.pid]));
  const ids = new Set<number>();
  for (const m of rows.filter((r) => r.code && codes.includes(r.code)))
    for (let cur: number | undefined = m.id; cur; cur = pidOf.get(cur)) ids.add(cur);
  if (ids.size) await db.insert(roleMenus).values([...ids].map((menuId) => ({ roleId: role.id, menuId })));
  const user = await buildUser(db, { organisation: opts.organisation ?? null });
  await db.insert(userRoles).values({ userId: user.id, roleId: role.id });
  const token = (await signIn(t, user.loginName, user.password)).access_token;
  return { user, role, token };
}
