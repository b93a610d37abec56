import { beforeAll, describe, expect, it } from 'vitest';
import {
  AUTH_ERRORS,
  AUTH_PATHS,
  CONSOLE_BUTTONS as B,
  CONSOLE_ERRORS,
  CONSOLE_PATHS,
  HTTP_ERRORS,
  MENU_PATHS,
  PASSWORD_ERRORS,
  PASSWORD_PATHS,
  RECORD_PATHS,
  RESET_PASSWORD_BUTTON,
  SPEC_ERRORS,
  USER_PATHS,
} from '@tcm/contract';
import { buildUser, uid } from '../../test/factories.js';
import { call, form, FORM, signIn, jsonPost } from '../../test/http.js';
import { JSON_H, userWithButtons } from './console-test-helpers.js';
import { useAdminApp } from '../../test/suite.js';

const t = useAdminApp();
let memberToken: string;
const FIRST = 'Harbour-lights-93';
const NEXT = 'Copper-kettle-58';

beforeAll(async () => {
  const m = await buildUser(t.database.db, { entrance: 'member' });
  memberToken = (await signIn(t, m.loginName, m.password, AUTH_PATHS.entranceSignin('member'))).access_token;
});

const post = jsonPost(t);
const add = (token: string, body: object) =>
  post(CONSOLE_PATHS.userAdd, token, { loginName: `n_${uid()}`, name: 'New user', password: FIRST, ...body });
const signInCode = async (loginName: string, password: string) =>
  (
    await t.app.inject({
      method: 'POST',
      url: AUTH_PATHS.pwdSignin,
      headers: { ...FORM, authorization: t.client },
      payload: form({ loginName, loginPassword: password }),
    })
  ).json().code as number;

const ID = '00000000-0000-4000-8000-000000000000';
/** Every endpoint of the area with a well-formed body and the button it needs. */
const ENDPOINTS: Array<[string, 'GET' | 'POST', string, unknown, string | null]> = [
  ['list', 'POST', CONSOLE_PATHS.userList, {}, null],
  ['add', 'POST', CONSOLE_PATHS.userAdd, { loginName: 'abc', name: 'x', password: FIRST }, B.userAdd],
  ['edit', 'POST', CONSOLE_PATHS.userEdit, { id: ID, name: 'x' }, B.userEdit],
  ['status', 'POST', CONSOLE_PATHS.userStatus, { id: ID, status: 0 }, B.userStatus],
  ['roles', 'POST', CONSOLE_PATHS.userRoles, { userId: ID, roleIds: [] }, B.userRoles],
  ['history', 'GET', CONSOLE_PATHS.userHistory(ID), undefined, B.userHistory],
];

describe('console users: guards', () => {
  it('401 without a token and 403 for a member on every endpoint', async () => {
    for (const [name, method, url, body] of ENDPOINTS) {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const headers = body === undefined ? {} : JSON_H;
      const anon = await call(t.app, method, url, undefined, payload, headers);
      expect([anon.status, anon.body.code], name).toEqual([401, SPEC_ERRORS.TOKEN_INVALID.code]);
      const member = await call(t.app, method, url, memberToken, payload, headers);
      expect([member.status, member.body.code], name).toEqual([403, AUTH_ERRORS.FORBIDDEN.code]);
    }
  });

  it('403 for a back-office user without the button code, before reading the body', async () => {
    const { token } = await userWithButtons(t, []);
    for (const [name, method, url, body, button] of ENDPOINTS) {
      if (!button) continue;
      const res = await call(t.app, method, url, token, body === undefined ? undefined : '{bad json', JSON_H);
      expect(res.status, name).toBe(403);
      expect(res.body.data.missingButtons, name).toEqual([button]);
    }
  });

  it('400 for bad bodies, with the field named', async () => {
    const cases: Array<[string, unknown]> = [
      [CONSOLE_PATHS.userAdd, { loginName: 'a b', name: 'x', password: FIRST }],
      [CONSOLE_PATHS.userAdd, { loginName: 'abcd', name: 'x', password: FIRST, entrance: 'member' }],
      [CONSOLE_PATHS.userAdd, { loginName: 'abcd', name: 'x', password: FIRST, email: 'not-mail' }],
      [CONSOLE_PATHS.userEdit, { id: 'nope' }],
      [CONSOLE_PATHS.userStatus, { id: ID, status: 3 }],
      [CONSOLE_PATHS.userRoles, { userId: ID, roleIds: ['x'] }],
      [
        CONSOLE_PATHS.userList,
        {
          query: {
            join: 'and',
            groups: [
              { conditions: [{ connector: 'and', name: 'passwordHash', type: 'string', operator: 'EQ', value: 'x' }] },
            ],
          },
        },
      ],
    ];
    for (const [url, body] of cases) {
      const res = await call(t.app, 'POST', url, t.admin, JSON.stringify(body), { ...JSON_H, language: 'en' });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.msg.length).toBeGreaterThan(3);
    }
    expect((await call(t.app, 'GET', CONSOLE_PATHS.userHistory('x'), t.admin)).status).toBe(400);
    const weak = await add(t.admin, { password: '12345678' });
    expect(weak.status).toBe(400);
    expect(weak.body.code).not.toBe(HTTP_ERRORS.VALIDATION.code); // the policy names its rule
  });
});

