import { and, eq, inArray, isNotNull, lt } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  AUDIT_ERRORS,
  AUDIT_PATHS,
  AUTH_ERRORS,
  RECORD_PATHS,
  RESEARCH_PATHS,
  SPEC_ERRORS,
  TEAM_PATHS,
  USER_PATHS,
} from '@tcm/contract';
import { auditLog } from '../../db/schema/index.js';
import { buildTeam, buildUser } from '../../test/factories.js';
import { call, signIn } from '../../test/http.js';
import { userWithToken } from '../../test/records-helpers.js';
import { insertRecord } from '../records/records.repo.js';
import { newShareToken } from '../records/records.service.js';
import { AuditPurge, purgeAudit } from './audit-purge.js';
import { AUDITED_ROUTES } from './audited-routes.js';
import { doctorWithToken } from '../archive/archive.test-helpers.js';
import { newPool } from '../research/research.test-helpers.js';
import { useAdminApp } from '../../test/suite.js';

/** Issue 25 item 4: every read and write of health data leaves a row; admins search and export it. */
const t = useAdminApp();
let doctor: Awaited<ReturnType<typeof userWithToken>>;
let member: Awaited<ReturnType<typeof userWithToken>>;

beforeAll(async () => {
  doctor = await userWithToken(t, { entrance: 'doctor' });
  member = await userWithToken(t, { entrance: 'member' });
});

/** The route rows of calls made with this user agent (module events, `writeAudit`, carry no verb). */
/** Rows as a sorted set: the audit buffer writes in batches and `rowsBy` has no order. */
const sorted = (r: unknown[][]) => r.map((x) => JSON.stringify(x)).sort();
const rowsBy = async (agent: string) => {
  await t.app.ctx.audit.flush();
  return t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.userAgent, agent), isNotNull(auditLog.verb)));
};

/** A path of the table with its parameters filled (a fresh uuid, a well-formed share token). */
const filled = (path: string) =>
  path.replace(/:token/, newShareToken()).replace(/:[a-zA-Z]+/g, '6f1c1a52-5a0e-4b6f-9a7e-0c5d2b1e9f11');

/** A finished record of the suite's member, for the reads the log should show. */
const memberRecord = () =>
  insertRecord(t.database.db, {
    source: 'member',
    status: 'done',
    ownerUserId: member.user.id,
    shareToken: newShareToken(),
  });

