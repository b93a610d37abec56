import { describe, expect, it } from 'vitest';
import {
  AUTH_ERRORS,
  AUTH_PATHS,
  ENTRANCES,
  HTTP_ERRORS,
  PASSWORD_ERRORS,
  PASSWORD_PATHS,
  SPEC_ERRORS,
  USER_PATHS,
  type Entrance,
} from '@tcm/contract';
import { buildUser, TEST_PASSWORD, uid } from '../../test/factories.js';
import { call, form, FORM, signIn } from '../../test/http.js';
import { solvedJigsaw } from '../../test/captcha.js';
import { useTestApp } from '../../test/suite.js';

const t = useTestApp();

const JSON_HEADERS = { 'content-type': 'application/json' };
const NEW_PASSWORD = 'Lantern-river-47';
const signinPath = (e: Entrance) => (e === 'sys' ? AUTH_PATHS.pwdSignin : AUTH_PATHS.entranceSignin(e));

/** A fresh account of `entrance` signed in twice (two sessions, as on two devices). */
async function twoSessions(entrance: Entrance = 'member', roleCodes: string[] = []) {
  const user = await buildUser(t.database.db, { entrance, roleCodes });
  const a = await signIn(t, user.loginName, user.password, signinPath(entrance));
  const b = await signIn(t, user.loginName, user.password, signinPath(entrance));
  return { user, a, b };
}

/** The envelope code of a password sign-in attempt. */
async function signInCode(loginName: string, password: string, entrance: Entrance): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: signinPath(entrance),
    headers: { ...FORM, authorization: t.client },
    payload: form({ loginName, loginPassword: password }),
  });
  return res.json<{ code: number }>().code;
}

const change = (token: string | undefined, body: unknown) =>
  call(t.app, 'POST', PASSWORD_PATHS.changePassword, token, JSON.stringify(body), JSON_HEADERS);
const reset = (token: string | undefined, body: unknown) =>
  call(t.app, 'POST', PASSWORD_PATHS.resetPassword, token, JSON.stringify(body), JSON_HEADERS);

