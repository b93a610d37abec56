import { beforeAll, describe, expect, it } from 'vitest';
import {
  CONSOLE_BUTTONS as B,
  CONSOLE_ERRORS,
  CONSOLE_PATHS,
  MENU_PATHS,
  USER_PATHS,
  type MenuNode,
} from '@tcm/contract';
import { buildUser, uid } from '../../test/factories.js';
import { call, signIn, jsonPost } from '../../test/http.js';
import { expectGuards, userWithButtons, type Endpoint } from './console-test-helpers.js';
import { useAdminApp } from '../../test/suite.js';

const t = useAdminApp();
let all: MenuNode[];
const flat = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...flat(n.children)]);
const byPath = (p: string) => all.find((n) => n.path === p)!;
const byCode = (c: string) => all.find((n) => n.buttonCode === c)!;

beforeAll(async () => {
  all = flat((await call(t.app, 'GET', MENU_PATHS.tree(0), t.admin)).body.data);
});

const post = jsonPost(t);
const ID = '00000000-0000-4000-8000-000000000000';
const ENDPOINTS: Endpoint[] = [
  ['list', 'GET', CONSOLE_PATHS.roleList, undefined, null],
  ['add', 'POST', CONSOLE_PATHS.roleAdd, { code: 'abc', name: 'x' }, B.roleAdd],
  ['edit', 'POST', CONSOLE_PATHS.roleEdit, { id: ID, name: 'x' }, B.roleEdit],
  ['remove', 'DELETE', CONSOLE_PATHS.roleRemove(ID), undefined, B.roleRemove],
];

describe('console roles: guards', () => {
  it('401 without a token, 403 for a member and for a back-office user without the button', async () => {
    await expectGuards(t, ENDPOINTS);
  });

  it('400 for bad bodies and parameters', async () => {
    const bad: Array<[string, unknown]> = [
      [CONSOLE_PATHS.roleAdd, { code: 'has space', name: 'x' }],
      [CONSOLE_PATHS.roleAdd, { code: 'ok-code', name: 'x', dataScope: 'galaxy' }],
      [CONSOLE_PATHS.roleAdd, { code: 'ok-code', name: 'x', menuIds: ['1'] }],
      [CONSOLE_PATHS.roleEdit, { id: 'x' }],
    ];
    for (const [url, body] of bad) expect((await post(url, t.admin, body)).status, JSON.stringify(body)).toBe(400);
    expect((await call(t.app, 'DELETE', CONSOLE_PATHS.roleRemove('x'), t.admin)).status).toBe(400);
    const unknownMenu = await post(CONSOLE_PATHS.roleAdd, t.admin, {
      code: `r-${uid()}`,
      name: 'x',
      menuIds: [9999999],
    });
    expect(unknownMenu.body.code).toBe(CONSOLE_ERRORS.MENU_NOT_FOUND.code);
  });
});

