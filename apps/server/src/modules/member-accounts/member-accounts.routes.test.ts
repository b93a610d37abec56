import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  AUTH_ERRORS,
  AUTH_PATHS,
  CONSOLE_BUTTONS,
  CONSOLE_ERRORS,
  HTTP_ERRORS,
  MEMBER_ACCOUNT_ERRORS,
  MEMBER_ACCOUNT_PATHS as P,
  PASSWORD_ERRORS,
  SPEC_ERRORS,
  TEAM_ERRORS,
  TEAM_PATHS,
  USER_PATHS,
} from '@tcm/contract';
import { auditLog, users } from '../../db/schema/index.js';
import { buildTeam, buildUser, uid } from '../../test/factories.js';
import { call, form, FORM, refusedFields, signIn } from '../../test/http.js';
import { solvedJigsaw } from '../../test/captcha.js';
import { multipart, userWithToken } from '../../test/records-helpers.js';
import { expectGuards, JSON_H, userWithButtons } from '../console/console-test-helpers.js';
import { unsubscribeToken } from './unsubscribe.service.js';
import { useTestApp } from '../../test/suite.js';

const t = useTestApp();

const PW = 'Quiet-river-42';
const memberSignIn = (name: string, pw = PW) => signIn(t, name, pw, AUTH_PATHS.entranceSignin('member'));
const register = async (body: Record<string, unknown>, lang = 'zh') =>
  t.app.inject({
    method: 'POST',
    url: P.register,
    headers: { ...JSON_H, authorization: t.client, 'accept-language': lang },
    payload: JSON.stringify({ ...body, ...(await solvedJigsaw(t)) }),
  });
const account = () => ({ loginName: `m_${uid()}`, loginPassword: PW, name: '王小明' });

describe('member self-registration', () => {
  it('registers without WeChat (JSON or form); the member signs in at the member entrance', async () => {
    const a = account();
    const res = await register(a);
    expect([res.statusCode, res.json().code, res.json().data.applicationId]).toEqual([200, 0, null]);
    const tokens = await memberSignIn(a.loginName);
    const info = await call(t.app, 'GET', USER_PATHS.memberInfo, tokens.access_token);
    expect(info.body.data).toMatchObject({ loginName: a.loginName, name: '王小明', teamId: null });

    const b = { ...account(), phone: '13800138123' };
    const viaForm = await t.app.inject({
      method: 'POST',
      url: P.register,
      headers: { ...FORM, authorization: t.client },
      payload: form({ ...b, ...((await solvedJigsaw(t)) as { captchaId: string; x: number }) }),
    });
    expect(viaForm.json().code).toBe(0);
    await memberSignIn(b.loginName);
  });

  it('with an invitation code the new member waits in the team’s applications', async () => {
    const team = await buildTeam(t.database.db);
    const leader = await userWithToken(t, { entrance: 'member', teamId: team.id, teamLeader: true });
    const inv = (await call(t.app, 'POST', TEAM_PATHS.invitations, leader.token, { expiresInDays: 7 })).body.data;
    const a = account();
    const res = await register({ ...a, inviteCode: inv.code.toLowerCase() });
    expect(res.json().code).toBe(0);
    const apps = await call(t.app, 'GET', `${TEAM_PATHS.applications}?status=pending`, leader.token);
    expect(apps.body.data.map((x: { applicantId: string }) => x.applicantId)).toContain(res.json().data.id);
    // An unknown or revoked code creates nothing.
    const unknown = await register({ ...account(), inviteCode: 'ZZZZZZZZZZ' });
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, TEAM_ERRORS.INVITATION_INVALID.code]);
    await call(t.app, 'POST', TEAM_PATHS.revokeInvitation(inv.id), leader.token, {});
    const late = account();
    const revoked = await register({ ...late, inviteCode: inv.code });
    expect([revoked.statusCode, revoked.json().code]).toEqual([410, TEAM_ERRORS.INVITATION_EXPIRED.code]);
    expect(await t.database.db.select().from(users).where(eq(users.loginName, late.loginName))).toEqual([]);
  });

  it('401 without the client header, 400 for a bad body or the password policy, in the reader’s language', async () => {
    const noClient = await t.app.inject({ method: 'POST', url: P.register, headers: JSON_H, payload: '{}' });
    expect(noClient.statusCode).toBe(401);
    const bad = await register({ ...account(), loginName: 'a b' });
    expect([bad.statusCode, bad.json().code, refusedFields(bad.json())]).toEqual([
      400,
      HTTP_ERRORS.VALIDATION.code,
      'loginName',
    ]);
    const common = await register({ ...account(), loginPassword: 'password123' }, 'en');
    expect([common.statusCode, common.json().code]).toEqual([400, PASSWORD_ERRORS.COMMON.code]);
    expect(common.json().msg).toBe(PASSWORD_ERRORS.COMMON.en);
  });

  it('says a login name is taken only after a solved captcha: without one, taken and free answer alike', async () => {
    const a = account();
    await register(a);
    const answers = [];
    for (const loginName of [a.loginName, `free_${uid()}`]) {
      const body = { ...account(), loginName };
      const wrong = await solvedJigsaw(t);
      const missed = await t.app.inject({
        method: 'POST',
        url: P.register,
        headers: { ...JSON_H, authorization: t.client },
        payload: JSON.stringify({ ...body, ...wrong, x: wrong.x + 80 }),
      });
      answers.push([missed.statusCode, missed.json().code]);
    }
    expect(answers).toEqual([
      [400, AUTH_ERRORS.CAPTCHA_WRONG.code],
      [400, AUTH_ERRORS.CAPTCHA_WRONG.code],
    ]);
    const taken = await register({ ...account(), loginName: a.loginName });
    expect([taken.statusCode, taken.json().code]).toEqual([409, SPEC_ERRORS.LOGIN_NAME_EXISTS.code]);
  });
});