describe('every health-data route writes its row', () => {
  it('the table names only routes the app has', () => {
    const missing = Object.keys(AUDITED_ROUTES).filter((key) => {
      const [method, url] = key.split(' ') as [string, string];
      return !t.app.hasRoute({ method, url });
    });
    expect(missing).toEqual([]);
  });

  it.each(Object.entries(AUDITED_ROUTES))('%s', async (key, route) => {
    const [method, path] = key.split(' ') as ['GET' | 'POST', string];
    const agent = `audit-table ${key}`;
    // Whatever the outcome (most calls here are refused), the call is in the log with its status.
    const res = await t.app.inject({
      method,
      url: filled(path),
      headers: { authorization: `Bearer ${doctor.token}`, 'user-agent': agent },
      ...(method === 'POST' ? { payload: {} } : {}),
    });
    const rows = await rowsBy(agent);
    expect(rows.map((r) => [r.entity, r.verb, r.status, (r.detail as { route?: string }).route])).toEqual([
      [route.entity, route.verb, res.statusCode, key],
    ]);
    expect(rows[0]!.ip).toBe('127.0.0.1');
    expect(rows[0]!.at.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('who, what and the outcome of a member reading a record; other routes leave no row', async () => {
    const r = await memberRecord();
    const agent = 'audit-happy';
    const h = { 'user-agent': agent };
    expect((await call(t.app, 'GET', RECORD_PATHS.detail(r.id), member.token, undefined, h)).status).toBe(200);
    expect((await call(t.app, 'GET', RECORD_PATHS.detail(r.id), doctor.token, undefined, h)).status).toBe(403);
    await call(t.app, 'GET', USER_PATHS.memberInfo, member.token, undefined, h);
    const rows = await rowsBy(agent);
    expect(sorted(rows.map((x) => [x.actorKind, x.actorUserId, x.entity, x.targetId, x.verb, x.status]))).toEqual(
      sorted([
        ['member', member.user.id, 'record', r.id, 'read', 200],
        ['doctor', doctor.user.id, 'record', r.id, 'read', 403],
      ]),
    );
  });
});

describe('research samples, exports and the team drill-down (issue 35 item 5)', () => {
  it('a doctor reading a pool’s samples and exporting a table, a leader drilling into a segment, leave rows', async () => {
    const dr = await doctorWithToken(t, 'Dr Audit');
    const poolId = await newPool(t, dr.token);
    const agent = 'audit-research';
    const h = { 'user-agent': agent };
    expect((await call(t.app, 'POST', RESEARCH_PATHS.samples(poolId), dr.token, {}, h)).status).toBe(200);
    const table = { name: 'freq', columns: ['a'], rows: [[1]] };
    const xlsx = await t.app.inject({
      method: 'POST',
      url: RESEARCH_PATHS.exportXlsx,
      headers: { ...h, authorization: `Bearer ${dr.token}` },
      payload: table,
    });
    expect(xlsx.statusCode).toBe(200);
    const team = await buildTeam(t.database.db);
    const leader = await userWithToken(t, { entrance: 'member', teamId: team.id, teamLeader: true });
    const drill = `${TEAM_PATHS.homeTeamRecords}?facet=member&key=${leader.user.id}`;
    expect((await call(t.app, 'GET', drill, leader.token, undefined, h)).status).toBe(200);
    expect((await call(t.app, 'GET', drill, member.token, undefined, h)).status).toBe(403);
    const rows = await rowsBy(agent);
    expect(sorted(rows.map((x) => [x.actorUserId, x.entity, x.targetId, x.verb, x.status]))).toEqual(
      sorted([
        [dr.user.id, 'research-sample', poolId, 'list', 200],
        [dr.user.id, 'export', null, 'download', 200],
        [leader.user.id, 'record', null, 'list', 200],
        [member.user.id, 'record', null, 'list', 403],
      ]),
    );
  });
});

describe('the audit page (t.admin only)', () => {
  const list = (body: unknown, token: string | undefined = t.admin, headers: Record<string, string> = {}) =>
    call(t.app, 'POST', AUDIT_PATHS.list, token, body, headers);

  it('401 without a token, 403 for a member, a back-office user without the buttons, before the body is read', async () => {
    const plain = await buildUser(t.database.db, {});
    const plainToken = (await signIn(t, plain.loginName, plain.password)).access_token;
    for (const path of [AUDIT_PATHS.list, AUDIT_PATHS.exportXlsx]) {
      const anon = await call(t.app, 'POST', path, undefined, { from: 'x' });
      expect([anon.status, anon.body.code]).toEqual([401, SPEC_ERRORS.TOKEN_INVALID.code]);
      for (const token of [member.token, plainToken]) {
        const r = await call(t.app, 'POST', path, token, { from: 'x' });
        expect([r.status, r.body.code]).toEqual([403, AUTH_ERRORS.FORBIDDEN.code]);
      }
    }
  });

  it('400 for a bad body and for a range that ends before it starts, in the reader’s language', async () => {
    expect((await list({ actorKind: 'robot' })).status).toBe(400);
    expect((await list({ size: 5000 })).status).toBe(400);
    const backwards = { from: '2026-11-02T00:00:00Z', to: '2026-11-01T00:00:00Z' };
    const r = await list(backwards, t.admin, { 'accept-language': 'en' });
    expect([r.status, r.body.code, r.body.msg]).toEqual([
      400,
      AUDIT_ERRORS.AUDIT_RANGE_INVALID.code,
      AUDIT_ERRORS.AUDIT_RANGE_INVALID.en,
    ]);
  });

  it('finds rows by actor (login name), entity, action and time range, newest first, and exports them', async () => {
    const r = await memberRecord();
    const from = new Date().toISOString();
    await call(t.app, 'GET', RECORD_PATHS.detail(r.id), member.token);
    await call(t.app, 'GET', RECORD_PATHS.history(r.id), member.token);
    await t.app.ctx.audit.flush();
    const found = await list({ actor: member.user.loginName, entity: 'record', action: 'read', from });
    expect(found.status).toBe(200);
    const page = found.body.data as { list: Array<Record<string, unknown>>; total: number; retentionDays: number };
    expect(page.total).toBe(2);
    expect(page.retentionDays).toBe(365);
    expect(page.list.map((x) => [x.actorName, x.actorKind, x.entityId, x.event, x.status])).toEqual([
      [member.user.loginName, 'member', r.id, `GET ${RECORD_PATHS.history(':id')}`, 200],
      [member.user.loginName, 'member', r.id, `GET ${RECORD_PATHS.detail(':id')}`, 200],
    ]);
    // A range before these calls finds none of them.
    const before = await list({ actor: member.user.id, to: from });
    expect(before.body.data.list.filter((x: { entityId: string }) => x.entityId === r.id)).toEqual([]);

    const res = await t.app.inject({
      method: 'POST',
      url: AUDIT_PATHS.exportXlsx,
      headers: { authorization: `Bearer ${t.admin}` },
      payload: { actor: member.user.loginName, entity: 'record', from, lang: 'en' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.getRow(1).getCell(1).value).toBe('Time (UTC)');
    expect(ws.rowCount).toBe(3);
    // The export is itself in the log.
    const exported = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'audit.export'));
    expect(exported.length).toBeGreaterThan(0);
  });
});

describe('retention', () => {
  const DAY = 86_400_000;
  const old = (days: number) => new Date(Date.now() - days * DAY);
  const olderThan = (days: number) =>
    t.database.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(lt(auditLog.at, old(days)));

  it('the purge deletes rows past the retention, keeps the rest, and leaves its own row; a second run does nothing', async () => {
    const marker = `purge-${Date.now()}`;
    const inserted = await t.database.db
      .insert(auditLog)
      .values([
        { action: 'record.read', userAgent: marker, at: old(400) },
        { action: 'record.read', userAgent: marker, at: old(366) },
        { action: 'record.read', userAgent: marker, at: old(364) },
      ])
      .returning({ id: auditLog.id });
    const now = new Date();
    // Rows of other suites older than a year would be purged too; count ours.
    const deleted = await purgeAudit(t.database.db, 365, now);
    expect(deleted).toBeGreaterThanOrEqual(2);
    const left = await t.database.db
      .select({ at: auditLog.at })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.userAgent, marker),
          inArray(
            auditLog.id,
            inserted.map((r) => r.id),
          ),
        ),
      );
    expect(left.length).toBe(1);
    const purges = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'audit.purge'));
    const mine = purges.find(
      (p) => (p.detail as { before?: string }).before === new Date(now.getTime() - 365 * DAY).toISOString(),
    );
    expect(mine).toMatchObject({ actorKind: 'system', entity: 'audit', verb: 'purge' });
    expect((mine!.detail as { deleted: number }).deleted).toBe(deleted);
    expect(await purgeAudit(t.database.db, 365, now)).toBe(0);
    expect(await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'audit.purge'))).toHaveLength(
      purges.length,
    );
    // Nothing is older than the cut-off now; 0 days keeps everything.
    expect(await olderThan(365)).toEqual([]);
    expect(await purgeAudit(t.database.db, 0)).toBe(0);
  });

  it('the scheduled job runs the purge by itself', async () => {
    await t.database.db.insert(auditLog).values({ action: 'record.read', at: old(40) });
    const job = new AuditPurge(() => t.database.db, 30, t.app.log, 60_000, 10);
    job.start();
    try {
      const deadline = Date.now() + 20_000;
      while (Date.now() < deadline) {
        if (!(await olderThan(30)).length) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(await olderThan(30)).toEqual([]);
    } finally {
      job.stop();
    }
  });
});
