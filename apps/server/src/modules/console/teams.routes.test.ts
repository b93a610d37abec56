import { describe, expect, it } from 'vitest';
import {
  AUTH_PATHS,
  CONSOLE_BUTTONS as B,
  CONSOLE_ERRORS,
  CONSOLE_PATHS,
  MENU_PATHS,
  type MenuNode,
} from '@tcm/contract';
import { buildTeam, buildUser } from '../../test/factories.js';
import { call, signIn, jsonPost } from '../../test/http.js';
import { expectGuards, type Endpoint } from './console-test-helpers.js';
import { useAdminApp } from '../../test/suite.js';

const t = useAdminApp();

const post = jsonPost(t);
const ID = '00000000-0000-4000-8000-000000000000';
const ENDPOINTS: Endpoint[] = [
  ['list', 'GET', CONSOLE_PATHS.teamList, undefined, null],
  ['members', 'GET', CONSOLE_PATHS.teamMembers(ID), undefined, null],
  ['add', 'POST', CONSOLE_PATHS.teamAdd, { name: 'x' }, B.teamAdd],
  ['leader', 'POST', CONSOLE_PATHS.teamLeader, { teamId: ID, userId: ID }, B.teamLeader],
  ['flags', 'POST', CONSOLE_PATHS.memberFlags, { userId: ID, displayPermission: 1 }, B.memberFlags],
];

describe('console teams', () => {
  it('401 anonymous, 403 for a member and for a back-office user without the button, 400 for bad bodies', async () => {
    await expectGuards(t, ENDPOINTS);
    for (const [url, body] of [
      [CONSOLE_PATHS.teamAdd, { name: '' }],
      [CONSOLE_PATHS.teamLeader, { teamId: 'x', userId: ID }],
      [CONSOLE_PATHS.memberFlags, { userId: ID, displayPermission: 2 }],
    ] as const)
      expect((await post(url, t.admin, body)).status, url).toBe(400);
    expect((await call(t.app, 'GET', CONSOLE_PATHS.teamMembers('x'), t.admin)).status).toBe(400);
  });

  it('creates a team, appoints its one leader, sets flags that show in the member menu', async () => {
    const created = await post(CONSOLE_PATHS.teamAdd, t.admin, { name: '新团队' });
    expect(created.body.data).toMatchObject({ name: '新团队', leader: null, memberCount: 0 });
    const teamId = created.body.data.id as string;
    const first = await buildUser(t.database.db, { entrance: 'member', roleCodes: ['member'] });
    const second = await buildUser(t.database.db, { entrance: 'member', roleCodes: ['member'], teamId });
    const appointed = await post(CONSOLE_PATHS.teamLeader, t.admin, { teamId, userId: first.id });
    expect(
      appointed.body.data.filter((m: { teamLeader: number }) => m.teamLeader === 1).map((m: { id: string }) => m.id),
    ).toEqual([first.id]);
    // One leader per team: appointing the other one replaces the first.
    const again = await post(CONSOLE_PATHS.teamLeader, t.admin, { teamId, userId: second.id });
    expect(
      again.body.data.filter((m: { teamLeader: number }) => m.teamLeader === 1).map((m: { id: string }) => m.id),
    ).toEqual([second.id]);
    const list = await call(t.app, 'GET', CONSOLE_PATHS.teamList, t.admin);
    expect(list.body.data.find((x: { id: string }) => x.id === teamId)).toMatchObject({
      memberCount: 2,
      leader: { id: second.id },
    });

    // A member of another team cannot be appointed here.
    const other = await buildTeam(t.database.db);
    const stranger = await buildUser(t.database.db, { entrance: 'member', teamId: other.id });
    expect((await post(CONSOLE_PATHS.teamLeader, t.admin, { teamId, userId: stranger.id })).body.code).toBe(
      CONSOLE_ERRORS.NOT_A_MEMBER.code,
    );
    expect((await post(CONSOLE_PATHS.teamLeader, t.admin, { teamId: ID, userId: second.id })).body.code).toBe(
      CONSOLE_ERRORS.TEAM_NOT_FOUND.code,
    );

    const token = (await signIn(t, second.loginName, second.password, AUTH_PATHS.entranceSignin('member')))
      .access_token;
    const paths = async () =>
      ((await call(t.app, 'GET', MENU_PATHS.headMenu, token)).body.data.data as MenuNode[]).flatMap((h) =>
        h.children.map((c) => c.path),
      );
    expect(await paths()).not.toContain('/member/config/resultConfig');
    const flags = await post(CONSOLE_PATHS.memberFlags, t.admin, {
      userId: second.id,
      canConfigTreatPlan: 1,
      displayPermission: 1,
      canDoctorAgent: 1,
    });
    expect(flags.body.data).toMatchObject({
      teamLeader: 1,
      canConfigTreatPlan: 1,
      displayPermission: 1,
      canDoctorAgent: 1,
    });
    expect(await paths()).toEqual(expect.arrayContaining(['/member/config/resultConfig', '/member/config/display']));
    const members = await call(t.app, 'GET', CONSOLE_PATHS.teamMembers(teamId), t.admin);
    expect(members.body.data).toHaveLength(2);
  });
});
