import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AUTH_ERRORS, FORM_RULES, MENU_PATHS, SPEC_ERRORS, TEAM_ERRORS, TEAM_PATHS, USER_PATHS } from '@tcm/contract';
import { teamInvitations, users } from '../../db/schema/index.js';
import { buildTeam } from '../../test/factories.js';
import { call, refusedFields } from '../../test/http.js';
import { userWithToken } from '../../test/records-helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { foundedTeam as foundedTeamOf, memberWithToken } from '../../test/team-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const ID = '00000000-0000-4000-8000-000000000001';
const get = (url: string, token?: string) => call(t.app, 'GET', url, token);
const post = (url: string, token?: string, body: unknown = {}) => call(t.app, 'POST', url, token, body);
const member = (over: Parameters<typeof userWithToken>[1] = {}) => memberWithToken(t, over);
const foundedTeam = () => foundedTeamOf(t);

async function invite(token: string, days = 7) {
  const res = await post(TEAM_PATHS.invitations, token, { expiresInDays: days });
  expect(res.status).toBe(200);
  return res.body.data as { id: string; code: string; link: string; expiresAt: string };
}

const PRIVATE: Array<['GET' | 'POST', string]> = [
  ['GET', TEAM_PATHS.mine],
  ['POST', TEAM_PATHS.create],
  ['POST', TEAM_PATHS.rename],
  ['POST', TEAM_PATHS.invitations],
  ['POST', TEAM_PATHS.revokeInvitation(ID)],
  ['POST', TEAM_PATHS.apply],
  ['GET', TEAM_PATHS.myApplications],
  ['GET', TEAM_PATHS.applications],
  ['POST', TEAM_PATHS.decide(ID)],
  ['POST', TEAM_PATHS.leave],
  ['POST', TEAM_PATHS.remove(ID)],
  ['POST', TEAM_PATHS.flags(ID)],
  ['GET', TEAM_PATHS.homeMine],
  ['GET', TEAM_PATHS.homeTeam],
  ['GET', `${TEAM_PATHS.homeTeamRecords}?facet=week`],
];

describe('teams: guards', () => {
  it('every team and home call is 401 without a token and 403 for another entrance', async () => {
    const doctor = await userWithToken(t, { entrance: 'doctor' });
    for (const [method, url] of PRIVATE) {
      const anon = await call(t.app, method, url, undefined, method === 'POST' ? {} : undefined);
      expect([url, anon.status, anon.body.code]).toEqual([url, 401, SPEC_ERRORS.TOKEN_INVALID.code]);
      const wrong = await call(t.app, method, url, doctor.token, method === 'POST' ? {} : undefined);
      expect([url, wrong.status, wrong.body.code]).toEqual([url, 403, AUTH_ERRORS.FORBIDDEN.code]);
    }
  });

  it('bad bodies, ids and queries get 400 with the field named', async () => {
    const { leader } = await foundedTeam();
    const cases: Array<[string, unknown, string]> = [
      [TEAM_PATHS.rename, { name: '  ' }, 'name'],
      [TEAM_PATHS.invitations, { expiresInDays: 0 }, 'expiresInDays'],
      [TEAM_PATHS.apply, { code: 'no spaces!' }, 'code'],
      [TEAM_PATHS.decide(ID), { approve: false }, 'reason'],
      [TEAM_PATHS.flags(ID), {}, ''],
      [TEAM_PATHS.flags(ID), { displayPermission: 2 }, 'displayPermission'],
    ];
    for (const [url, body, field] of cases) {
      const res = await post(url, leader.token, body);
      expect([url, res.status, res.body.code]).toEqual([url, 400, 2000400]);
      // A rule over the whole body (at least one flag) names no field; its words are generic.
      if (field === '') expect(res.body.msg).toBe(FORM_RULES.NOT_ACCEPTED.zh);
      else expect(refusedFields(res.body)).toContain(field);
    }
    for (const url of [
      TEAM_PATHS.decide('not-a-uuid'),
      TEAM_PATHS.revokeInvitation('not-a-uuid'),
      TEAM_PATHS.remove('not-a-uuid'),
      TEAM_PATHS.flags('not-a-uuid'),
    ]) {
      const badId = await post(url, leader.token, { approve: true, displayPermission: 1 });
      expect([url, badId.status, badId.body.code]).toEqual([url, 400, 2000400]);
    }
    const status = await get(`${TEAM_PATHS.applications}?status=maybe`, leader.token);
    expect([status.status, status.body.code]).toEqual([400, 2000400]);
    const facet = await get(`${TEAM_PATHS.homeTeamRecords}?facet=everything`, leader.token);
    expect(facet.status).toBe(400);
  });
});