describe('console users: happy paths', () => {
  it('creates an account that must change its first password, then lists and edits it', async () => {
    const loginName = `fresh_${uid()}`;
    const created = await add(t.admin, { loginName, email: `${loginName}@example.org`, organisation: 'Clinic A' });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ loginName, entrance: 'sys', status: 1, mustChangePassword: true });
    expect((await add(t.admin, { loginName })).body.code).toBe(SPEC_ERRORS.LOGIN_NAME_EXISTS.code);

    const token = (await signIn(t, loginName, FIRST)).access_token;
    const me = await call(t.app, 'GET', USER_PATHS.currentSysuser, token);
    expect(me.body.data.mustChangePassword).toBe(true);
    // Until the password is changed, only sign-out, user info, menus and the change itself answer.
    const blocked = await call(t.app, 'GET', MENU_PATHS.tree(0), token);
    expect([blocked.status, blocked.body.code]).toEqual([403, PASSWORD_ERRORS.CHANGE_REQUIRED.code]);
    const changed = await post(PASSWORD_PATHS.changePassword, token, { oldPassword: FIRST, newPassword: NEXT });
    expect(changed.body.code).toBe(0);
    expect((await call(t.app, 'GET', USER_PATHS.currentSysuser, token)).body.data.mustChangePassword).toBe(false);

    const listed = await post(`${CONSOLE_PATHS.userList}?page=1&size=100`, t.admin, {
      entrance: 'sys',
      query: {
        join: 'and',
        groups: [
          { conditions: [{ connector: 'and', name: 'loginName', type: 'string', operator: 'EQ', value: loginName }] },
        ],
      },
    });
    expect(listed.body.data.total).toBe(1);
    expect(listed.body.data.list[0]).toMatchObject({ loginName, organisation: 'Clinic A', mustChangePassword: false });
    const byKeyword = await post(CONSOLE_PATHS.userList, t.admin, { keyword: loginName.slice(2) });
    expect(byKeyword.body.data.list.map((u: { loginName: string }) => u.loginName)).toEqual([loginName]);

    const edited = await post(CONSOLE_PATHS.userEdit, t.admin, {
      id: created.body.data.id,
      name: 'Renamed',
      phone: '13800138000',
    });
    expect(edited.body.data).toMatchObject({
      name: 'Renamed',
      phone: '13800138000',
      email: `${loginName}@example.org`,
    });
  });

  it('lists every entrance by default, sorted by the column asked for; an unknown column is 400', async () => {
    const tag = uid();
    for (const [entrance, name] of [
      ['sys', 'b'],
      ['member', 'c'],
      ['display', 'a'],
    ] as const)
      await buildUser(t.database.db, { entrance, loginName: `s_${tag}_${name}`, name: `${name}-${tag}` });
    const list = async (qs: string) => {
      const r = await post(`${CONSOLE_PATHS.userList}?${qs}`, t.admin, { keyword: tag });
      expect(r.status, qs).toBe(200);
      return (r.body.data.list as Array<{ name: string; entrance: string }>).map((u) => u.name[0]);
    };
    expect((await list('sort=name&order=asc')).join('')).toBe('abc');
    expect((await list('sort=name&order=desc')).join('')).toBe('cba');
    expect((await list('sort=entrance&order=asc')).join('')).toBe('acb'); // display, member, sys
    expect((await post(`${CONSOLE_PATHS.userList}?sort=passwordHash`, t.admin, {})).status).toBe(400);
  });

  it('creates display, disease and training accounts; members cannot be created here', async () => {
    for (const entrance of ['display', 'disease', 'training'] as const) {
      const res = await add(t.admin, { entrance });
      expect(res.body.data.entrance).toBe(entrance);
      expect(await signInCode(res.body.data.loginName, FIRST)).toBe(SPEC_ERRORS.BAD_CREDENTIALS.code);
      const ok = await t.app.inject({
        method: 'POST',
        url: AUTH_PATHS.entranceSignin(entrance),
        headers: { ...FORM, authorization: t.client },
        payload: form({ loginName: res.body.data.loginName, loginPassword: FIRST }),
      });
      expect(ok.json().code).toBe(0);
    }
  });

  it('disabling ends the sessions and refuses sign-in; enabling lets the user back; nobody disables themselves', async () => {
    const u = await buildUser(t.database.db);
    const token = (await signIn(t, u.loginName, u.password)).access_token;
    const off = await call(t.app, 'POST', CONSOLE_PATHS.userStatus, t.admin, form({ id: u.id, status: 0 }), FORM);
    expect(off.body.data.status).toBe(0);
    expect((await call(t.app, 'GET', USER_PATHS.currentSysuser, token)).status).toBe(401);
    expect(await signInCode(u.loginName, u.password)).toBe(AUTH_ERRORS.ACCOUNT_DISABLED.code);
    await post(CONSOLE_PATHS.userStatus, t.admin, { id: u.id, status: 1 });
    expect(await signInCode(u.loginName, u.password)).toBe(0);

    const { user: self, token: selfToken } = await userWithButtons(t, [B.userStatus]);
    const res = await post(CONSOLE_PATHS.userStatus, selfToken, { id: self.id, status: 0 });
    expect(res.body.code).toBe(CONSOLE_ERRORS.SELF_DISABLE.code);
  });

  it('the sign-in history lists refused and accepted attempts, newest first', async () => {
    const u = await buildUser(t.database.db);
    expect(await signInCode(u.loginName, 'Wrong-password-11')).toBe(SPEC_ERRORS.BAD_CREDENTIALS.code);
    expect(await signInCode(u.loginName, u.password)).toBe(0);
    const res = await call(t.app, 'GET', `${CONSOLE_PATHS.userHistory(u.id)}?page=1&size=100`, t.admin);
    expect(res.body.data.total).toBe(2);
    expect(res.body.data.list.map((e: { code: number; success: boolean }) => [e.code, e.success])).toEqual([
      [0, true],
      [SPEC_ERRORS.BAD_CREDENTIALS.code, false],
    ]);
    expect((await call(t.app, 'GET', CONSOLE_PATHS.userHistory(ID), t.admin)).body.code).toBe(
      CONSOLE_ERRORS.USER_NOT_FOUND.code,
    );
  });

  it('an administrator reset makes the user change the password at the next sign-in', async () => {
    const u = await buildUser(t.database.db, { entrance: 'member' });
    const reset = await post(PASSWORD_PATHS.resetPassword, t.admin, { userId: u.id, newPassword: FIRST });
    expect(reset.body.code).toBe(0);
    const token = (await signIn(t, u.loginName, FIRST, AUTH_PATHS.entranceSignin('member'))).access_token;
    const info = await call(t.app, 'GET', USER_PATHS.memberInfo, token);
    expect(info.body.data.mustChangePassword).toBe(true);
    const head = await call(t.app, 'GET', MENU_PATHS.headMenu, token);
    expect(head.status).toBe(200);
    const records = () => post(RECORD_PATHS.list, token, { scope: 'memberRecord' });
    expect((await records()).body.code).toBe(PASSWORD_ERRORS.CHANGE_REQUIRED.code);
    await post(PASSWORD_PATHS.changePassword, token, { oldPassword: FIRST, newPassword: NEXT });
    expect((await records()).status).toBe(200);
  });
});