describe('a leader resets a member’s forgotten password', () => {
  const reset = (userId: string, token: string | undefined, body: unknown = { newPassword: 'Fresh-lantern-77' }) =>
    call(t.app, 'POST', P.resetPassword(userId), token, JSON.stringify(body), JSON_H);

  it('401, 400, 403 (plain member, another team, a co-leader) and 404', async () => {
    const team = await buildTeam(t.database.db);
    const leader = await userWithToken(t, { entrance: 'member', teamId: team.id, teamLeader: true });
    const mate = await userWithToken(t, { entrance: 'member', teamId: team.id });
    const coLeader = await buildUser(t.database.db, { entrance: 'member', teamId: team.id, teamLeader: true });
    const other = await userWithToken(t, {
      entrance: 'member',
      teamId: (await buildTeam(t.database.db)).id,
      teamLeader: true,
    });
    expect((await reset(mate.user.id, undefined)).status).toBe(401);
    const bad = await reset(mate.user.id, leader.token, { newPassword: 5 });
    expect([bad.status, refusedFields(bad.body)]).toEqual([400, 'newPassword']);
    expect((await reset('not-a-uuid', leader.token)).status).toBe(400);
    const cases: Array<[string, string, number, number]> = [
      [mate.user.id, mate.token, 403, TEAM_ERRORS.LEADER_REQUIRED.code],
      [mate.user.id, other.token, 403, TEAM_ERRORS.LEADER_REQUIRED.code],
      [coLeader.id, leader.token, 403, MEMBER_ACCOUNT_ERRORS.LEADER_TARGET.code],
      [leader.user.id, leader.token, 409, TEAM_ERRORS.NOT_SELF.code],
      [randomUUID(), leader.token, 404, TEAM_ERRORS.MEMBER_NOT_FOUND.code],
    ];
    for (const [id, token, status, code] of cases) {
      const r = await reset(id, token);
      expect([r.status, r.body.code]).toEqual([status, code]);
    }
    const admin = await userWithToken(t, { roleCodes: ['admin'] });
    expect((await reset(mate.user.id, admin.token)).status).toBe(403);
  });

  it('sets the password, ends the member’s sessions, and obliges a change at the next sign-in', async () => {
    const team = await buildTeam(t.database.db);
    const leader = await userWithToken(t, { entrance: 'member', teamId: team.id, teamLeader: true });
    const mate = await userWithToken(t, { entrance: 'member', teamId: team.id });
    const r = await reset(mate.user.id, leader.token);
    expect([r.status, r.body.data.revokedSessions]).toEqual([200, 1]);
    expect((await call(t.app, 'GET', USER_PATHS.memberInfo, mate.token)).status).toBe(401);
    await expect(memberSignIn(mate.user.loginName, mate.user.password)).rejects.toThrow();
    const fresh = await memberSignIn(mate.user.loginName, 'Fresh-lantern-77');
    const info = await call(t.app, 'GET', USER_PATHS.memberInfo, fresh.access_token);
    expect(info.body.data.mustChangePassword).toBe(true);
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'member.password.reset'), eq(auditLog.targetId, mate.user.id)));
    expect(rows.map((x) => x.actorUserId)).toEqual([leader.user.id]);
  });
});

