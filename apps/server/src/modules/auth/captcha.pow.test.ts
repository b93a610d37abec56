import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_ERRORS, AUTH_PATHS, HTTP_ERRORS } from '@tcm/contract';
import { buildUser, type BuiltUser } from '../../test/factories.js';
import { ageChallenge, solvePow } from '../../test/captcha.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { encodeDragPayload } from './drag-check.js';

/**
 * Issue 35 item 7: a scripted drag track (human-like, which the trajectory checks let through 5/5)
 * no longer signs in by itself: each captcha answer carries a proof of work for its one-time
 * challenge, and wrong captcha answers count against the account like wrong passwords.
 */
const BITS = 12;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CAPTCHA_POW_BITS: String(BITS), LOGIN_CAPTCHA_ENTRANCES: 'sys' });
});
afterAll(() => t.close());

const issue = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url, headers: { authorization: t.client } });
  const data = res.json().data as { captchaId: string; width: number; powBits: number };
  return { ...data, answer: await ageChallenge(t.database.db, data.captchaId) };
};

/** The track a script draws: ease-in-out with jitter, 60 samples over ~900 ms. */
const scriptedTrack = (width: number) =>
  Array.from({ length: 60 }, (_, i) => {
    const f = i / 59;
    const eased = f < 0.5 ? 2 * f * f : 1 - (-2 * f + 2) ** 2 / 2;
    return { x: Math.round(eased * width), y: Math.round(Math.sin(i) * 2), t: Math.round(f * 900 + (i % 3)) };
  });

// Refused captchas count as failed sign-ins of their address too, and the suites share one
// database: this file's refusals come from an address of its own, so they never lock 127.0.0.1,
// which every other suite signs in from.
const OWN_ADDRESS = '198.51.100.10';

const dragLogin = (ld: string, remoteAddress = OWN_ADDRESS) => {
  const boundary = '----tcmpow';
  return t.app.inject({
    method: 'POST',
    url: AUTH_PATHS.dragLogin,
    remoteAddress,
    headers: { authorization: t.client, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: `--${boundary}\r\nContent-Disposition: form-data; name="ld"\r\n\r\n${ld}\r\n--${boundary}--\r\n`,
  });
};
const jigsaw = (body: object, remoteAddress = OWN_ADDRESS) =>
  t.app.inject({
    method: 'POST',
    url: AUTH_PATHS.jigsawCheck,
    remoteAddress,
    headers: { authorization: t.client, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
const drag = async (u: BuiltUser, pow: (captchaId: string) => string | undefined) => {
  const { captchaId, width } = await issue(AUTH_PATHS.dragRegister);
  return dragLogin(
    encodeDragPayload({
      captchaId,
      loginName: u.loginName,
      loginPassword: u.password,
      entrance: u.entrance,
      width,
      track: scriptedTrack(width),
      pow: pow(captchaId),
    }),
  );
};

describe('captcha proof of work', () => {
  it('challenges name the work; a scripted drag without it, or with too little, is refused (1100410)', async () => {
    // A fresh account per try: refused captchas count against the account (the next test).
    const fresh = () => buildUser(t.database.db, { entrance: 'doctor' });
    expect((await issue(AUTH_PATHS.dragRegister)).powBits).toBe(BITS);
    expect((await issue(AUTH_PATHS.jigsawRegister)).powBits).toBe(BITS);
    const none = await drag(await fresh(), () => undefined);
    expect([none.statusCode, none.json().code]).toEqual([400, AUTH_ERRORS.CAPTCHA_WRONG.code]);
    const weak = await drag(await fresh(), (id) => solvePow(id, 2, BITS)); // 2 to 11 bits: short of 12
    expect(weak.json().code).toBe(AUTH_ERRORS.CAPTCHA_WRONG.code);
    // Another challenge's work does not carry over: the challenge id is in the hash.
    const other = await issue(AUTH_PATHS.dragRegister);
    const borrowed = await drag(await fresh(), () => solvePow(other.captchaId, BITS));
    expect(borrowed.json().code).toBe(AUTH_ERRORS.CAPTCHA_WRONG.code);
  });

  it('the same drag with the work done signs in; so does the jigsaw (a person’s browser does the work)', async () => {
    const u = await buildUser(t.database.db, { entrance: 'doctor' });
    expect((await drag(u, (id) => solvePow(id, BITS))).json().code).toBe(0);
    const admin = await buildUser(t.database.db);
    const ch = await issue(AUTH_PATHS.jigsawRegister);
    const body = { captchaId: ch.captchaId, x: ch.answer, loginName: admin.loginName, loginPassword: admin.password };
    expect((await jigsaw(body)).json().code).toBe(AUTH_ERRORS.CAPTCHA_WRONG.code);
    const next = await issue(AUTH_PATHS.jigsawRegister);
    const ok = await jigsaw({
      ...body,
      captchaId: next.captchaId,
      x: next.answer,
      pow: solvePow(next.captchaId, BITS),
    });
    expect(ok.json().code).toBe(0);
  });

  it('400 for a malformed pow', async () => {
    const ch = await issue(AUTH_PATHS.jigsawRegister);
    const r = await jigsaw({ captchaId: ch.captchaId, x: 1, pow: 'NOT/OK', loginName: 'a', loginPassword: 'b' });
    expect([r.statusCode, r.json().code]).toEqual([400, HTTP_ERRORS.VALIDATION.code]);
  });
});

describe('captcha failures count per account', () => {
  it('wrong answers for one account meet the growing delays (429 1100511), as wrong passwords do', async () => {
    const u = await buildUser(t.database.db);
    const ip = '198.51.100.77';
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) {
      const ch = await issue(AUTH_PATHS.jigsawRegister);
      const r = await jigsaw(
        { captchaId: ch.captchaId, x: ch.answer + 60, pow: solvePow(ch.captchaId, BITS), ...cred(u) },
        ip,
      );
      codes.push(r.json().code);
    }
    // 2 free attempts, then the escalating delay of this account at this address.
    expect(codes).toEqual([
      AUTH_ERRORS.CAPTCHA_WRONG.code,
      AUTH_ERRORS.CAPTCHA_WRONG.code,
      AUTH_ERRORS.LOGIN_TOO_SOON.code,
      AUTH_ERRORS.LOGIN_TOO_SOON.code,
    ]);
  });
});

const cred = (u: BuiltUser) => ({ loginName: u.loginName, loginPassword: u.password });