describe('console roles: happy paths', () => {
  it('a role with two pages and one button gives its holder exactly those, enforced by the server', async () => {
    const pages = [byPath('/system/user'), byPath('/system/translation')];
    const button = byCode(B.userHistory);
    const created = await post(CONSOLE_PATHS.roleAdd, t.admin, {
      code: `r-${uid()}`,
      name: 'Auditors',
      dataScope: 'all',
      menuIds: [pages[1]!.id, button.id], // the user page comes as the button's ancestor
    });
    expect(created.status).toBe(200);
    const head = all.find((n) => n.id === pages[0]!.pid)!;
    expect(created.body.data.menuIds).toEqual([head.id, pages[0]!.id, pages[1]!.id, button.id].sort((a, b) => a - b));

    const u = await buildUser(t.database.db);
    const assigned = await post(CONSOLE_PATHS.userRoles, t.admin, { userId: u.id, roleIds: [created.body.data.id] });
    expect(assigned.body.data.roles.map((r: { name: string }) => r.name)).toEqual(['Auditors']);
    const token = (await signIn(t, u.loginName, u.password)).access_token;
    const info = await call(t.app, 'GET', USER_PATHS.currentSysuser, token);
    expect(info.body.data.buttons).toEqual([B.userHistory]);
    const heads = (await call(t.app, 'GET', MENU_PATHS.headMenu, token)).body.data.data as MenuNode[];
    expect(flat(heads).map((n) => n.path)).toEqual(['Layout', '/system/user', '/system/translation']);
    // The button granted answers; a button not granted is refused by the server.
    expect((await call(t.app, 'GET', CONSOLE_PATHS.userHistory(u.id), token)).status).toBe(200);
    const add = await post(CONSOLE_PATHS.userAdd, token, {
      loginName: `x_${uid()}`,
      name: 'x',
      password: 'Harbour-lights-93',
    });
    expect(add.body.data.missingButtons).toEqual([B.userAdd]);

    // Edit: drop the translation page; the holder's next menu load follows.
    const edited = await post(CONSOLE_PATHS.roleEdit, t.admin, {
      id: created.body.data.id,
      menuIds: [button.id],
      dataScope: 'self',
    });
    expect(edited.body.data).toMatchObject({ dataScope: 'self', userCount: 1 });
    const after = (await call(t.app, 'GET', MENU_PATHS.headMenu, token)).body.data.data as MenuNode[];
    expect(flat(after).map((n) => n.path)).toEqual(['Layout', '/system/user']);

    const inUse = await call(t.app, 'DELETE', CONSOLE_PATHS.roleRemove(created.body.data.id), t.admin);
    expect(inUse.body.code).toBe(CONSOLE_ERRORS.ROLE_IN_USE.code);
    await post(CONSOLE_PATHS.userRoles, t.admin, { userId: u.id, roleIds: [] });
    expect((await call(t.app, 'DELETE', CONSOLE_PATHS.roleRemove(created.body.data.id), t.admin)).body.code).toBe(0);
    expect(
      (await call(t.app, 'GET', CONSOLE_PATHS.roleList, t.admin)).body.data.some(
        (r: { id: string }) => r.id === created.body.data.id,
      ),
    ).toBe(false);
  });

  it('the all-access role is protected; duplicate codes are refused', async () => {
    const roles = (await call(t.app, 'GET', CONSOLE_PATHS.roleList, t.admin)).body.data;
    const adminRole = roles.find((r: { code: string }) => r.code === 'admin');
    expect((await post(CONSOLE_PATHS.roleEdit, t.admin, { id: adminRole.id, name: 'x' })).body.code).toBe(
      CONSOLE_ERRORS.ROLE_PROTECTED.code,
    );
    expect((await call(t.app, 'DELETE', CONSOLE_PATHS.roleRemove(adminRole.id), t.admin)).body.code).toBe(
      CONSOLE_ERRORS.ROLE_PROTECTED.code,
    );
    expect((await post(CONSOLE_PATHS.roleAdd, t.admin, { code: 'admin', name: 'again' })).body.code).toBe(
      CONSOLE_ERRORS.ROLE_CODE_EXISTS.code,
    );
  });

  it('a role editor without all access cannot grant menus, buttons or a scope beyond its own', async () => {
    const { token } = await userWithButtons(t, [B.roleAdd], { dataScope: 'organisation' });
    const beyond = await post(CONSOLE_PATHS.roleAdd, token, {
      code: `r-${uid()}`,
      name: 'x',
      menuIds: [byCode(B.userAdd).id],
    });
    expect([beyond.status, beyond.body.code]).toEqual([403, CONSOLE_ERRORS.GRANT_EXCEEDS_OWN.code]);
    const wider = await post(CONSOLE_PATHS.roleAdd, token, { code: `r-${uid()}`, name: 'x', dataScope: 'all' });
    expect(wider.body.code).toBe(CONSOLE_ERRORS.GRANT_EXCEEDS_OWN.code);
    const own = await post(CONSOLE_PATHS.roleAdd, token, {
      code: `r-${uid()}`,
      name: 'x',
      dataScope: 'self',
      menuIds: [byCode(B.roleAdd).id],
    });
    expect(own.body.code).toBe(0);
  });
});
