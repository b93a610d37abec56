import { expect } from 'vitest';
import { AUTH_ERRORS, AUTH_PATHS, SPEC_ERRORS, type DataScope } from '@tcm/contract';
import { menus, roleMenus, userRoles } from '../../db/schema/index.js';
import { buildRole, buildUser } from '../../test/factories.js';
import { call, signIn } from '../../test/http.js';
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

/** One endpoint of an area: name, method, url, a well-formed body (or none), the button it needs. */
export type Endpoint = [string, 'GET' | 'POST' | 'DELETE', string, unknown, string | null];

/**
 * The guard cases every console endpoint must meet: 401 (1200001) without a token, 403 for a
 * member's token, and 403 naming the missing button for a back-office user holding no button.
 */
export async function expectGuards(t: TestApp, endpoints: readonly Endpoint[]): Promise<void> {
  const m = await buildUser(t.database.db, { entrance: 'member' });
  const member = (await signIn(t, m.loginName, m.password, AUTH_PATHS.entranceSignin('member'))).access_token;
  const { token: plain } = await userWithButtons(t, []);
  for (const [name, method, url, body, button] of endpoints) {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers = body === undefined ? {} : JSON_H;
    const anon = await call(t.app, method, url, undefined, payload, headers);
    expect([anon.status, anon.body.code], name).toEqual([401, SPEC_ERRORS.TOKEN_INVALID.code]);
    const asMember = await call(t.app, method, url, member, payload, headers);
    expect([asMember.status, asMember.body.code], name).toEqual([403, AUTH_ERRORS.FORBIDDEN.code]);
    if (!button) continue;
    const denied = await call(t.app, method, url, plain, payload, headers);
    expect([denied.status, denied.body.code, denied.body.data.missingButtons], name).toEqual([
      403,
      AUTH_ERRORS.FORBIDDEN.code,
      [button],
    ]);
  }
}
