import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_ERRORS, RECORD_ERRORS, RECORD_EXPORT_ERRORS, RECORD_EXPORT_PATHS } from '@tcm/contract';
import { recordsTable } from '../../db/schema/index.js';
import { buildTeam } from '../../test/factories.js';
import { call } from '../../test/http.js';
import { userWithToken } from '../../test/records-helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const VITALS = { heightCm: 170, weightKg: 70, systolic: 150, diastolic: 95 };

/** A record as the worker leaves it: done (vitals only, so the PDF needs no engine) or failed. */
async function record(
  v: { teamId: string | null; owner: string; source?: 'member' | 'team'; name: string },
  status: 'done' | 'failed' = 'done',
) {
  const [r] = await t.database.db
    .insert(recordsTable)
    .values({
      source: v.source ?? 'team',
      status,
      teamId: v.teamId,
      ownerUserId: v.owner,
      subjectUserId: v.source === 'member' ? v.owner : null,
      personName: v.name,
      personSex: 'female',
      personAge: 41,
      vitals: VITALS,
      conclusion: status === 'done' ? `conclusion ${v.name}` : null,
      shareToken: randomUUID(),
      finishedAt: new Date(),
    })
    .returning({ id: recordsTable.id });
  return r!.id;
}

/** A team with a leader, a plain member and records; a second team with its own leader and record. */
async function world() {
  const team = await buildTeam(t.database.db);
  const leader = await userWithToken(t, { entrance: 'member', teamId: team.id, teamLeader: true });
  const plain = await userWithToken(t, { entrance: 'member', teamId: team.id });
  const other = await buildTeam(t.database.db);
  const otherLeader = await userWithToken(t, { entrance: 'member', teamId: other.id, teamLeader: true });
  const ids = {
    a: await record({ teamId: team.id, owner: leader.user.id, name: '张三' }),
    b: await record({ teamId: team.id, owner: leader.user.id, name: 'Bob/../x' }),
    failed: await record({ teamId: team.id, owner: leader.user.id, name: 'Failed' }, 'failed'),
    mine: await record({ teamId: team.id, owner: plain.user.id, source: 'member', name: 'Plain' }),
    foreign: await record({ teamId: other.id, owner: otherLeader.user.id, name: 'Foreign' }),
  };
  return { team, leader, plain, otherLeader, ids };
}

const post = (url: string, token: string | undefined, body: unknown) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload: body as object,
  });

async function sheetRows(bytes: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  wb.worksheets[0]!.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
  return rows;
}

describe('record exports: refusals', () => {
  it('401 without a token, before the body is read', async () => {
    for (const url of Object.values(RECORD_EXPORT_PATHS)) {
      const res = await post(url, undefined, { nonsense: true });
      expect(res.statusCode, url).toBe(401);
    }
  });

  it('400 with a clear code for a bad body (unknown scope, bad id, bad language)', async () => {
    const { leader } = await world();
    for (const [url, body] of [
      [RECORD_EXPORT_PATHS.xlsx, { scope: 'everything' }],
      [RECORD_EXPORT_PATHS.zip, { scope: 'teamRecord', ids: ['not-a-uuid'] }],
      [RECORD_EXPORT_PATHS.zip, { scope: 'teamRecord', lang: 'fr' }],
    ] as const) {
      const res = await call(t.app, 'POST', url, leader.token, body, { 'accept-language': 'en' });
      expect(res.status, url).toBe(400);
      expect(res.body.code).toBe(2000400);
    }
  });

  it('403: another team’s ticked record, device records for a plain member, a doctor', async () => {
    const { leader, plain, ids } = await world();
    const foreign = await call(t.app, 'POST', RECORD_EXPORT_PATHS.zip, leader.token, {
      scope: 'teamRecord',
      ids: [ids.a, ids.foreign],
    });
    expect(foreign.status).toBe(403);
    expect(foreign.body.code).toBe(RECORD_EXPORT_ERRORS.EXPORT_FORBIDDEN.code);
    // A record that does not exist reads the same: the caller learns nothing about other ids.
    const unknown = await call(t.app, 'POST', RECORD_EXPORT_PATHS.zip, leader.token, {
      scope: 'teamRecord',
      ids: [randomUUID()],
    });
    expect(unknown.body.code).toBe(RECORD_EXPORT_ERRORS.EXPORT_FORBIDDEN.code);
    // A plain member ticking the team's record (not about them) is refused too.
    const plainTeam = await call(t.app, 'POST', RECORD_EXPORT_PATHS.zip, plain.token, {
      scope: 'memberRecord',
      ids: [ids.a],
    });
    expect(plainTeam.body.code).toBe(RECORD_EXPORT_ERRORS.EXPORT_FORBIDDEN.code);
    for (const url of Object.values(RECORD_EXPORT_PATHS)) {
      const dev = await call(t.app, 'POST', url, plain.token, { scope: 'deviceRecord' });
      expect([url, dev.status, dev.body.code]).toEqual([url, 403, RECORD_ERRORS.SCOPE_FORBIDDEN.code]);
    }
    const doctor = await userWithToken(t, { entrance: 'doctor' });
    const d = await call(t.app, 'POST', RECORD_EXPORT_PATHS.xlsx, doctor.token, { scope: 'memberRecord' });
    expect([d.status, d.body.code]).toEqual([403, AUTH_ERRORS.FORBIDDEN.code]);
  });

  it('404 when nothing finished matches, in the reader’s language', async () => {
    const { leader } = await world();
    const res = await call(
      t.app,
      'POST',
      RECORD_EXPORT_PATHS.zip,
      leader.token,
      { scope: 'teamRecord', search: 'nobody-by-this-name' },
      { 'accept-language': 'en' },
    );
    expect([res.status, res.body.code, res.body.msg]).toEqual([
      404,
      RECORD_EXPORT_ERRORS.ZIP_EMPTY.code,
      RECORD_EXPORT_ERRORS.ZIP_EMPTY.en,
    ]);
  });
});

