import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_ERRORS, AUTH_PATHS, HTTP_ERRORS, SPEC_ERRORS, USER_PATHS } from '@tcm/contract';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.js';
import { buildTeam, buildUser, uid } from '../../test/factories.js';
import { call, signIn, refusedFields } from '../../test/http.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { solvedJigsaw } from '../../test/captcha.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const tokenFor = async (overrides: Parameters<typeof buildUser>[1]) => {
  const u = await buildUser(t.database.db, overrides);
  const entrance = u.entrance === 'sys' ? AUTH_PATHS.pwdSignin : AUTH_PATHS.entranceSignin(u.entrance);
  return { user: u, token: (await signIn(t, u.loginName, u.password, entrance)).access_token };
};

describe('user info', () => {
  it('getCurrentSysuser: 401 without token, admin role and every button for the administrator', async () => {
    expect((await call(t.app, 'GET', USER_PATHS.currentSysuser)).status).toBe(401);
    const { user, token } = await tokenFor({ roleCodes: ['admin'], headImage: '/img/a.png' });
    const res = await call(t.app, 'GET', USER_PATHS.currentSysuser, token);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      loginName: user.loginName,
      roles: ['admin'],
      themeColorHex: '#1E1A1A',
      headImage: '/img/a.png',
    });
    expect(res.body.data.buttons).toContain('sysMenu-add');
    expect(res.body.data).not.toHaveProperty('passwordHash');
  });

  it('getCurrentSysuser: 403 for a member session', async () => {
    const { token } = await tokenFor({ entrance: 'member' });
    const res = await call(t.app, 'GET', USER_PATHS.currentSysuser, token);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe(AUTH_ERRORS.FORBIDDEN.code);
  });

  it('getMemberInfo returns the team flags as 1/0', async () => {
    const team = await buildTeam(t.database.db);
    const { token } = await tokenFor({
      entrance: 'member',
      teamId: team.id,
      teamLeader: true,
      canConfigTreatPlan: true,
      displayPermission: true,
      roleCodes: ['member'],
      themeColorHex: '#123456',
    });
    const res = await call(t.app, 'GET', USER_PATHS.memberInfo, token);
    expect(res.body.data).toMatchObject({
      teamId: team.id,
      teamName: team.name,
      teamLeader: 1,
      canConfigTreatPlan: 1,
      displayPermission: 1,
      canDoctorAgent: 0,
      themeColorHex: '#123456',
      roles: ['member'],
    });
    expect((await call(t.app, 'GET', USER_PATHS.memberInfo)).status).toBe(401);
  });

  it('getDoctorInfo returns the doctor buttons of spec §6', async () => {
    const { token } = await tokenFor({ entrance: 'doctor', doctorKind: 'researcher', roleCodes: ['doctor'] });
    const res = await call(t.app, 'GET', USER_PATHS.doctorInfo, token);
    expect(res.body.data.kind).toBe('researcher');
    expect(res.body.data.buttons).toEqual(
      expect.arrayContaining(['dataPool-add', 'dataPoolItem-system', 'doctorArchiveManage-batch-delete']),
    );
    const member = await tokenFor({ entrance: 'member' });
    expect((await call(t.app, 'GET', USER_PATHS.doctorInfo, member.token)).status).toBe(403);
  });

  it('each info call refuses a missing token (401) and the other entrances (403)', async () => {
    const sys = await tokenFor({});
    const member = await tokenFor({ entrance: 'member' });
    const doctor = await tokenFor({ entrance: 'doctor', roleCodes: ['doctor'] });
    const cases: Array<[string, string, string]> = [
      [USER_PATHS.currentSysuser, sys.token, doctor.token],
      [USER_PATHS.memberInfo, member.token, sys.token],
      [USER_PATHS.doctorInfo, doctor.token, member.token],
    ];
    for (const [url, own, foreign] of cases) {
      expect((await call(t.app, 'GET', url)).status, url).toBe(401);
      expect((await call(t.app, 'GET', url, own)).status, url).toBe(200);
      const denied = await call(t.app, 'GET', url, foreign);
      expect([denied.status, denied.body.code], url).toEqual([403, AUTH_ERRORS.FORBIDDEN.code]);
    }
    expect((await call(t.app, 'GET', USER_PATHS.currentUser)).status).toBe(401);
  });

  it('common current-user info serves display, disease and training sessions', async () => {
    for (const entrance of ['display', 'disease', 'training'] as const) {
      const { user, token } = await tokenFor({ entrance });
      const res = await call(t.app, 'GET', USER_PATHS.currentUser, token);
      expect(res.body.data).toMatchObject({ entrance, loginName: user.loginName });
    }
  });
});

