import { describe, expect, it } from 'vitest';
import {
  CONSOLE_BUTTONS as CB,
  CONSOLE_ERRORS,
  CONSOLE_PATHS,
  ORGANIZATION_BUTTONS as B,
  ORGANIZATION_ERRORS as E,
  ORGANIZATION_PATHS as P,
  type ConsoleTeam,
  type ConsoleUser,
  type DataScope,
  type OrganizationNode,
} from '@tcm/contract';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { migrationsFolder } from '../../db/migrate.js';
import { organizations, users } from '../../db/schema/index.js';
import { buildTeam, buildUser, uid, type BuiltUser } from '../../test/factories.js';
import { call } from '../../test/http.js';
import { expectGuards, JSON_H, userWithButtons, type Endpoint } from '../console/console-test-helpers.js';
import { useAdminApp } from '../../test/suite.js';

const t = useAdminApp();

const post = (url: string, token: string | undefined, body: unknown, lang = 'zh') =>
  call(t.app, 'POST', url, token, JSON.stringify(body), { ...JSON_H, 'accept-language': lang });
const ID = '00000000-0000-4000-8000-000000000000';
const ENDPOINTS: Endpoint[] = [
  ['tree', 'GET', P.tree, undefined, null],
  ['add', 'POST', P.add, { name: 'x', code: 'x' }, B.add],
  ['edit', 'POST', P.edit, { id: ID, name: 'y' }, B.edit],
  ['remove', 'DELETE', P.remove(ID), undefined, B.remove],
  ['assign', 'POST', P.assign, { organizationId: ID, userIds: [ID] }, B.assign],
];

const add = async (name: string, parentId: string | null = null, token = t.admin) => {
  const r = await post(P.add, token, { name, code: `c-${uid()}`, parentId });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data as OrganizationNode;
};
const assign = (token: string, organizationId: string | null, userIds: string[], teamIds: string[] = []) =>
  post(P.assign, token, { organizationId, userIds, teamIds });
const ids = (list: { id: string }[]) => list.map((x) => x.id).sort();
const flat = (nodes: OrganizationNode[]): OrganizationNode[] => nodes.flatMap((n) => [n, ...flat(n.children)]);
const listUsers = async (token: string) => {
  const r = await post(`${CONSOLE_PATHS.userList}?size=1000`, token, {});
  expect(r.status).toBe(200);
  return r.body.data.list as ConsoleUser[];
};

/** A back-office user in `orgId` whose role has `scope` and the organization, user and team buttons. */
async function scoped(scope: DataScope, orgId: string) {
  const codes = [...Object.values(B), CB.userEdit, CB.userAdd, CB.teamAdd];
  const u = await userWithButtons(t, codes, { dataScope: scope });
  expect((await assign(t.admin, orgId, [u.user.id])).status).toBe(200);
  return u;
}

