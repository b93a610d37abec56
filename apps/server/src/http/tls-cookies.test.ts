import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_COOKIE, AUTH_PATHS, ENTRANCES } from '@tcm/contract';
import { buildUser } from '../test/factories.js';
import { form, FORM } from '../test/http.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

/** Issue 24 item 10b: Secure cookies and HSTS on a TLS deployment; token answers never cached. */
let plain: TestApp;
let tls: TestApp;
beforeAll(async () => {
  plain = await createTestApp();
  tls = await createTestApp({ TLS: 'true' });
});
afterAll(async () => {
  await plain.close();
  await tls.close();
});

async function signInRaw(t: TestApp, entrance: (typeof ENTRANCES)[number]) {
  const u = await buildUser(t.database.db, { entrance });
  return t.app.inject({
    method: 'POST',
    url: entrance === 'sys' ? AUTH_PATHS.pwdSignin : AUTH_PATHS.entranceSignin(entrance),
    headers: { ...FORM, authorization: t.client },
    payload: form({ loginName: u.loginName, loginPassword: u.password }),
  });
}
const accessCookie = (res: { headers: Record<string, unknown> }) =>
  ([res.headers['set-cookie']].flat() as string[]).find((c) => c.startsWith(`${ACCESS_TOKEN_COOKIE}=`)) ?? '';

describe('TLS deployment settings', () => {
  it('marks the access cookie Secure and sends HSTS only when TLS=true', async () => {
    const secure = await signInRaw(tls, 'sys');
    expect(accessCookie(secure)).toMatch(/;\s*Secure/i);
    expect(secure.headers['strict-transport-security']).toBe('max-age=15552000; includeSubDomains');
    const open = await signInRaw(plain, 'sys');
    expect(accessCookie(open)).not.toMatch(/;\s*Secure/i);
    expect(open.headers['strict-transport-security']).toBeUndefined();
    const logout = await tls.app.inject({
      method: 'POST',
      url: AUTH_PATHS.loginOut,
      headers: { authorization: `Bearer ${secure.json().data.access_token}` },
    });
    expect(accessCookie(logout)).toMatch(/;\s*Secure/i);
  });

  it('answers every password sign-in and the refresh with Cache-Control: no-store', async () => {
    for (const entrance of ENTRANCES) {
      const res = await signInRaw(plain, entrance);
      expect([entrance, res.statusCode, res.headers['cache-control']]).toEqual([entrance, 200, 'no-store']);
    }
    const first = await signInRaw(plain, 'member');
    const refreshed = await plain.app.inject({
      method: 'POST',
      url: AUTH_PATHS.refreshToken,
      headers: { ...FORM, authorization: plain.client },
      payload: form({ refresh_token: first.json().data.refresh_token }),
    });
    expect([refreshed.statusCode, refreshed.headers['cache-control'], refreshed.headers.pragma]).toEqual([
      200,
      'no-store',
      'no-cache',
    ]);
  });
});
