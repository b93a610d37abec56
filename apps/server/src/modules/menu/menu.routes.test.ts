import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_ERRORS, AUTH_PATHS, MENU_ERRORS, MENU_PATHS, type MenuNode } from '@tcm/contract';
import { buildTeam, buildUser, uid } from '../../test/factories.js';
import { adminToken, call, form, FORM, refusedFields, signIn } from '../../test/http.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin: string;
let consoleUser: string;
const JSON_H = { 'content-type': 'application/json' };

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t);
  const c = await buildUser(t.database.db, { roleCodes: ['console-user'] });
  consoleUser = (await signIn(t, c.loginName, c.password)).access_token;
});
afterAll(() => t.close());

const flat = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...flat(n.children)]);
const add = (token: string, body: object) => call(t.app, 'POST', MENU_PATHS.add, token, JSON.stringify(body), JSON_H);

describe('admin menu: reads', () => {
  it('tree/0 has the three seeded areas with the spec §6 button codes', async () => {
    const res = await call(t.app, 'GET', MENU_PATHS.tree(0), admin);
    const codes = flat(res.body.data)
      .map((n) => n.buttonCode)
      .filter(Boolean);
    expect(codes).toEqual(
      expect.arrayContaining(['dataPool-add', 'dataPoolItem-import', 'doctorArchiveManage-group', 'sysMenu-add']),
    );
    expect(new Set(flat(res.body.data).map((n) => n.area))).toEqual(new Set(['console', 'member', 'doctor']));
    expect((await call(t.app, 'GET', MENU_PATHS.tree('x'), admin)).status).toBe(400);
    expect((await call(t.app, 'GET', MENU_PATHS.tree(999999), admin)).body.code).toBe(MENU_ERRORS.NOT_FOUND.code);
  });

  it('treeNoButton filters and drops buttons; findById and getMenuLang answer', async () => {
    const res = await call(
      t.app,
      'GET',
      `${MENU_PATHS.treeNoButton}?area=doctor&name=${encodeURIComponent('处方')}`,
      admin,
    );
    const all = flat(res.body.data);
    expect(all.some((n) => n.type === 'button')).toBe(false);
    expect(all.map((n) => n.name)).toEqual(['医案管理', '处方管理']);
    expect((await call(t.app, 'GET', `${MENU_PATHS.treeNoButton}?area=nowhere`, admin)).status).toBe(400);
    const one = await call(t.app, 'GET', MENU_PATHS.findById(all[1]!.id), admin);
    expect(one.body.data).toMatchObject({
      name: '处方管理',
      path: '/doctor/archive/prescriptions/index',
      children: [],
    });
    const lang = await call(t.app, 'GET', MENU_PATHS.menuLang, admin);
    expect(lang.body.data).toEqual(
      expect.arrayContaining([expect.objectContaining({ zh: '处方管理', en: 'Prescriptions' })]),
    );
  });

  it('every admin-menu read is 401 without a token and 403 for a member', async () => {
    const leader = await buildUser(t.database.db, { entrance: 'member' });
    const mt = (await signIn(t, leader.loginName, leader.password, AUTH_PATHS.entranceSignin('member'))).access_token;
    for (const url of [
      MENU_PATHS.currentSysuserMenu,
      MENU_PATHS.tree(0),
      MENU_PATHS.treeNoButton,
      MENU_PATHS.findById(1),
      MENU_PATHS.menuLang,
    ]) {
      expect((await call(t.app, 'GET', url)).status, url).toBe(401);
      expect((await call(t.app, 'GET', url, mt)).status, url).toBe(403);
    }
  });

  it('getCurrentSysuserMenu returns only what the role grants', async () => {
    const mine = flat((await call(t.app, 'GET', MENU_PATHS.currentSysuserMenu, consoleUser)).body.data);
    expect(mine.map((n) => n.path)).toEqual(['Layout', '/welcome']);
    const adminMenus = flat((await call(t.app, 'GET', MENU_PATHS.currentSysuserMenu, admin)).body.data);
    expect(adminMenus.map((n) => n.buttonCode)).toContain('sysMenu-remove');
  });
});