describe('console users: data scope and escalation', () => {
  it('an organisation-scoped administrator sees and changes only accounts of its organisation', async () => {
    const org = `Org ${uid()}`;
    const { user: me, token } = await userWithButtons(t, [B.userEdit, B.userHistory], {
      dataScope: 'organisation',
      organisation: org,
    });
    const inside = await buildUser(t.database.db, { organisation: org });
    const outside = await buildUser(t.database.db, { organisation: `Other ${uid()}` });
    const list = await post(`${CONSOLE_PATHS.userList}?size=1000`, token, {});
    expect(new Set(list.body.data.list.map((u: { id: string }) => u.id))).toEqual(new Set([me.id, inside.id]));
    expect((await post(CONSOLE_PATHS.userEdit, token, { id: inside.id, name: 'ok' })).body.code).toBe(0);
    const denied = await post(CONSOLE_PATHS.userEdit, token, { id: outside.id, name: 'no' });
    expect([denied.status, denied.body.code]).toEqual([403, CONSOLE_ERRORS.OUT_OF_SCOPE.code]);
    const history = await call(t.app, 'GET', CONSOLE_PATHS.userHistory(outside.id), token);
    expect(history.body.code).toBe(CONSOLE_ERRORS.OUT_OF_SCOPE.code);
  });

  it('a holder of the reset button cannot take over an all-access administrator or grant the t.admin role', async () => {
    const { user: me, token } = await userWithButtons(t, [RESET_PASSWORD_BUTTON, B.userRoles]);
    const root = await buildUser(t.database.db, { roleCodes: ['admin'] });
    const takeover = await post(PASSWORD_PATHS.resetPassword, token, { userId: root.id, newPassword: FIRST });
    expect([takeover.status, takeover.body.code]).toEqual([403, CONSOLE_ERRORS.OUT_OF_SCOPE.code]);
    expect(await signInCode(root.loginName, root.password)).toBe(0);

    const roles = await call(t.app, 'GET', CONSOLE_PATHS.roleList, t.admin);
    const adminRole = roles.body.data.find((r: { code: string }) => r.code === 'admin');
    const escalate = await post(CONSOLE_PATHS.userRoles, token, { userId: me.id, roleIds: [adminRole.id] });
    expect([escalate.status, escalate.body.code]).toEqual([403, CONSOLE_ERRORS.GRANT_EXCEEDS_OWN.code]);
  });
});
