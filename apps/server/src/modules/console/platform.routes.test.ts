import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  AUDIT_BUTTONS,
  DEVICE_ERRORS,
  PLATFORM_BUTTONS as B,
  PLATFORM_ERRORS,
  PLATFORM_PATHS,
  type ConsoleDevice,
  type DashboardSummary,
} from '@tcm/contract';
import { devices, recordsTable, storedFiles } from '../../db/schema/index.js';
import { buildTeam, buildUser } from '../../test/factories.js';
import { call, FORM, form, jsonPost } from '../../test/http.js';
import { expectGuards, JSON_H, userWithButtons, type Endpoint } from './console-test-helpers.js';
import { useAdminApp } from '../../test/suite.js';

const t = useAdminApp();

const post = jsonPost(t);
const ID = '00000000-0000-4000-8000-000000000000';
const ENDPOINTS: Endpoint[] = [
  ['dashboard', 'GET', PLATFORM_PATHS.dashboard, undefined, B.dashboard],
  ['devices', 'POST', PLATFORM_PATHS.deviceList, {}, B.deviceView],
  ['device status', 'POST', PLATFORM_PATHS.deviceStatus, { id: ID, status: 0 }, B.deviceStatus],
  ['device edit', 'POST', PLATFORM_PATHS.deviceEdit, { id: ID, location: 'x' }, B.deviceEdit],
];

const dashboard = async (token = t.admin) => {
  const r = await call(t.app, 'GET', PLATFORM_PATHS.dashboard, token);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data as DashboardSummary;
};

/**
 * The expected figures, from SQL written here (not the service's queries): Shanghai days by the
 * offset, counts by plain `where` clauses. The suites run one file at a time on the database.
 */
async function expected() {
  const q = async <T>(s: ReturnType<typeof sql>) => (await t.database.db.execute<T & Record<string, unknown>>(s)).rows;
  const windows = await q<{ w: string; total: number; failed: number; partial: number }>(sql`
    with b as (select ((now() at time zone 'UTC' + interval '8 hours')::date) as today)
    select w, count(r.id)::int as total,
           count(r.id) filter (where r.status = 'failed')::int as failed,
           count(r.id) filter (where r.status = 'partial')::int as partial
      from (values ('today', 0), ('days7', 6), ('days30', 29)) v(w, back), b
      left join diagnosis_record r on true
     where r.created_at >= ((b.today - v.back)::timestamp - interval '8 hours') at time zone 'UTC'
     group by w`);
  const users = await q<{ entrance: string; total: number; enabled: number }>(
    sql`select entrance, count(*)::int as total, sum(case when status = 1 then 1 else 0 end)::int as enabled from users group by entrance`,
  );
  const [files] = await q<{ files: number; bytes: string }>(
    sql`select count(*)::int as files, coalesce(sum(size), 0)::text as bytes from stored_file`,
  );
  const [devs] = await q<{ total: number; enabled: number }>(
    sql`select count(*)::int as total, sum(case when enabled then 1 else 0 end)::int as enabled from device`,
  );
  // pg-boss makes its schema when a suite first starts the queue; before that nothing waits.
  const queue = await q<{ waiting: number }>(
    sql`select count(*)::int as waiting from pgboss.job where name = 'record-analyze' and state in ('created', 'retry')`,
  ).catch(() => [{ waiting: 0 }]);
  const w = (name: string) => {
    const r = windows.find((x) => x.w === name);
    return { total: r?.total ?? 0, failed: r?.failed ?? 0, partial: r?.partial ?? 0 };
  };
  return {
    records: { today: w('today'), days7: w('days7'), days30: w('days30') },
    users: Object.fromEntries(users.map((u) => [u.entrance, { total: u.total, enabled: u.enabled }])),
    storage: { files: files!.files, bytes: Number(files!.bytes) },
    devices: { total: devs!.total, enabled: devs!.enabled ?? 0 },
    queue: { waiting: queue[0]!.waiting },
  };
}

async function record(status: 'done' | 'partial' | 'failed' | 'queued', daysAgo: number) {
  const at = new Date(Date.now() - daysAgo * 86_400_000);
  const results =
    status === 'done'
      ? {
          vitals: {
            engine: 'vitals',
            status: 'done',
            version: { engine: 'v-test-9' },
            ms: 1,
            result: {
              engine: { engine: 'v-test-9' },
              referenceTable: 't',
              indicators: [],
              overall: null,
              trends: [],
              notes: [],
            },
          },
        }
      : {};
  await t.database.db.insert(recordsTable).values({
    source: 'team',
    status,
    personName: '张三',
    shareToken: randomUUID(),
    results: results as never,
    createdAt: at,
  });
}

