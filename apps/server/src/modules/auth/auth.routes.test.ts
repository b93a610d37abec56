import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { refreshTokens, sessions, users } from '../../db/schema/index.js';
import { AUTH_ERRORS, AUTH_PATHS, HTTP_ERRORS, SPEC_ERRORS } from '@tcm/contract';
import { buildUser, uid } from '../../test/factories.js';
import { call, form, FORM, signIn, refusedFields } from '../../test/http.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_IP_MAX_FAILURES: '1000' });
});
afterAll(() => t.close());

const signinRaw = (
  loginName: string,
  loginPassword: string,
  authorization = t.client,
  path: string = AUTH_PATHS.pwdSignin,
) =>
  t.app.inject({
    method: 'POST',
    url: path,
    headers: { ...FORM, authorization },
    payload: form({ loginName, loginPassword }),
  });

describe('password sign-in', () => {
  it('returns tokens in the envelope and sets the access_token cookie', async () => {
    const u = await buildUser(t.database.db);
    const res = await signinRaw(u.loginName, u.password);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe(0);
    expect(body.data.access_token).toMatch(/^ey/);
    expect(body.data.refresh_token.length).toBeGreaterThan(30);
    expect(res.cookies.find((c) => c.name === 'access_token')?.value).toBe(body.data.access_token);
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('answers 1000000 with 401 on a wrong password or unknown user', async () => {
    const u = await buildUser(t.database.db);
    for (const res of [await signinRaw(u.loginName, 'wrong-password'), await signinRaw(`nobody_${uid()}`, 'x')]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: SPEC_ERRORS.BAD_CREDENTIALS.code, msg: '用户名或密码错误' });
    }
  });

  it('refuses a member account on the back-office entrance', async () => {
    const u = await buildUser(t.database.db, { entrance: 'member' });
    expect((await signinRaw(u.loginName, u.password)).json().code).toBe(SPEC_ERRORS.BAD_CREDENTIALS.code);
    const ok = await signinRaw(u.loginName, u.password, t.client, AUTH_PATHS.entranceSignin('member'));
    expect(ok.json().code).toBe(0);
  });

  it('requires the fixed client Basic header', async () => {
    const u = await buildUser(t.database.db);
    const res = await signinRaw(u.loginName, u.password, 'Basic ' + Buffer.from('evil:client').toString('base64'));
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(AUTH_ERRORS.CLIENT_INVALID.code);
  });

  it('names the field and the rule on bad input', async () => {
    const res = await signinRaw('', 'x');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(HTTP_ERRORS.VALIDATION.code);
    expect(refusedFields(res.json())).toBe('loginName');
    expect(res.json().msg).toBe('登录名：不能为空');
  });
  // Lockout, delays and the captcha requirement: login-guard.routes.test.ts.
});

describe('stored secrets', () => {
  it('keeps passwords as argon2id hashes and refresh tokens only as SHA-256', async () => {
    const u = await buildUser(t.database.db);
    expect(u.passwordHash).toMatch(/^\$argon2id\$v=19\$/);
    const tok = await signIn(t, u.loginName, u.password);
    const rows = await t.database.db
      .select({ tokenHash: refreshTokens.tokenHash })
      .from(refreshTokens)
      .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
      .where(eq(sessions.userId, u.id));
    expect(rows).toEqual([{ tokenHash: createHash('sha256').update(tok.refresh_token).digest('hex') }]);
    expect(JSON.stringify(rows)).not.toContain(tok.refresh_token);
  });
});

describe('per-IP lockout', () => {
  it('locks an address that fails across many accounts, other addresses unaffected', async () => {
    const ip = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.7`;
    const ipApp = await createTestApp({ LOGIN_MAX_FAILURES: '100', LOGIN_IP_MAX_FAILURES: '4' });
    try {
      const attempt = (loginName: string, loginPassword: string, remoteAddress: string) =>
        ipApp.app.inject({
          method: 'POST',
          url: AUTH_PATHS.pwdSignin,
          remoteAddress,
          headers: { ...FORM, authorization: ipApp.client },
          payload: form({ loginName, loginPassword }),
        });
      for (let i = 0; i < 4; i++) expect((await attempt(`guess_${uid()}`, 'x', ip)).statusCode).toBe(401);
      const u = await buildUser(t.database.db);
      expect((await attempt(u.loginName, u.password, ip)).statusCode).toBe(429);
      expect((await attempt(u.loginName, u.password, '192.0.2.55')).statusCode).toBe(200);
    } finally {
      await ipApp.close();
    }
  });
});

describe('refresh and logout', () => {
  it('rotates refresh tokens and revokes the whole family on reuse', async () => {
    const u = await buildUser(t.database.db);
    const first = await signIn(t, u.loginName, u.password);
    const refresh = (rt: string) =>
      t.app.inject({
        method: 'POST',
        url: AUTH_PATHS.refreshToken,
        headers: { ...FORM, authorization: t.client },
        payload: form({ refresh_token: rt }),
      });
    const second = (await refresh(first.refresh_token)).json();
    expect(second.code).toBe(0);
    expect(second.data.refresh_token).not.toBe(first.refresh_token);
    const reuse = await refresh(first.refresh_token);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().code).toBe(AUTH_ERRORS.REFRESH_INVALID.code);
    // The family is gone: the rotated token and its access token no longer work.
    expect((await refresh(second.data.refresh_token)).statusCode).toBe(401);
    const after = await call(t.app, 'POST', AUTH_PATHS.loginOut, second.data.access_token);
    expect(after.status).toBe(401);
    expect(after.body.code).toBe(SPEC_ERRORS.TOKEN_INVALID.code);
  });

  it('logout revokes the access token; calls without a token get 1200001', async () => {
    const u = await buildUser(t.database.db);
    const tok = await signIn(t, u.loginName, u.password);
    expect((await call(t.app, 'POST', AUTH_PATHS.loginOut)).body.code).toBe(SPEC_ERRORS.TOKEN_INVALID.code);
    expect((await call(t.app, 'POST', AUTH_PATHS.loginOut, tok.access_token)).body.code).toBe(0);
    expect((await call(t.app, 'POST', AUTH_PATHS.loginOut, tok.access_token)).status).toBe(401);
    expect((await call(t.app, 'POST', AUTH_PATHS.loginOut, 'not.a.jwt')).status).toBe(401);
  });

  it('refuses refresh without the client header and for a disabled account', async () => {
    const u = await buildUser(t.database.db);
    const tok = await signIn(t, u.loginName, u.password);
    const noClient = await t.app.inject({
      method: 'POST',
      url: AUTH_PATHS.refreshToken,
      headers: FORM,
      payload: form({ refresh_token: tok.refresh_token }),
    });
    expect(noClient.statusCode).toBe(401);
    expect(noClient.json().code).toBe(AUTH_ERRORS.CLIENT_INVALID.code);
    await t.database.db.update(users).set({ status: 0 }).where(eq(users.id, u.id));
    const res = await t.app.inject({
      method: 'POST',
      url: AUTH_PATHS.refreshToken,
      headers: { ...FORM, authorization: t.client },
      payload: form({ refresh_token: tok.refresh_token }),
    });
    expect(res.json().code).toBe(AUTH_ERRORS.REFRESH_INVALID.code);
    expect((await call(t.app, 'POST', AUTH_PATHS.loginOut, tok.access_token)).status).toBe(401);
  });

  it('rejects a malformed refresh body with 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: AUTH_PATHS.refreshToken,
      headers: { ...FORM, authorization: t.client },
      payload: '',
    });
    expect(res.statusCode).toBe(400);
  });
});