/** An .xlsx made by exceljs, as a person fills the template in: header row, then one row per member. */
async function workbook(rows: Array<Array<string | number>>): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('成员');
  sheet.addRow(['登录名*', '姓名*', '手机号', '邮箱', '机构', '初始密码*']);
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
const upload = (token: string | undefined, bytes: Buffer, lang = 'zh') => {
  const m = multipart([{ field: 'file', filename: 'members.xlsx', value: bytes }]);
  return call(t.app, 'POST', P.import, token, m.payload, { ...m.headers, 'accept-language': lang });
};

describe('the administrator creates and imports members', () => {
  it('401 / 403 (member, no sysUser-add) for every call', async () => {
    await expectGuards(t, [
      ['add', 'POST', P.consoleAdd, { loginName: `m_${uid()}`, name: 'A', password: PW }, CONSOLE_BUTTONS.userAdd],
      ['template', 'GET', P.importTemplate, undefined, CONSOLE_BUTTONS.userAdd],
    ]);
    const m = multipart([{ field: 'file', filename: 'a.xlsx', value: await workbook([]) }]);
    expect((await call(t.app, 'POST', P.import, undefined, m.payload, m.headers)).status).toBe(401);
    const { token } = await userWithButtons(t, []);
    const denied = await upload(token, await workbook([]));
    expect([denied.status, denied.body.data.missingButtons]).toEqual([403, [CONSOLE_BUTTONS.userAdd]]);
  });

  it('creates one member who signs in and must change the first password; 400, 409 and another organisation 403', async () => {
    const { token } = await userWithButtons(t, [CONSOLE_BUTTONS.userAdd]);
    const add = (body: unknown, tok = token) => call(t.app, 'POST', P.consoleAdd, tok, JSON.stringify(body), JSON_H);
    const loginName = `m_${uid()}`;
    const res = await add({ loginName, name: '李华', phone: '', password: PW });
    expect([res.status, res.body.code]).toEqual([200, 0]);
    const info = await call(t.app, 'GET', USER_PATHS.memberInfo, (await memberSignIn(loginName)).access_token);
    expect(info.body.data).toMatchObject({ loginName, mustChangePassword: true });
    expect((await add({ loginName: `m_${uid()}`, name: '', password: PW })).status).toBe(400);
    expect((await add({ loginName, name: 'X', password: PW })).body.code).toBe(SPEC_ERRORS.LOGIN_NAME_EXISTS.code);
    const org = await userWithButtons(t, [CONSOLE_BUTTONS.userAdd], {
      dataScope: 'organisation',
      organisation: 'North',
    });
    const foreign = await add({ loginName: `m_${uid()}`, name: 'Y', password: PW, organisation: 'South' }, org.token);
    expect([foreign.status, foreign.body.code]).toEqual([403, CONSOLE_ERRORS.OUT_OF_SCOPE.code]);
    const own = await add({ loginName: `m_${uid()}`, name: 'Z', password: PW }, org.token);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, own.body.data.id));
    expect([row!.entrance, row!.organisation]).toEqual(['member', 'North']);
  });

  it('the template is a real workbook with the columns in the reader’s language', async () => {
    const { token } = await userWithButtons(t, [CONSOLE_BUTTONS.userAdd]);
    const res = await t.app.inject({
      method: 'GET',
      url: P.importTemplate,
      headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' },
    });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets[0]!.getRow(1).values).toEqual([
      undefined,
      'Login name*',
      'Name*',
      'Phone',
      'Email',
      'Organisation',
      'First password*',
    ]);
  });

  it('50 rows with 3 bad ones: every bad row reported with its line and reason, nobody imported; then the 47 sign in', async () => {
    const { token } = await userWithButtons(t, [CONSOLE_BUTTONS.userAdd]);
    const taken = await buildUser(t.database.db, { entrance: 'member' });
    const tag = uid();
    const rows: Array<Array<string | number>> = Array.from({ length: 50 }, (_, i) => [
      `imp_${tag}_${i}`,
      `成员${i}`,
      `139${String(10000000 + i).padStart(8, '0')}`,
      '',
      '',
      PW,
    ]);
    rows[4]![2] = '12345'; // line 6: phone
    rows[19]![0] = taken.loginName; // line 21: taken
    rows[33]![5] = 'password'; // line 35: common password
    const bad = await upload(token, await workbook(rows), 'en');
    expect([bad.status, bad.body.code]).toEqual([400, MEMBER_ACCOUNT_ERRORS.IMPORT_ROWS_INVALID.code]);
    expect(bad.body.data.rows).toEqual([
      { line: 6, reason: 'The phone number is not valid' },
      { line: 21, reason: 'This login name is taken' },
      { line: 35, reason: expect.stringMatching(/password/i) },
    ]);
    const names = rows.map((r) => String(r[0]));
    expect(await t.database.db.select().from(users).where(inArray(users.loginName, names))).toHaveLength(1);

    const zh = await upload(token, await workbook(rows), 'zh');
    expect(zh.body.data.rows[0]).toEqual({ line: 6, reason: '手机号格式不正确' });

    const good = rows.filter((_, i) => ![4, 19, 33].includes(i));
    const res = await upload(token, await workbook(good));
    expect([res.status, res.body.data.imported]).toEqual([200, 47]);
    for (const r of [good[0]!, good[46]!]) await memberSignIn(String(r[0]));
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'member.import'));
    expect(audit.length).toBeGreaterThanOrEqual(47);
  });

  it('duplicates inside the file name the first line; not a workbook and empty sheets are 400', async () => {
    const { token } = await userWithButtons(t, [CONSOLE_BUTTONS.userAdd]);
    const name = `dup_${uid()}`;
    const twice = await upload(
      token,
      await workbook([[name, 'A', '', '', '', PW], [], [name, 'B', '', '', '', PW]]),
      'en',
    );
    expect(twice.body.data.rows).toEqual([{ line: 4, reason: 'Same login name as line 2' }]);
    const notXlsx = await upload(token, Buffer.from('loginName,name\na,b'));
    expect([notXlsx.status, notXlsx.body.code]).toEqual([400, MEMBER_ACCOUNT_ERRORS.IMPORT_UNREADABLE.code]);
    const empty = await upload(token, await workbook([]));
    expect([empty.status, empty.body.code]).toEqual([400, MEMBER_ACCOUNT_ERRORS.IMPORT_EMPTY.code]);
  });
});