describe('console dashboard', () => {
  it('401, 403 for a member and without the button, 400 for bad device bodies', async () => {
    await expectGuards(t, ENDPOINTS);
    for (const body of [{ state: 'broken' }, { keyword: 5 }, { unlocated: 'x' }])
      expect((await post(PLATFORM_PATHS.deviceList, t.admin, body)).status, JSON.stringify(body)).toBe(400);
    for (const body of [{ id: 'x', status: 0 }, { id: ID, status: 2 }, {}])
      expect((await post(PLATFORM_PATHS.deviceStatus, t.admin, body)).status, JSON.stringify(body)).toBe(400);
    expect((await call(t.app, 'POST', `${PLATFORM_PATHS.deviceList}?size=5000`, t.admin, '{}', JSON_H)).status).toBe(
      400,
    );
    for (const body of [{ id: ID, name: '' }, { id: ID, location: 'x'.repeat(201) }, { location: 'x' }])
      expect((await post(PLATFORM_PATHS.deviceEdit, t.admin, body)).status, JSON.stringify(body)).toBe(400);
  });

  it("answers the database's figures, and moves with new records, accounts, files and devices", async () => {
    const before = await dashboard();
    expect(before).toMatchObject(await expected().then(({ users: _u, ...rest }) => rest));
    for (const u of before.users)
      expect(u, u.entrance).toEqual({
        entrance: u.entrance,
        ...((await expected()).users[u.entrance] ?? { total: 0, enabled: 0 }),
      });
    expect(before.trend).toHaveLength(30);
    expect(before.trend.reduce((n, d) => n + d.total, 0)).toBe(before.records.days30.total);

    await record('done', 0);
    await record('failed', 0);
    await record('partial', 3);
    await record('failed', 20);
    await record('done', 40); // outside every window
    await buildUser(t.database.db, { entrance: 'display', status: 0 });
    await t.database.db.insert(storedFiles).values({
      name: 'x.png',
      kind: 'image',
      mime: 'image/png',
      size: 1234,
      sha256: 'x',
      storageKey: `k/${randomUUID()}`,
    });
    const team = await buildTeam(t.database.db);
    await t.database.db.insert(devices).values({ teamId: team.id, name: 'd', secretHash: 'x', lastSeenAt: new Date() });

    const after = await dashboard();
    expect(after).toMatchObject(await expected().then(({ users: _u, ...rest }) => rest));
    const plus = (a: { total: number; failed: number; partial: number }, b: typeof a) => ({
      total: a.total - b.total,
      failed: a.failed - b.failed,
      partial: a.partial - b.partial,
    });
    expect(plus(after.records.today, before.records.today)).toEqual({ total: 2, failed: 1, partial: 0 });
    expect(plus(after.records.days7, before.records.days7)).toEqual({ total: 3, failed: 1, partial: 1 });
    expect(plus(after.records.days30, before.records.days30)).toEqual({ total: 4, failed: 2, partial: 1 });
    const display = (s: DashboardSummary) => s.users.find((u) => u.entrance === 'display')!;
    expect(display(after).total - display(before).total).toBe(1);
    expect(display(after).enabled - display(before).enabled).toBe(0);
    expect(after.storage.bytes - before.storage.bytes).toBe(1234);
    expect(after.devices.online - before.devices.online).toBe(1);
    expect(after.engines.find((e) => e.engine === 'vitals')).toMatchObject({ version: 'v-test-9', model: null });
    expect(after.zone).toBe('Asia/Shanghai');
    // The t.admin reads the audit log, so the newest events come along.
    expect(Array.isArray(after.audit)).toBe(true);
  });

  it('leaves the audit events out for a role without audit-view, and gives them with it', async () => {
    const { token: plain } = await userWithButtons(t, [B.dashboard]);
    expect((await dashboard(plain)).audit).toBeNull();
    const { token: auditor } = await userWithButtons(t, [B.dashboard, AUDIT_BUTTONS.view]);
    expect((await dashboard(auditor)).audit).not.toBeNull();
  });
});

