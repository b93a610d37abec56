import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { AUTH_ERRORS, AUTH_PATHS, HTTP_ERRORS, SPEC_ERRORS, USER_PATHS } from '@tcm/contract';
import { captchas } from '../../db/schema/index.js';
import { buildUser } from '../../test/factories.js';
import { ageChallenge } from '../../test/captcha.js';
import { call, refusedFields } from '../../test/http.js';
import { createTestApp } from '../../test/test-app.js';
import { encodeDragPayload } from './drag-check.js';
import { useTestApp } from '../../test/suite.js';

const t = useTestApp();

/** Fetches a new challenge and ages it as if a person had spent 2 s on it; its answer too. */
const issue = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url, headers: { authorization: t.client } });
  expect(res.statusCode).toBe(200);
  const data = res.json().data;
  return { data, answer: await ageChallenge(t.database.db, data.captchaId) };
};
const register = () => issue(AUTH_PATHS.jigsawRegister);
const check = (body: object) =>
  t.app.inject({
    method: 'POST',
    url: AUTH_PATHS.jigsawCheck,
    headers: { authorization: t.client, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
/** `u` answers the challenge `captchaId` with the piece at `x`. */
const answerAs = (u: { loginName: string; password: string }, captchaId: string, x: number) =>
  check({ captchaId, x, loginName: u.loginName, loginPassword: u.password });
const png = (dataUrl: string) => Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64');

describe('jigsaw captcha', () => {
  it('register returns a background with a pale filled hole where the answer is and a transparent-edged piece', async () => {
    const { data, answer } = await register();
    const bg = sharp(png(data.backgroundImage));
    expect(await bg.metadata()).toMatchObject({ width: 320, height: 160 });
    const piece = await sharp(png(data.pieceImage)).metadata();
    expect(piece).toMatchObject({ width: data.pieceSize, height: data.pieceSize, hasAlpha: true });
    // The hole is drawn at (answer, pieceY), filled pale so that what lay beneath is hidden.
    const lum = async (left: number) => {
      const { data: px } = await sharp(png(data.backgroundImage))
        .extract({ left, top: data.pieceY + 15, width: 10, height: 20 })
        .greyscale()
        .raw()
        .toBuffer({ resolveWithObject: true });
      return px.reduce((a, b) => a + b, 0) / px.length;
    };
    expect(await lum(answer + 8)).toBeGreaterThan(150);
    expect((await t.app.inject({ method: 'GET', url: AUTH_PATHS.jigsawRegister })).statusCode).toBe(401);
  });

  it('check within tolerance signs in and returns data.access_token / refresh_token', async () => {
    const u = await buildUser(t.database.db);
    const { data, answer } = await register();
    const res = await answerAs(u, data.captchaId, answer + 3);
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
    const miss = await answerAs(u, data.captchaId, answer + 40);
    expect(miss.statusCode).toBe(400);
    expect(miss.json().code).toBe(AUTH_ERRORS.CAPTCHA_WRONG.code);
    const reuse = await answerAs(u, data.captchaId, answer);
    expect(reuse.json().code).toBe(AUTH_ERRORS.CAPTCHA_EXPIRED.code);
  });

  it('refuses an answer sooner than a person could drag, and spends the challenge', async () => {
    const u = await buildUser(t.database.db);
    const res = await t.app.inject({
      method: 'GET',
      url: AUTH_PATHS.jigsawRegister,
      headers: { authorization: t.client },
    });
    const { captchaId } = res.json().data;
    const [row] = await t.database.db.select().from(captchas).where(eq(captchas.id, captchaId));
    const body = { captchaId, x: row!.answerX, loginName: u.loginName, loginPassword: u.password };
    expect((await check(body)).json().code).toBe(AUTH_ERRORS.CAPTCHA_WRONG.code);
    await ageChallenge(t.database.db, captchaId);
    expect((await check(body)).json().code).toBe(AUTH_ERRORS.CAPTCHA_EXPIRED.code);
  });

  it('expires', async () => {
    const u = await buildUser(t.database.db);
    const { data, answer } = await register();
    await t.database.db
      .update(captchas)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(captchas.id, data.captchaId));
    const res = await answerAs(u, data.captchaId, answer);
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
    expect(refusedFields(bad.json())).toContain('captchaId');
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

  /** A drag challenge a person has had 2 s to answer. */
  /** The `ld` of `u` dragging a person's track across `width` on the challenge `captchaId`. */
  const dragAs = (u: { loginName: string; password: string }, captchaId: string, width: number) =>
    encodeDragPayload({
      captchaId,
      loginName: u.loginName,
      loginPassword: u.password,
      width,
      track: humanTrack(width),
    });
  const challenge = async () => (await issue(AUTH_PATHS.dragRegister)).data as { captchaId: string; width: number };

  it('signs in with a challenge, credentials and a plausible trajectory', async () => {
    const u = await buildUser(t.database.db, { entrance: 'doctor' });
    const { captchaId, width } = await challenge();
    const res = await post(
      encodeDragPayload({
        captchaId,
        loginName: u.loginName,
        loginPassword: u.password,
        entrance: 'doctor',
        width,
        track: humanTrack(width),
      }),
    );
    expect(res.json().code).toBe(0);
    expect(res.json().data.entrance).toBe('doctor');
    expect(res.headers['cache-control']).toBe('no-store');
    expect((await t.app.inject({ method: 'GET', url: AUTH_PATHS.dragRegister })).statusCode).toBe(401);
  });

  it('rejects robotic, too fast or unfinished drags', async () => {
    const linear = (w: number) => Array.from({ length: 30 }, (_, i) => ({ x: (i * w) / 29, y: 0, t: i * 20 }));
    const fast = (w: number) => humanTrack(w).map((p) => ({ ...p, t: p.t / 10 }));
    const short = (w: number) => humanTrack(w).map((p) => ({ ...p, x: p.x / 2 }));
    for (const [track, reason] of [
      [linear, 'robotic-speed'],
      [fast, 'too-fast'],
      [short, 'not-to-end'],
    ] as const) {
      // A fresh account each time: refused captchas count against the account (login guard).
      const u = await buildUser(t.database.db);
      const { captchaId, width } = await challenge();
      const res = await post(
        encodeDragPayload({ captchaId, loginName: u.loginName, loginPassword: u.password, width, track: track(width) }),
      );
      expect(res.statusCode, reason).toBe(400);
      expect(res.json()).toMatchObject({ code: AUTH_ERRORS.DRAG_REJECTED.code, data: { reason } });
    }
  });

  it('refuses a replayed drag, a track made for another width, and a track older than its challenge', async () => {
    const u = await buildUser(t.database.db);
    const first = await challenge();
    const ld = dragAs(u, first.captchaId, first.width);
    expect((await post(ld)).json().code).toBe(0);
    // The same ld again: its challenge is spent.
    expect((await post(ld)).json().code).toBe(AUTH_ERRORS.CAPTCHA_EXPIRED.code);
    // The recorded track replayed against a new challenge that set another width.
    let next = await challenge();
    while (next.width === first.width) next = await challenge();
    // Other accounts from here on: refused captchas count against the account (login guard).
    const u2 = await buildUser(t.database.db);
    const replay = await post(dragAs(u2, next.captchaId, first.width));
    expect(replay.json()).toMatchObject({ code: AUTH_ERRORS.DRAG_REJECTED.code, data: { reason: 'wrong-width' } });
    // A 900 ms track sent 300 ms after its challenge was issued was not drawn for it.
    const reg = await t.app.inject({
      method: 'GET',
      url: AUTH_PATHS.dragRegister,
      headers: { authorization: t.client },
    });
    const fresh = reg.json().data as { captchaId: string; width: number };
    await ageChallenge(t.database.db, fresh.captchaId, 300);
    const u3 = await buildUser(t.database.db);
    const early = await post(dragAs(u3, fresh.captchaId, fresh.width));
    expect(early.json()).toMatchObject({ data: { reason: 'older-than-challenge' } });
  });

  it('answers 400 for a missing, non-base64 or ill-shaped ld, 401 without the client header', async () => {
    expect((await post(undefined)).json().code).toBe(HTTP_ERRORS.VALIDATION.code);
    expect((await post('%%%')).statusCode).toBe(400);
    const ill = await post(encodeDragPayload({ loginName: 'x', width: 280, track: [] }));
    expect(refusedFields(ill.json())).toContain('captchaId');
    expect(ill.statusCode).toBe(400);
    expect(refusedFields(ill.json())).toContain('loginPassword');
    expect((await post('e30=', 'Basic bm86bm8=')).statusCode).toBe(401);
  });
});

describe('captcha required where the spec flow uses it (issue 24 item 9)', () => {
  it('refuses back-office sign-in by password alone with 1100510; the jigsaw signs in; other entrances need none', async () => {
    const shipped = await createTestApp({ LOGIN_CAPTCHA_ENTRANCES: 'sys' });
    try {
      const signin = (loginName: string, loginPassword: string, path: string) =>
        shipped.app.inject({
          method: 'POST',
          url: path,
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            authorization: shipped.client,
            'accept-language': 'en',
          },
          payload: new URLSearchParams({ loginName, loginPassword }).toString(),
        });
      const admin = await buildUser(t.database.db);
      const refused = await signin(admin.loginName, admin.password, AUTH_PATHS.pwdSignin);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        code: AUTH_ERRORS.CAPTCHA_REQUIRED.code,
        msg: AUTH_ERRORS.CAPTCHA_REQUIRED.en,
      });
      const { data, answer } = await register();
      const res = await shipped.app.inject({
        method: 'POST',
        url: AUTH_PATHS.jigsawCheck,
        headers: { authorization: shipped.client, 'content-type': 'application/json' },
        payload: JSON.stringify({
          captchaId: data.captchaId,
          x: answer,
          loginName: admin.loginName,
          loginPassword: admin.password,
        }),
      });
      expect(res.json().code).toBe(0);
      const member = await buildUser(t.database.db, { entrance: 'member' });
      expect((await signin(member.loginName, member.password, AUTH_PATHS.entranceSignin('member'))).json().code).toBe(
        0,
      );
    } finally {
      await shipped.close();
    }
  });
});