describe('team members', () => {
  it('lists own team, 403 for another team, 400 for a bad id', async () => {
    const mine = await buildTeam(t.database.db);
    const other = await buildTeam(t.database.db);
    const { token } = await tokenFor({ entrance: 'member', teamId: mine.id, teamLeader: true });
    await buildUser(t.database.db, { entrance: 'member', teamId: mine.id });
    const res = await call(t.app, 'GET', USER_PATHS.teamMembers(mine.id), token);
    expect(res.body.data).toHaveLength(2);
    expect((await call(t.app, 'GET', USER_PATHS.teamMembers(other.id), token)).status).toBe(403);
    expect((await call(t.app, 'GET', USER_PATHS.teamMembers('not-a-uuid'), token)).status).toBe(400);
    expect((await call(t.app, 'GET', USER_PATHS.teamMembers(mine.id))).status).toBe(401);
  });
});

describe('doctor registration', () => {
  const post = (url: string, body: object) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { authorization: t.client, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
  const fresh = () => {
    const s = uid();
    return {
      loginName: `dr_${s}`,
      email: `dr_${s}@example.org`,
      phone: `13${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`,
    };
  };

  /** The final step with a solved jigsaw, as the page sends it. */
  const finalStep = async (account: object, name = 'Dr A') =>
    post(USER_PATHS.doctorRegister, { ...account, loginPassword: 'long-enough-pw', name, ...(await solvedJigsaw(t)) });

  it('registers a doctor who can sign in at the doctor entrance once approved (docs/console.md "Doctors")', async () => {
    const id = fresh();
    expect((await post(USER_PATHS.doctorRegisterCheck, id)).json().code).toBe(0);
    const res = await post(USER_PATHS.doctorRegister, {
      ...id,
      loginPassword: 'long-enough-pw',
      name: 'Dr Test',
      ...(await solvedJigsaw(t)),
    });
    expect(res.json().code).toBe(0);
    // Approval itself (the console call, guards, refusals) is tested in console/doctors.routes.test.ts.
    await t.database.db.update(users).set({ approval: 'approved' }).where(eq(users.id, res.json().data.id));
    const tokens = await signIn(t, id.loginName, 'long-enough-pw', AUTH_PATHS.entranceSignin('doctor'));
    const info = await call(t.app, 'GET', USER_PATHS.doctorInfo, tokens.access_token);
    expect(info.body.data).toMatchObject({ loginName: id.loginName, email: id.email, roles: ['doctor'] });
  });

  // Issue 35 item 8: the check answers alike for taken and free; only the final, captcha-protected step tells.
  it('register/check answers the same for taken and free identities; the final step says which is taken (409)', async () => {
    const id = fresh();
    await finalStep(id);
    const other = fresh();
    const cases: Array<[object, number]> = [
      [{ ...other, loginName: id.loginName }, SPEC_ERRORS.LOGIN_NAME_EXISTS.code],
      [{ ...other, email: id.email }, SPEC_ERRORS.EMAIL_EXISTS.code],
      [{ ...other, phone: id.phone }, SPEC_ERRORS.PHONE_EXISTS.code],
    ];
    const freeAnswer = await post(USER_PATHS.doctorRegisterCheck, fresh());
    for (const [body, code] of cases) {
      const check = await post(USER_PATHS.doctorRegisterCheck, body);
      expect([check.statusCode, check.body]).toEqual([freeAnswer.statusCode, freeAnswer.body]);
      const final = await finalStep(body, 'Dr B');
      expect([final.statusCode, final.json().code]).toEqual([409, code]);
    }
    const zh = await finalStep({ ...other, email: id.email }, 'Dr B');
    expect(zh.json().msg).toBe('邮箱已存在');
  });

  it('the final step without a solved captcha says nothing about the name: 400 alike for taken and free', async () => {
    const id = fresh();
    await finalStep(id);
    const answers = [];
    for (const loginName of [id.loginName, `free_${uid()}`]) {
      const body = { ...fresh(), loginName, loginPassword: 'long-enough-pw', name: 'Dr C' };
      const none = await post(USER_PATHS.doctorRegister, body);
      expect([none.statusCode, none.json().code]).toEqual([400, HTTP_ERRORS.VALIDATION.code]);
      const wrong = await solvedJigsaw(t);
      const missed = await post(USER_PATHS.doctorRegister, { ...body, ...wrong, x: wrong.x + 80 });
      answers.push([missed.statusCode, missed.json().code]);
    }
    expect(answers).toEqual([
      [400, AUTH_ERRORS.CAPTCHA_WRONG.code],
      [400, AUTH_ERRORS.CAPTCHA_WRONG.code],
    ]);
  });

  it('rejects a bad email with 400 naming the field, and a missing client header with 401', async () => {
    const res = await post(USER_PATHS.doctorRegisterCheck, { ...fresh(), email: 'a@b.c' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(HTTP_ERRORS.VALIDATION.code);
    expect(refusedFields(res.json())).toBe('email');
    expect(res.json().msg).toBe('请输入正确的邮箱地址');
    const noClient = await t.app.inject({ method: 'POST', url: USER_PATHS.doctorRegisterCheck, payload: fresh() });
    expect(noClient.statusCode).toBe(401);
  });

  describe('limits per address (issue 24 item 10a)', () => {
    let limited: TestApp;
    beforeAll(async () => {
      limited = await createTestApp({ REGISTER_PER_HOUR: '3', REGISTER_CHECKS_PER_HOUR: '5' });
    });
    afterAll(() => limited.close());
    const from = (remoteAddress: string, url: string, body: object) =>
      limited.app.inject({
        method: 'POST',
        url,
        remoteAddress,
        headers: { authorization: limited.client, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
    const address = () => `203.0.113.${Math.floor(Math.random() * 250) + 1}`;
    const account = async () => ({
      ...fresh(),
      loginPassword: 'long-enough-pw',
      name: 'Dr Burst',
      ...(await solvedJigsaw(limited)),
    });

    it('creates at most 3 doctor accounts per address and hour, even in parallel; other addresses unaffected', async () => {
      const ip = address();
      const bodies = [];
      for (let i = 0; i < 8; i++) bodies.push(await account());
      const answers = await Promise.all(bodies.map((b) => from(ip, USER_PATHS.doctorRegister, b)));
      expect(answers.filter((a) => a.json().code === 0)).toHaveLength(3);
      const refused = answers.filter((a) => a.json().code !== 0);
      expect(refused.every((a) => a.statusCode === 429)).toBe(true);
      expect(refused[0]!.json()).toMatchObject({
        code: AUTH_ERRORS.REGISTER_RATE_LIMITED.code,
        data: { retryAfterS: expect.any(Number) },
      });
      const elsewhere = `198.18.0.${Math.floor(Math.random() * 250) + 1}`;
      expect((await from(elsewhere, USER_PATHS.doctorRegister, await account())).json().code).toBe(0);
    });

    it('answers at most 5 duplicate checks per address and hour, so login names cannot be listed', async () => {
      const taken = await buildUser(t.database.db, { entrance: 'doctor' });
      const ip = address();
      const probes = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          from(ip, USER_PATHS.doctorRegisterCheck, {
            ...fresh(),
            loginName: i % 2 ? taken.loginName : `probe_${uid()}`,
          }),
        ),
      );
      const answered = probes.filter((p) => p.statusCode !== 429);
      expect(answered).toHaveLength(5);
      expect(probes.filter((p) => p.json().code === AUTH_ERRORS.REGISTER_RATE_LIMITED.code)).toHaveLength(15);
      // A refused probe says nothing about the name.
      expect(new Set(probes.filter((p) => p.statusCode === 429).map((p) => p.body.replace(/\d+/g, '#'))).size).toBe(1);
    });
  });
});