describe('console devices', () => {
  it('lists devices with owner and team by data scope, and enables/disables within it only', async () => {
    const db = t.database.db;
    const org = `org-${randomUUID().slice(0, 8)}`;
    const team = await buildTeam(db);
    const ours = await buildUser(db, { entrance: 'member', teamId: team.id, teamLeader: true, organisation: org });
    const theirs = await buildUser(db, { entrance: 'member', teamId: team.id, organisation: `${org}-other` });
    const [a] = await db
      .insert(devices)
      .values({ teamId: team.id, name: `ours ${org}`, location: '浙江省杭州市', secretHash: 'x', createdBy: ours.id })
      .returning();
    const [b] = await db
      .insert(devices)
      .values({ teamId: team.id, name: `theirs ${org}`, location: null, secretHash: 'x', createdBy: theirs.id })
      .returning();

    const all = await post(PLATFORM_PATHS.deviceList, t.admin, { keyword: org });
    expect(all.status).toBe(200);
    expect(all.body.data.total).toBe(2);
    const row = (all.body.data.list as ConsoleDevice[]).find((d) => d.id === a!.id)!;
    expect(row).toMatchObject({
      name: `ours ${org}`,
      location: '浙江省杭州市',
      enabled: true,
      online: false,
      lastSeenAt: null,
      team: { id: team.id, name: team.name },
      owner: { id: ours.id, loginName: ours.loginName, organisation: org },
    });
    const unlocated = await post(PLATFORM_PATHS.deviceList, t.admin, { keyword: org, unlocated: true });
    expect(unlocated.body.data.list.map((d: ConsoleDevice) => d.id)).toEqual([b!.id]);

    // An organisation-scoped administrator sees and changes only devices of owners in their organisation.
    const { token: scoped } = await userWithButtons(t, [B.deviceView, B.deviceStatus], {
      dataScope: 'organisation',
      organisation: org,
    });
    const mine = await post(PLATFORM_PATHS.deviceList, scoped, { keyword: org });
    expect(mine.body.data.list.map((d: ConsoleDevice) => d.id)).toEqual([a!.id]);
    const refused = await call(
      t.app,
      'POST',
      PLATFORM_PATHS.deviceStatus,
      scoped,
      form({ id: b!.id, status: 0 }),
      FORM,
    );
    expect([refused.status, refused.body.code]).toEqual([403, PLATFORM_ERRORS.DEVICE_OUT_OF_SCOPE.code]);
    const off = await call(t.app, 'POST', PLATFORM_PATHS.deviceStatus, scoped, form({ id: a!.id, status: 0 }), FORM);
    expect([off.status, off.body.data.enabled]).toEqual([200, false]);
    const disabled = await post(PLATFORM_PATHS.deviceList, t.admin, { keyword: org, state: 'disabled' });
    expect(disabled.body.data.list.map((d: ConsoleDevice) => d.id)).toEqual([a!.id]);
    const on = await post(PLATFORM_PATHS.deviceStatus, t.admin, { id: a!.id, status: 1 });
    expect(on.body.data.enabled).toBe(true);

    // The location the display's map reads, set here; empty clears it (the device is unlocated again).
    const { token: editor } = await userWithButtons(t, [B.deviceEdit], {
      dataScope: 'organisation',
      organisation: org,
    });
    const moved = await post(PLATFORM_PATHS.deviceEdit, editor, {
      id: a!.id,
      location: ' 广东省深圳市 ',
      name: 'front desk',
    });
    expect([moved.status, moved.body.data.location, moved.body.data.name]).toEqual([200, '广东省深圳市', 'front desk']);
    const outside = await post(PLATFORM_PATHS.deviceEdit, editor, { id: b!.id, location: '浙江省' });
    expect([outside.status, outside.body.code]).toEqual([403, PLATFORM_ERRORS.DEVICE_OUT_OF_SCOPE.code]);
    const cleared = await post(PLATFORM_PATHS.deviceEdit, t.admin, { id: a!.id, location: '' });
    expect(cleared.body.data.location).toBeNull();
    const [stored] = await db.select().from(devices).where(eq(devices.id, a!.id));
    expect([stored?.location, stored?.name]).toEqual([null, 'front desk']);

    // A self-scoped role: devices it registered, none here.
    const { token: self } = await userWithButtons(t, [B.deviceView], { dataScope: 'self', organisation: org });
    expect((await post(PLATFORM_PATHS.deviceList, self, { keyword: org })).body.data.total).toBe(0);

    const missing = await post(PLATFORM_PATHS.deviceStatus, t.admin, { id: ID, status: 0 });
    expect([missing.status, missing.body.code]).toEqual([404, DEVICE_ERRORS.DEVICE_NOT_FOUND.code]);
    // The refusal in the reader's language.
    const en = await call(
      t.app,
      'POST',
      `${PLATFORM_PATHS.deviceStatus}?lang=en`,
      scoped,
      form({ id: b!.id, status: 1 }),
      {
        ...FORM,
        'accept-language': 'en',
      },
    );
    expect(en.body.msg).toBe(PLATFORM_ERRORS.DEVICE_OUT_OF_SCOPE.en);
  });
});