describe('unsubscribe links', () => {
  it('400 for a malformed or altered token; GET shows, POST stops once and leaves one audit row', async () => {
    const m = await buildUser(t.database.db, { entrance: 'member', name: '赵六一' });
    const token = unsubscribeToken(t.config, m.id, 'report-ready');
    for (const bad of ['x'.repeat(20), `${token}x`, token.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))]) {
      const r = await call(t.app, 'GET', `${P.unsubscribe}?token=${encodeURIComponent(bad)}`);
      expect([r.status, r.body.code]).toEqual([400, MEMBER_ACCOUNT_ERRORS.UNSUBSCRIBE_LINK_INVALID.code]);
    }
    expect((await call(t.app, 'GET', P.unsubscribe)).status).toBe(400);
    const shown = await call(t.app, 'GET', `${P.unsubscribe}?token=${token}`);
    expect(shown.body.data).toEqual({ kind: 'report-ready', name: '赵**', stopped: false });
    for (let i = 0; i < 2; i++) {
      const done = await call(t.app, 'POST', P.unsubscribe, undefined, JSON.stringify({ token }), JSON_H);
      expect(done.body.data.stopped).toBe(true);
    }
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'message.unsubscribe'), eq(auditLog.targetId, m.id)));
    expect(rows).toHaveLength(1);
  });
});