/** The first ZIP starts an engine child (tens of seconds on a loaded machine) before it renders. */
const RENDERS = 120_000;

describe('record exports: files', () => {
  it('Excel: the filtered team list in zh words, never another team’s rows', async () => {
    const { leader } = await world();
    const res = await post(RECORD_EXPORT_PATHS.xlsx, leader.token, { scope: 'teamRecord', lang: 'zh' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const rows = await sheetRows(res.rawPayload);
    expect(rows[0]).toEqual(expect.arrayContaining(['姓名', '性别', '状态', '结论']));
    const names = rows.slice(1).map((r) => r[0]);
    expect(names.sort()).toEqual(['Bob/../x', 'Failed', '张三'].sort());
    const zhang = rows.find((r) => r[0] === '张三')!;
    expect(zhang).toEqual(expect.arrayContaining(['女', 41, '团队', '已完成', 'conclusion 张三']));

    // The same filter as the list: the search box narrows the file.
    const narrowed = await post(RECORD_EXPORT_PATHS.xlsx, leader.token, {
      scope: 'teamRecord',
      search: 'Bob',
      lang: 'en',
    });
    const en = await sheetRows(narrowed.rawPayload);
    expect(en[0]).toEqual(expect.arrayContaining(['Name', 'Sex', 'Status']));
    expect(en.slice(1).map((r) => [r[0], r[1]])).toEqual([['Bob/../x', 'Female']]);
  });

  it('a plain member’s export holds only their own records', async () => {
    const { plain } = await world();
    const res = await post(RECORD_EXPORT_PATHS.xlsx, plain.token, { scope: 'memberRecord' });
    const rows = await sheetRows(res.rawPayload);
    expect(rows.slice(1).map((r) => r[0])).toEqual(['Plain']);
  });

  it(
    'ZIP: one PDF per done record of the filter, safe names, failed ones left out',
    async () => {
      const { leader, ids } = await world();
      const res = await post(RECORD_EXPORT_PATHS.zip, leader.token, { scope: 'teamRecord', lang: 'en' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/zip');
      expect(res.headers['x-report-count']).toBe('2');
      const zip = await JSZip.loadAsync(res.rawPayload);
      const names = Object.keys(zip.files).sort();
      expect(names).toHaveLength(2);
      expect(names.every((n) => !n.includes('/') && n.endsWith('.pdf'))).toBe(true);
      expect(names.some((n) => n.includes(ids.a.slice(0, 8)) && n.includes('张三'))).toBe(true);
      expect(names.some((n) => n.includes(ids.b.slice(0, 8)) && n.includes('Bob_.._x'))).toBe(true);
      for (const n of names) {
        const pdf = await zip.file(n)!.async('nodebuffer');
        expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      }
    },
    RENDERS,
  );

  it(
    'ZIP of ticked ids: only those, a plain member may tick their own',
    async () => {
      const { leader, plain, ids } = await world();
      const res = await post(RECORD_EXPORT_PATHS.zip, leader.token, { scope: 'teamRecord', ids: [ids.b] });
      expect(Object.keys((await JSZip.loadAsync(res.rawPayload)).files)).toEqual([
        expect.stringContaining(ids.b.slice(0, 8)),
      ]);
      const own = await post(RECORD_EXPORT_PATHS.zip, plain.token, { scope: 'memberRecord', ids: [ids.mine] });
      expect(own.statusCode).toBe(200);
      expect(Object.keys((await JSZip.loadAsync(own.rawPayload)).files)).toHaveLength(1);
    },
    RENDERS,
  );
});