describe('teams: create, invite, apply, decide', () => {
  it('a member founds a team and leads it with every flag; a second team is refused', async () => {
    const { leader, teamId } = await foundedTeam();
    const info = await get(USER_PATHS.memberInfo, leader.token);
    expect(info.body.data).toMatchObject({
      teamId,
      teamName: 'Clinic A',
      teamLeader: 1,
      canConfigTreatPlan: 1,
      displayPermission: 1,
    });
    const again = await post(TEAM_PATHS.create, leader.token, { name: 'Other' });
    expect([again.status, again.body.code]).toEqual([409, TEAM_ERRORS.ALREADY_IN_TEAM.code]);
    const renamed = await post(TEAM_PATHS.rename, leader.token, { name: 'Clinic B' });
    expect(renamed.body.data.team.name).toBe('Clinic B');
  });

  it('code and link: apply, reject with a reason, apply again, approve; the applicant sees each outcome', async () => {
    const { leader, teamId } = await foundedTeam();
    const inv = await invite(leader.token);
    expect(inv.code).toMatch(/^[A-Z2-9]{10}$/);
    expect(inv.link).toBe(`/member/config/playApply?code=${inv.code}`);
    expect(Date.parse(inv.expiresAt) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);

    const person = await member();
    const applied = await post(TEAM_PATHS.apply, person.token, { code: inv.code.toLowerCase(), message: 'Hi' });
    expect(applied.body.data).toMatchObject({ teamId, status: 'pending', message: 'Hi', teamName: 'Clinic A' });
    const twice = await post(TEAM_PATHS.apply, person.token, { code: inv.code });
    expect([twice.status, twice.body.code]).toEqual([409, TEAM_ERRORS.APPLICATION_PENDING.code]);

    const badge = await get(TEAM_PATHS.mine, leader.token);
    expect(badge.body.data.pendingApplications).toBe(1);
    const list = await get(`${TEAM_PATHS.applications}?status=pending`, leader.token);
    expect(list.body.data.map((a: { applicantId: string }) => a.applicantId)).toEqual([person.user.id]);

    const rejected = await post(TEAM_PATHS.decide(applied.body.data.id), leader.token, {
      approve: false,
      reason: 'Not a patient here',
    });
    expect(rejected.body.data).toMatchObject({ status: 'rejected', reason: 'Not a patient here' });
    const decidedTwice = await post(TEAM_PATHS.decide(applied.body.data.id), leader.token, { approve: true });
    expect([decidedTwice.status, decidedTwice.body.code]).toEqual([409, TEAM_ERRORS.APPLICATION_DECIDED.code]);
    const mine = await get(TEAM_PATHS.myApplications, person.token);
    expect(mine.body.data[0]).toMatchObject({ status: 'rejected', reason: 'Not a patient here' });

    const second = await post(TEAM_PATHS.apply, person.token, { code: inv.code });
    const approved = await post(TEAM_PATHS.decide(second.body.data.id), leader.token, { approve: true });
    expect(approved.body.data.status).toBe('approved');
    const info = await get(USER_PATHS.memberInfo, person.token);
    expect(info.body.data).toMatchObject({ teamId, teamLeader: 0, canConfigTreatPlan: 0, displayPermission: 0 });
    const outcome = await get(TEAM_PATHS.myApplications, person.token);
    expect(outcome.body.data.map((a: { status: string }) => a.status)).toEqual(['approved', 'rejected']);
  });

  it('an expired or revoked code is refused (410); an unknown one is 404', async () => {
    const { leader } = await foundedTeam();
    const person = await member();
    const revoked = await invite(leader.token);
    expect((await post(TEAM_PATHS.revokeInvitation(revoked.id), leader.token)).status).toBe(200);
    const r1 = await post(TEAM_PATHS.apply, person.token, { code: revoked.code });
    expect([r1.status, r1.body.code]).toEqual([410, TEAM_ERRORS.INVITATION_EXPIRED.code]);
    const expired = await invite(leader.token);
    await t.database.db
      .update(teamInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(teamInvitations.id, expired.id));
    const r2 = await post(TEAM_PATHS.apply, person.token, { code: expired.code });
    expect(r2.status).toBe(410);
    const mine = await get(TEAM_PATHS.mine, leader.token);
    expect(mine.body.data.invitations).toEqual([]);
    const r3 = await post(TEAM_PATHS.apply, person.token, { code: 'ZZZZZZZZZZ' });
    expect([r3.status, r3.body.code]).toEqual([404, TEAM_ERRORS.INVITATION_INVALID.code]);
    const english = await call(
      t.app,
      'POST',
      TEAM_PATHS.apply,
      person.token,
      { code: revoked.code },
      { language: 'en' },
    );
    expect(english.body.msg).toBe(TEAM_ERRORS.INVITATION_EXPIRED.en);
  });

  it('a plain member gets 403 on every leader call; a leader of another team gets 403 on this team', async () => {
    const { leader, teamId } = await foundedTeam();
    const inv = await invite(leader.token);
    const person = await member();
    const app = await post(TEAM_PATHS.apply, person.token, { code: inv.code });
    const plain = await member({ teamId });
    const other = await foundedTeam();
    const forbidden: Array<['GET' | 'POST', string, unknown]> = [
      ['GET', TEAM_PATHS.applications, undefined],
      ['POST', TEAM_PATHS.decide(app.body.data.id), { approve: true }],
      ['POST', TEAM_PATHS.invitations, {}],
      ['POST', TEAM_PATHS.revokeInvitation(inv.id), {}],
      ['POST', TEAM_PATHS.rename, { name: 'Mine now' }],
      ['POST', TEAM_PATHS.remove(leader.user.id), {}],
      ['POST', TEAM_PATHS.flags(leader.user.id), { displayPermission: 0 }],
      ['GET', TEAM_PATHS.homeTeam, undefined],
      ['GET', `${TEAM_PATHS.homeTeamRecords}?facet=month`, undefined],
    ];
    for (const [method, url, body] of forbidden) {
      const res = await call(t.app, method, url, plain.token, body);
      expect([url, res.status, res.body.code]).toEqual([url, 403, TEAM_ERRORS.LEADER_REQUIRED.code]);
    }
    // The other team's leader leads a team, just not this one.
    for (const [method, url, body] of [1, 3, 5, 6].map((i) => forbidden[i]!)) {
      const res = await call(t.app, method, url, other.leader.token, body);
      expect([url, res.status, res.body.code]).toEqual([url, 403, TEAM_ERRORS.LEADER_REQUIRED.code]);
    }
    const theirList = await get(TEAM_PATHS.applications, other.leader.token);
    expect(theirList.body.data).toEqual([]);
    const mine = await get(TEAM_PATHS.mine, plain.token);
    expect(mine.body.data).toMatchObject({ leader: false, invitations: [], pendingApplications: 0 });
  });
});