describe('console organizations', () => {
  it('401 anonymous, 403 for a member and for a back-office user without the button, 400 for bad bodies', async () => {
    await expectGuards(t, ENDPOINTS);
    for (const [url, body] of [
      [P.add, { name: '', code: 'a' }],
      [P.add, { name: 'a', code: 'has space' }],
      [P.edit, { id: 'x' }],
      [P.assign, { organizationId: ID, userIds: [], teamIds: [] }],
      [P.assign, { organizationId: ID, userIds: ['x'] }],
    ] as const) {
      const r = await post(url, t.admin, body, 'en');
      expect(r.status, url).toBe(400);
      expect(r.body.msg, url).not.toMatch(/regex|userIds|\[/);
    }
    expect((await call(t.app, 'DELETE', P.remove('x'), t.admin)).status).toBe(400);
  });

  it('builds a tree, renames into the accounts, refuses cycles, taken codes and deleting a used one (zh, en)', async () => {
    const root = await add('总院');
    const child = await add('分院', root.id);
    const grandchild = await add('科室', child.id);
    const tree = (await call(t.app, 'GET', P.tree, t.admin)).body.data as OrganizationNode[];
    const mine = tree.find((n) => n.id === root.id)!;
    expect(mine.children.map((c) => c.id)).toEqual([child.id]);
    expect(mine.children[0]!.children.map((c) => c.id)).toEqual([grandchild.id]);

    const cycle = await post(P.edit, t.admin, { id: root.id, parentId: grandchild.id }, 'en');
    expect([cycle.status, cycle.body.code, cycle.body.msg]).toEqual([400, E.CYCLE.code, E.CYCLE.en]);
    const taken = await post(P.add, t.admin, { name: 'x', code: root.code });
    expect([taken.status, taken.body.code, taken.body.msg]).toEqual([409, E.CODE_EXISTS.code, E.CODE_EXISTS.zh]);

    const member = await buildUser(t.database.db, { organisation: 'typed by hand' });
    const team = await buildTeam(t.database.db);
    const assigned = await assign(t.admin, child.id, [member.id], [team.id]);
    expect(assigned.body.data).toEqual({ users: 1, teams: 1 });
    const renamed = await post(P.edit, t.admin, { id: child.id, name: '东区分院' });
    expect(renamed.body.data).toMatchObject({ name: '东区分院', userCount: 1, teamCount: 1 });
    // The free text of the account follows the organization, for every reader of that column.
    const [row] = await t.database.db.select().from(users).where(eq(users.id, member.id));
    expect([row!.organizationId, row!.organisation]).toEqual([child.id, '东区分院']);

    const del = (id: string, lang: string) =>
      call(t.app, 'DELETE', P.remove(id), t.admin, undefined, { 'accept-language': lang });
    const withChildren = await del(root.id, 'zh');
    expect([withChildren.status, withChildren.body.code, withChildren.body.msg]).toEqual([
      409,
      E.HAS_CHILDREN.code,
      E.HAS_CHILDREN.zh,
    ]);
    expect((await del(grandchild.id, 'en')).status).toBe(200);
    const inUse = await del(child.id, 'en');
    expect([inUse.status, inUse.body.code, inUse.body.msg]).toEqual([409, E.IN_USE.code, E.IN_USE.en]);
    expect((await assign(t.admin, null, [member.id], [team.id])).status).toBe(200);
    expect((await del(child.id, 'en')).status).toBe(200);
    expect((await del(root.id, 'en')).status).toBe(200);
    expect((await del(root.id, 'en')).body.code).toBe(E.NOT_FOUND.code);
    const [out] = await t.database.db.select().from(users).where(eq(users.id, member.id));
    expect([out!.organizationId, out!.organisation]).toEqual([null, null]);
  });

  it('a disabled organization takes no new accounts; an unknown one is 404', async () => {
    const off = await add('停用机构');
    await post(P.edit, t.admin, { id: off.id, status: 0 });
    const u = await buildUser(t.database.db);
    expect((await assign(t.admin, off.id, [u.id])).body.code).toBe(E.DISABLED.code);
    expect((await assign(t.admin, ID, [u.id])).body.code).toBe(E.NOT_FOUND.code);
  });

  it('data scope by organization: the tree scope sees its subtree, the organization scope its own only', async () => {
    const a = await add('A 院');
    const a1 = await add('A1 科', a.id);
    const b = await add('B 院');
    const [inA, inA1, inB] = [
      await buildUser(t.database.db),
      await buildUser(t.database.db),
      await buildUser(t.database.db),
    ];
    await assign(t.admin, a.id, [inA.id]);
    await assign(t.admin, a1.id, [inA1.id]);
    await assign(t.admin, b.id, [inB.id]);
    const [teamA1, teamB] = [await buildTeam(t.database.db), await buildTeam(t.database.db)];
    await assign(t.admin, a1.id, [], [teamA1.id]);
    await assign(t.admin, b.id, [], [teamB.id]);

    const tree = await scoped('organizationTree', a.id);
    const seen = ids(await listUsers(tree.token));
    expect(seen).toEqual(ids([inA, inA1, tree.user]));
    const treeOrgs = (await call(t.app, 'GET', P.tree, tree.token)).body.data as OrganizationNode[];
    expect(treeOrgs.map((n) => n.id)).toEqual([a.id]);
    expect(ids(flat(treeOrgs))).toEqual(ids([a, a1]));
    const teams = (await call(t.app, 'GET', CONSOLE_PATHS.teamList, tree.token)).body.data as ConsoleTeam[];
    expect(teams.map((x) => x.id)).toEqual([teamA1.id]);
    // B's account, team and organization are out of reach: 403 with the scope's words.
    const edit = await post(CONSOLE_PATHS.userEdit, tree.token, { id: inB.id, name: 'x' }, 'en');
    expect([edit.status, edit.body.code]).toEqual([403, CONSOLE_ERRORS.OUT_OF_SCOPE.code]);
    const members = await call(t.app, 'GET', CONSOLE_PATHS.teamMembers(teamB.id), tree.token);
    expect([members.status, members.body.code]).toEqual([403, E.TEAM_OUT_OF_SCOPE.code]);
    for (const r of [
      await assign(tree.token, b.id, [inA1.id]),
      await post(P.edit, tree.token, { id: b.id, name: 'x' }),
      await post(P.add, tree.token, { name: 'root', code: `c-${uid()}` }),
      await assign(tree.token, null, [inA1.id]),
    ])
      expect([r.status, r.body.code]).toEqual([403, E.OUT_OF_SCOPE.code]);
    // Inside the subtree: a new organization under A, an account moved there stays in sight.
    const a2 = await add('A2 科', a.id, tree.token);
    expect((await assign(tree.token, a2.id, [inA1.id])).status).toBe(200);
    const created = await post(CONSOLE_PATHS.userAdd, tree.token, {
      loginName: `n_${uid()}`,
      name: 'New',
      password: 'Xk9#mQ2$vL7!pR4z',
    });
    expect(created.body.data).toMatchObject({ organizationId: a.id, organisation: 'A 院' });

    const only = await scoped('organisation', a.id);
    expect(ids(await listUsers(only.token))).toEqual(
      ids([inA, tree.user, only.user, { id: created.body.data.id as string }]),
    );
    const onlyOrgs = (await call(t.app, 'GET', P.tree, only.token)).body.data as OrganizationNode[];
    expect(onlyOrgs.map((n) => [n.id, n.children.length])).toEqual([[a.id, 0]]);
    const down = await post(CONSOLE_PATHS.userEdit, only.token, { id: inA.id, organizationId: a1.id });
    expect([down.status, down.body.code]).toEqual([403, E.OUT_OF_SCOPE.code]);
  });

  it('the migration turns each distinct free-text organisation into one organization and points its accounts at it', async () => {
    const db = t.database.db;
    const west = `西院-${uid()}`;
    const north = `North-${uid()}`;
    const made: BuiltUser[] = [];
    for (const organisation of [`  ${west} `, west, north, '  ', null])
      made.push(await buildUser(db, { organisation }));
    const file = readFileSync(join(migrationsFolder(), '0030_organizations.sql'), 'utf8');
    const data = file
      .split('--> statement-breakpoint')
      .map((s) => s.trim())
      .filter((s) => /^(--[^\n]*\n)*(INSERT|UPDATE)/.test(s));
    expect(data).toHaveLength(2);
    // On the suites' shared database, inside a transaction that is rolled back.
    const after = await db
      .transaction(async (tx) => {
        for (const s of data) await tx.execute(sql.raw(s));
        const rows = await tx
          .select({ id: users.id, org: organizations.name })
          .from(users)
          .leftJoin(organizations, eq(organizations.id, users.organizationId))
          .where(
            inArray(
              users.id,
              made.map((m) => m.id),
            ),
          );
        const orgIds = await tx
          .select({ id: users.organizationId })
          .from(users)
          .where(
            inArray(
              users.id,
              made.map((m) => m.id),
            ),
          );
        throw Object.assign(new Error('rollback'), { rows, orgIds });
      })
      .catch((e: Error & { rows?: { id: string; org: string | null }[]; orgIds?: { id: string | null }[] }) => {
        if (!e.rows) throw e;
        return { names: new Map(e.rows.map((x) => [x.id, x.org])), orgIds: e.orgIds! };
      });
    expect(made.map((m) => after.names.get(m.id))).toEqual([west, west, north, null, null]);
    expect(new Set(after.orgIds.map((o) => o.id).filter(Boolean)).size).toBe(2);
  });
});
