import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { AUTH_ERRORS, AUTH_PATHS, HTTP_ERRORS, SPEC_ERRORS, USER_PATHS } from '@tcm/contract';
import { captchas } from '../../db/schema/index.js';
import { buildUser } from '../../test/factories.js';
import { call } from '../../test/http.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { encodeDragPayload } from './drag-check.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const register = async () => {
  const res = await t.app.inject({
    method: 'GET',
    url: AUTH_PATHS.jigsawRegister,
    headers: { authorization: t.client },
  });
  expect(res.statusCode).toBe(200);
  const data = res.json().data;
  const [row] = await t.database.db.select().from(captchas).where(eq(captchas.id, data.captchaId));
  return { data, answer: row!.answerX };
};
const check = (body: object) =>
  t.app.inject({
    method: 'POST',
    url: AUTH_PATHS.jigsawCheck,
    headers: { authorization: t.client, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
const png = (dataUrl: string) => Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64');

describe('jigsaw captcha', () => {
  it('register returns a background with a darkened hole where the answer is and a transparent-edged piece', async () => {
    const { data, answer } = await register();
    const bg = sharp(png(data.backgroundImage));
    expect(await bg.metadata()).toMatchObject({ width: 320, height: 160 });
    const piece = await sharp(png(data.pieceImage)).metadata();
    expect(piece).toMatchObject({ width: data.pieceSize, height: data.pieceSize, hasAlpha: true });
    // The hole is drawn at (answer, pieceY): it must be darker than the strip just left of the piece area.
    const lum = async (left: number) => {
      const { data: px } = await sharp(png(data.backgroundImage))
        .extract({ left, top: data.pieceY + 15, width: 10, height: 20 })
        .greyscale()
        .raw()
        .toBuffer({ resolveWithObject: true });
      return px.reduce((a, b) => a + b, 0) / px.length;
    };
    expect(await lum(answer + 8)).toBeLessThan((await lum(Math.max(0, answer - 18))) + 5);
    expect((await t.app.inject({ method: 'GET', url: AUTH_PATHS.jigsawRegister })).statusCode).toBe(401);
  });

  it('check within tolerance signs in and returns data.access_token / refresh_token', async () => {
    const u = await buildUser(t.database.db);
    const { data, answer } = await register();
    const res = await check({
      captchaId: data.captchaId,
      x: answer + 3,
      loginName: u.loginName,
      loginPassword: u.password,
    });
    expect(res.json()).toMatchObject({
      code: 0,
      data: { access_token: expect.any(String), refresh_token: expect.any(String) },
    });
    expect((await call(t.app, 'GET', USER_PATHS.currentSysuser, res.json().data.access_token)).status).toBe(200);
    // Token answers are never cached (docs/security.md §10b).
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('is single use: a miss spends the challenge, and a reuse is refused', async () => {
    const u = await buildUser(t.database.db);
    const { data, answer } = await register();
    const miss = await check({
      captchaId: data.captchaId,
      x: answer + 40,
      loginName: u.loginName,
      loginPassword: u.password,
    });
    expect(miss.statusCode).toBe(400);
    expect(miss.json().code).toBe(AUTH_ERRORS.CAPTCHA_WRONG.code);
    const reuse = await check({
      captchaId: data.captchaId,
      x: answer,
      loginName: u.loginName,
      loginPassword: u.password,
    });
    expect(reuse.json().code).toBe(AUTH_ERRORS.CAPTCHA_EXPIRED.code);
  });

  it('expires', async () => {
    const u = await buildUser(t.database.db);
    const { data, answer } = await register();
    await t.database.db
      .update(captchas)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(captchas.id, data.captchaId));
    const res = await check({
      captchaId: data.captchaId,
      x: answer,
      loginName: u.loginName,
      loginPassword: u.password,
    });
    expect(res.json().code).toBe(AUTH_ERRORS.CAPTCHA_EXPIRED.code);
  });

  it('still checks the password after a right answer, and validates input', async () => {
    const u = await buildUser(t.database.db);
    const { data, answer } = await register();
    expect(
      (await check({ captchaId: data.captchaId, x: answer, loginName: u.loginName, loginPassword: 'nope' })).json()
        .code,
    ).toBe(SPEC_ERRORS.BAD_CREDENTIALS.code);
    const { data: again, answer: at } = await register();
    const noClient = await t.app.inject({
      method: 'POST',
      url: AUTH_PATHS.jigsawCheck,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ captchaId: again.captchaId, x: at, loginName: u.loginName, loginPassword: u.password }),
    });
    expect([noClient.statusCode, noClient.json().code]).toEqual([401, AUTH_ERRORS.CLIENT_INVALID.code]);
    const bad = await check({ captchaId: 'nope', x: 'left' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('body.captchaId');
  });
});

/** A human-like drag: ease-in-out with jitter, 60 samples over ~900 ms. */
const humanTrack = (width: number) =>
  Array.from({ length: 60 }, (_, i) => {
    const f = i / 59;
    const eased = f < 0.5 ? 2 * f * f : 1 - (-2 * f + 2) ** 2 / 2;
    return { x: Math.round(eased * width), y: Math.round(Math.sin(i) * 2), t: Math.round(f * 900 + (i % 3)) };
  });

describe('drag captcha login', () => {
  const post = (ld: string | undefined, authorization = t.client) => {
    const boundary = '----tcmtest';
    const body =
      ld === undefined
        ? `--${boundary}--\r\n`
        : `--${boundary}\r\nContent-Disposition: form-data; name="ld"\r\n\r\n${ld}\r\n--${boundary}--\r\n`;
    return t.app.inject({
      method: 'POST',
      url: AUTH_PATHS.dragLogin,
      headers: { authorization, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
  };

  it('signs in with credentials and a plausible trajectory', async () => {
    const u = await buildUser(t.database.db, { entrance: 'doctor' });
    const res = await post(
      encodeDragPayload({
        loginName: u.loginName,
        loginPassword: u.password,
        entrance: 'doctor',
        width: 280,
        track: humanTrack(280),
      }),
    );
    expect(res.json().code).toBe(0);
    expect(res.json().data.entrance).toBe('doctor');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('rejects robotic, too fast or unfinished drags', async () => {
    const u = await buildUser(t.database.db);
    const linear = Array.from({ length: 30 }, (_, i) => ({ x: (i * 280) / 29, y: 0, t: i * 20 }));
    const fast = humanTrack(280).map((p) => ({ ...p, t: p.t / 10 }));
    const short = humanTrack(280).map((p) => ({ ...p, x: p.x / 2 }));
    for (const [track, reason] of [
      [linear, 'robotic-speed'],
      [fast, 'too-fast'],
      [short, 'not-to-end'],
    ] as const) {
      const res = await post(
        encodeDragPayload({ loginName: u.loginName, loginPassword: u.password, width: 280, track }),
      );
      expect(res.statusCode, reason).toBe(400);
      expect(res.json()).toMatchObject({ code: AUTH_ERRORS.DRAG_REJECTED.code, data: { reason } });
    }
  });

  it('answers 400 for a missing, non-base64 or ill-shaped ld, 401 without the client header', async () => {
    expect((await post(undefined)).json().code).toBe(HTTP_ERRORS.VALIDATION.code);
    expect((await post('%%%')).statusCode).toBe(400);
    const ill = await post(encodeDragPayload({ loginName: 'x', width: 280, track: [] }));
    expect(ill.statusCode).toBe(400);
    expect(ill.json().msg).toContain('ld.loginPassword');
    expect((await post('e30=', 'Basic bm86bm8=')).statusCode).toBe(401);
  });
});