describe('change password (every entrance)', () => {
  it('401 without a token', async () => {
    const res = await change(undefined, { oldPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(SPEC_ERRORS.TOKEN_INVALID.code);
  });

  it('400 for a bad body, in the reader language', async () => {
    const { a } = await twoSessions();
    const missing = await change(a.access_token, { oldPassword: TEST_PASSWORD });
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe(HTTP_ERRORS.VALIDATION.code);
    const wrongType = await change(a.access_token, { oldPassword: TEST_PASSWORD, newPassword: 12345678 });
    expect(wrongType.status).toBe(400);
  });

  it('refuses a wrong current password (1100601) and counts it like a failed sign-in', async () => {
    const { user, a } = await twoSessions();
    for (let i = 0; i < t.config.login.freeAttempts; i++) {
      const res = await change(a.access_token, { oldPassword: `wrong-${i}-password`, newPassword: NEW_PASSWORD });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(PASSWORD_ERRORS.OLD_PASSWORD_WRONG.code);
    }
    // The guard now makes the account wait at this address: even the right current password is
    // not checked, and a sign-in from here waits too (one count for both ways in).
    const waiting = await change(a.access_token, { oldPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD });
    expect(waiting.status).toBe(429);
    expect(waiting.body.code).toBe(AUTH_ERRORS.LOGIN_TOO_SOON.code);
    expect(await signInCode(user.loginName, TEST_PASSWORD, 'member')).toBe(AUTH_ERRORS.LOGIN_TOO_SOON.code);
  });

  it('refuses weak new passwords with the code and message of the broken rule', async () => {
    const { user, a } = await twoSessions();
    const cases: Array<[string, { code: number; en: string; zh: string }]> = [
      ['12345678', PASSWORD_ERRORS.COMMON],
      ['Password1', PASSWORD_ERRORS.COMMON],
      ['Sh0rt!', PASSWORD_ERRORS.TOO_SHORT],
      ['x'.repeat(100) + 'y'.repeat(29), PASSWORD_ERRORS.TOO_LONG],
      ['kkkkkkkkkkkk', PASSWORD_ERRORS.ONE_CHARACTER],
      [`My-${user.loginName.toUpperCase()}-2026`, PASSWORD_ERRORS.CONTAINS_LOGIN_NAME],
      [TEST_PASSWORD, PASSWORD_ERRORS.UNCHANGED],
    ];
    for (const [newPassword, err] of cases) {
      const res = await change(a.access_token, { oldPassword: TEST_PASSWORD, newPassword });
      expect([res.status, res.body.code, res.body.msg], newPassword).toEqual([400, err.code, err.zh]);
    }
    const en = await call(
      t.app,
      'POST',
      PASSWORD_PATHS.changePassword,
      a.access_token,
      JSON.stringify({ oldPassword: TEST_PASSWORD, newPassword: '12345678' }),
      { ...JSON_HEADERS, 'accept-language': 'en' },
    );
    expect(en.body.msg).toBe(PASSWORD_ERRORS.COMMON.en);
    // Nothing changed.
    expect(await signInCode(user.loginName, TEST_PASSWORD, 'member')).toBe(0);
  });

  it.each(ENTRANCES)('%s: the new password signs in, the old one is refused, other sessions end', async (entrance) => {
    const { user, a, b } = await twoSessions(entrance);
    const res = await change(a.access_token, { oldPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 0, data: { revokedSessions: 1 } });

    expect(await signInCode(user.loginName, TEST_PASSWORD, entrance)).toBe(SPEC_ERRORS.BAD_CREDENTIALS.code);
    expect(await signInCode(user.loginName, NEW_PASSWORD, entrance)).toBe(0);
    // The other device is signed out (access and refresh); the one that changed it stays in.
    expect((await call(t.app, 'GET', USER_PATHS.currentUser, b.access_token)).status).toBe(401);
    const refreshB = await t.app.inject({
      method: 'POST',
      url: AUTH_PATHS.refreshToken,
      headers: { ...FORM, authorization: t.client },
      payload: form({ refresh_token: b.refresh_token }),
    });
    expect(refreshB.json()).toMatchObject({ code: AUTH_ERRORS.REFRESH_INVALID.code });
    expect((await call(t.app, 'GET', USER_PATHS.currentUser, a.access_token)).status).toBe(200);
  });

  it('400 (1100609) for an account without a password (WeChat sign-in)', async () => {
    const wechatOnly = await buildUser(t.database.db, { entrance: 'member', passwordHash: null });
    const tokens = await t.app.ctx.tokens.issue(wechatOnly.id, 'member');
    const res = await change(tokens.access_token, { oldPassword: 'anything-at-all', newPassword: NEW_PASSWORD });
    expect([res.status, res.body.code]).toEqual([400, PASSWORD_ERRORS.NO_PASSWORD.code]);
  });
});

describe('administrator reset', () => {
  it('401 without a token', async () => {
    const res = await reset(undefined, { loginName: 'member', newPassword: NEW_PASSWORD });
    expect(res.status).toBe(401);
  });

  it('403 for a back-office user without the admin role or button, and for other entrances', async () => {
    const victim = await buildUser(t.database.db, { entrance: 'member' });
    const plain = await twoSessions('sys', ['console-user']);
    const res = await reset(plain.a.access_token, { userId: victim.id, newPassword: NEW_PASSWORD });
    expect([res.status, res.body.code]).toEqual([403, AUTH_ERRORS.FORBIDDEN.code]);
    expect(res.body.data.missingButtons).toEqual(['sysUser-resetPassword']);
    const member = await twoSessions('member');
    const byMember = await reset(member.a.access_token, { userId: victim.id, newPassword: NEW_PASSWORD });
    expect(byMember.status).toBe(403);
    expect(await signInCode(victim.loginName, TEST_PASSWORD, 'member')).toBe(0);
  });

  it('400 for a bad body: no target, both targets, a weak password; 404 for an unknown user', async () => {
    const admin = await twoSessions('sys', ['admin']);
    const victim = await buildUser(t.database.db, { entrance: 'doctor' });
    const token = admin.a.access_token;
    expect((await reset(token, { newPassword: NEW_PASSWORD })).body.code).toBe(PASSWORD_ERRORS.TARGET_REQUIRED.code);
    expect(
      (await reset(token, { userId: victim.id, loginName: victim.loginName, newPassword: NEW_PASSWORD })).body.code,
    ).toBe(PASSWORD_ERRORS.TARGET_REQUIRED.code);
    const notUuid = await reset(token, { userId: 'not-a-uuid', newPassword: NEW_PASSWORD });
    expect([notUuid.status, notUuid.body.code]).toEqual([400, HTTP_ERRORS.VALIDATION.code]);
    const weak = await reset(token, { userId: victim.id, newPassword: '12345678' });
    expect([weak.status, weak.body.code]).toEqual([400, PASSWORD_ERRORS.COMMON.code]);
    const named = await reset(token, { userId: victim.id, newPassword: `${victim.loginName}!!` });
    expect(named.body.code).toBe(PASSWORD_ERRORS.CONTAINS_LOGIN_NAME.code);
    const unknown = await reset(token, { loginName: 'nobody-by-this-name', newPassword: NEW_PASSWORD });
    expect([unknown.status, unknown.body.code]).toEqual([404, PASSWORD_ERRORS.USER_NOT_FOUND.code]);
  });

  it("sets the user's password by login name or id and ends all of the user's sessions", async () => {
    const admin = await twoSessions('sys', ['admin']);
    const victim = await twoSessions('display');
    const res = await reset(admin.a.access_token, { loginName: victim.user.loginName, newPassword: NEW_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ userId: victim.user.id, revokedSessions: 2 });
    expect((await call(t.app, 'GET', USER_PATHS.currentUser, victim.a.access_token)).status).toBe(401);
    expect((await call(t.app, 'GET', USER_PATHS.currentUser, victim.b.access_token)).status).toBe(401);
    expect(await signInCode(victim.user.loginName, TEST_PASSWORD, 'display')).toBe(SPEC_ERRORS.BAD_CREDENTIALS.code);
    expect(await signInCode(victim.user.loginName, NEW_PASSWORD, 'display')).toBe(0);

    const byId = await reset(admin.a.access_token, { userId: victim.user.id, newPassword: 'Second-lantern-58' });
    expect(byId.body).toMatchObject({ code: 0, data: { revokedSessions: 1 } });
    expect(await signInCode(victim.user.loginName, 'Second-lantern-58', 'display')).toBe(0);
    // The administrator's own sessions are untouched.
    expect((await call(t.app, 'GET', USER_PATHS.currentSysuser, admin.a.access_token)).status).toBe(200);
  });
});

describe('doctor self-registration', () => {
  it('applies the same policy: 12345678 and a password holding the login name are refused', async () => {
    const register = async (loginName: string, loginPassword: string) =>
      t.app.inject({
        method: 'POST',
        url: USER_PATHS.doctorRegister,
        headers: { authorization: t.client, ...JSON_HEADERS },
        payload: JSON.stringify({
          loginName,
          email: `${loginName}@example.org`,
          phone: `13${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`,
          loginPassword,
          name: 'Dr Policy',
          ...(await solvedJigsaw(t)),
        }),
      });
    const name = `dr_${uid()}`;
    const common = await register(name, '12345678');
    expect([common.statusCode, common.json().code]).toEqual([400, PASSWORD_ERRORS.COMMON.code]);
    const named = await register(name, `${name}-secret`);
    expect(named.json().code).toBe(PASSWORD_ERRORS.CONTAINS_LOGIN_NAME.code);
    expect((await register(name, NEW_PASSWORD)).json().code).toBe(0);
  });
});