describe('admin menu: writes with button codes enforced', () => {
  it('add, edit, move, disable, remove as admin', async () => {
    const code = `btn-${uid()}`;
    const head = await add(admin, { name: `Head ${uid()}`, type: 'head', area: 'console', path: 'Layout' });
    expect(head.body.code).toBe(0);
    const page = await add(admin, { pid: head.body.data.id, name: 'Page', path: '/x', component: 'x/index' });
    const button = await add(admin, { pid: page.body.data.id, name: 'Do it', type: 'button', buttonCode: code });
    expect(button.body.data).toMatchObject({ buttonCode: code, pid: page.body.data.id });
    expect(
      (await add(admin, { pid: page.body.data.id, name: 'Again', type: 'button', buttonCode: code })).body.code,
    ).toBe(MENU_ERRORS.BUTTON_CODE_EXISTS.code);

    const edited = await call(
      t.app,
      'POST',
      MENU_PATHS.edit,
      admin,
      JSON.stringify({ id: page.body.data.id, name: 'Renamed', showOnSideBar: false }),
      JSON_H,
    );
    expect(edited.body.data).toMatchObject({ name: 'Renamed', meta: { showOnSideBar: false } });

    const move = (q: string) => call(t.app, 'POST', `${MENU_PATHS.updateMenu}?${q}`, admin);
    expect((await move(`id=${head.body.data.id}&sort=5&oldPid=0&newPid=${button.body.data.id}`)).body.code).toBe(
      MENU_ERRORS.BAD_PARENT.code,
    );
    expect((await move(`id=${page.body.data.id}&sort=5&oldPid=12345&newPid=0`)).status).toBe(400);
    const moved = await move(`id=${page.body.data.id}&sort=5&oldPid=${head.body.data.id}&newPid=0`);
    expect(moved.body.data).toMatchObject({ pid: 0, sort: 5 });
    expect((await move('id=abc&sort=1&oldPid=0&newPid=0')).status).toBe(400);

    const status = await call(
      t.app,
      'POST',
      MENU_PATHS.updateStatus,
      admin,
      form({ id: page.body.data.id, status: 0 }),
      FORM,
    );
    expect(status.body.code).toBe(0);
    expect((await call(t.app, 'GET', MENU_PATHS.findById(page.body.data.id), admin)).body.data.status).toBe(0);
    expect(
      (await call(t.app, 'POST', MENU_PATHS.updateStatus, admin, form({ id: page.body.data.id, status: 7 }), FORM))
        .status,
    ).toBe(400);

    expect((await call(t.app, 'DELETE', MENU_PATHS.remove(page.body.data.id), admin)).body.code).toBe(
      MENU_ERRORS.HAS_CHILDREN.code,
    );
    expect((await call(t.app, 'DELETE', MENU_PATHS.remove(button.body.data.id), admin)).body.code).toBe(0);
    expect((await call(t.app, 'DELETE', MENU_PATHS.remove(page.body.data.id), admin)).body.code).toBe(0);
    expect((await call(t.app, 'GET', MENU_PATHS.findById(page.body.data.id), admin)).status).toBe(404);
  });

  it('refuses every write without the button code (403), without a token (401), on bad input (400)', async () => {
    const writes: Array<[string, 'POST' | 'DELETE', string, string | undefined, Record<string, string>]> = [
      ['add', 'POST', MENU_PATHS.add, JSON.stringify({ name: 'x' }), JSON_H],
      ['edit', 'POST', MENU_PATHS.edit, JSON.stringify({ id: 1, name: 'x' }), JSON_H],
      ['remove', 'DELETE', MENU_PATHS.remove(1), undefined, {}],
      ['status', 'POST', MENU_PATHS.updateStatus, form({ id: 1, status: 0 }), FORM],
      ['move', 'POST', `${MENU_PATHS.updateMenu}?id=1&sort=1&oldPid=0&newPid=0`, undefined, {}],
    ];
    for (const [name, method, url, body, headers] of writes) {
      const denied = await call(t.app, method, url, consoleUser, body, headers);
      expect(denied.status, name).toBe(403);
      expect(denied.body.code, name).toBe(AUTH_ERRORS.FORBIDDEN.code);
      expect((await call(t.app, method, url, undefined, body, headers)).status, name).toBe(401);
    }
    const bad = await add(admin, { name: '', buttonCode: 'has space' });
    expect(bad.status).toBe(400);
    expect(refusedFields(bad.body)).toMatch(/^(name|buttonCode)/);
  });
});