describe('teams: membership and flags', () => {
  it('a leader grants and withdraws flags for a co-leader; only flags the leader holds; never their own', async () => {
    const { leader, teamId } = await foundedTeam();
    const co = await member({ teamId });
    const made = await post(TEAM_PATHS.flags(co.user.id), leader.token, { teamLeader: 1, canConfigTreatPlan: 1 });
    expect(made.body.data).toMatchObject({ teamLeader: 1, canConfigTreatPlan: 1, displayPermission: 0 });
    const pages = (await get(USER_PATHS.memberInfo, co.token)).body.data.pages as string[];
    expect(pages).toContain('/member/config/resultConfig');
    expect(pages).not.toContain('/member/config/display');

    const self = await post(TEAM_PATHS.flags(co.user.id), co.token, { displayPermission: 1 });
    expect([self.status, self.body.code]).toEqual([409, TEAM_ERRORS.NOT_SELF.code]);
    const notHeld = await post(TEAM_PATHS.flags(leader.user.id), co.token, { displayPermission: 0 });
    expect([notHeld.status, notHeld.body.code]).toEqual([403, TEAM_ERRORS.FLAG_NOT_HELD.code]);

    const withdrawn = await post(TEAM_PATHS.flags(co.user.id), leader.token, { canConfigTreatPlan: 0 });
    expect(withdrawn.body.data.canConfigTreatPlan).toBe(0);
    const after = (await get(USER_PATHS.memberInfo, co.token)).body.data.pages as string[];
    expect(after).not.toContain('/member/config/resultConfig');
    const stranger = await member();
    const notMember = await post(TEAM_PATHS.flags(stranger.user.id), leader.token, { displayPermission: 1 });
    expect([notMember.status, notMember.body.code]).toEqual([404, TEAM_ERRORS.MEMBER_NOT_FOUND.code]);
  });

  it('a member leaves and a leader removes one; the last leader cannot leave a team with members', async () => {
    const { leader, teamId } = await foundedTeam();
    const a = await member({ teamId });
    const b = await member({ teamId, displayPermission: true });
    const last = await post(TEAM_PATHS.leave, leader.token);
    expect([last.status, last.body.code]).toEqual([409, TEAM_ERRORS.LAST_LEADER.code]);
    expect((await post(TEAM_PATHS.leave, a.token)).status).toBe(200);
    expect((await post(TEAM_PATHS.remove(b.user.id), leader.token)).status).toBe(200);
    const [gone] = await t.database.db.select().from(users).where(eq(users.id, b.user.id));
    expect(gone).toMatchObject({ teamId: null, teamLeader: false, displayPermission: false });
    const members = (await get(TEAM_PATHS.mine, leader.token)).body.data.members as Array<{ id: string }>;
    expect(members.map((m) => m.id)).toEqual([leader.user.id]);
    const notIn = await post(TEAM_PATHS.leave, a.token);
    expect([notIn.status, notIn.body.code]).toEqual([409, TEAM_ERRORS.NOT_IN_TEAM.code]);
    const selfRemove = await post(TEAM_PATHS.remove(leader.user.id), leader.token);
    expect(selfRemove.body.code).toBe(TEAM_ERRORS.NOT_SELF.code);
    // Alone now: the leader may leave.
    expect((await post(TEAM_PATHS.leave, leader.token)).status).toBe(200);
  });
});

describe('member menus (the device-records glitch)', () => {
  it('a plain member is not offered device records; a leader is; the menu and member info agree', async () => {
    const team = await buildTeam(t.database.db);
    const plain = await member({ teamId: team.id });
    const leader = await member({ teamId: team.id, teamLeader: true });
    const pagesOf = async (token: string) => (await get(USER_PATHS.memberInfo, token)).body.data.pages as string[];
    const menuOf = async (token: string) => {
      const res = await get(MENU_PATHS.headMenu, token);
      return (res.body.data.data as Array<{ children: Array<{ path: string }> }>).flatMap((h) =>
        h.children.map((c) => c.path),
      );
    };
    expect(await pagesOf(plain.token)).not.toContain('/member/config/deviceRecord');
    expect(await menuOf(plain.token)).not.toContain('/member/config/deviceRecord');
    expect(await pagesOf(plain.token)).toEqual(
      expect.arrayContaining(['/member/config/home', '/member/config/playApply', '/member/config/memberRecord']),
    );
    expect(await pagesOf(leader.token)).toContain('/member/config/deviceRecord');
    expect(await menuOf(leader.token)).toContain('/member/config/deviceRecord');
  });
});