describe('admin menu: drag and drop', () => {
  it('a moved entry lands before the sibling whose sort it takes, and the head menu follows', async () => {
    const head = await add(admin, { type: 'head', name: `H ${uid()}`, path: 'Layout', component: 'Layout' });
    const page = (name: string) => add(admin, { pid: head.body.data.id, name, path: `/p/${uid()}`, component: 'x' });
    const a = (await page('A')).body.data;
    await call(t.app, 'POST', MENU_PATHS.edit, admin, JSON.stringify({ id: a.id, sort: 10 }), JSON_H);
    const b = (await page('B')).body.data;
    await call(t.app, 'POST', MENU_PATHS.edit, admin, JSON.stringify({ id: b.id, sort: 20 }), JSON_H);
    const c = (await page('C')).body.data;
    // C is dropped in front of A: it takes A's sort value, A and B make room.
    const moved = await call(
      t.app,
      'POST',
      `${MENU_PATHS.updateMenu}?id=${c.id}&sort=10&oldPid=${head.body.data.id}&newPid=${head.body.data.id}`,
      admin,
    );
    expect(moved.body.data.sort).toBe(10);
    const tree = (await call(t.app, 'GET', MENU_PATHS.tree(head.body.data.id), admin)).body.data as MenuNode[];
    expect(tree.map((n) => n.name)).toEqual(['C', 'A', 'B']);
    expect(tree.map((n) => n.sort)).toEqual([10, 11, 21]);
  });
});

describe('head menu', () => {
  const headFor = async (overrides: Parameters<typeof buildUser>[1]) => {
    const u = await buildUser(t.database.db, overrides);
    const path = u.entrance === 'sys' ? AUTH_PATHS.pwdSignin : AUTH_PATHS.entranceSignin(u.entrance);
    const token = (await signIn(t, u.loginName, u.password, path)).access_token;
    const res = await call(t.app, 'GET', MENU_PATHS.headMenu, token);
    expect(res.status).toBe(200);
    return res.body.data.data as MenuNode[];
  };

  it('gives a team leader with both flags the conclusion and display pages, a plain member neither', async () => {
    const team = await buildTeam(t.database.db);
    const leader = flat(
      await headFor({
        entrance: 'member',
        roleCodes: ['member'],
        teamId: team.id,
        teamLeader: true,
        canConfigTreatPlan: true,
        displayPermission: true,
      }),
    );
    expect(leader.map((n) => n.path)).toEqual(
      expect.arrayContaining(['/member/config/resultConfig', '/member/config/display', '/member/config/home']),
    );
    const plain = flat(await headFor({ entrance: 'member', roleCodes: ['member'], teamId: team.id }));
    expect(plain.map((n) => n.path)).not.toContain('/member/config/resultConfig');
    expect(plain.map((n) => n.path)).not.toContain('/member/config/display');
    expect(plain.some((n) => n.type === 'button')).toBe(false);
  });

  it('gives a doctor the analysis and case-archive heads, and is 401 without a token', async () => {
    const heads = await headFor({ entrance: 'doctor', roleCodes: ['doctor'] });
    expect(heads.map((h) => h.name)).toEqual(['分析区', '医案管理']);
    expect(heads[1]!.children.find((c) => c.path === '/doctor/archive/review/:id')?.meta.showOnSideBar).toBe(false);
    expect((await call(t.app, 'GET', MENU_PATHS.headMenu)).status).toBe(401);
  });
});
