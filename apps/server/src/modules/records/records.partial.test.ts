import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { questionsFor } from '@tcm/analysis/constitution';
import {
  CONSTITUTION_ERRORS,
  DISPLAY_PATHS,
  RECORD_PATHS,
  REDO_ERRORS,
  RESEARCH_PATHS,
  SPEC_ERRORS,
  type DisplaySummary,
  type RecordDetail,
} from '@tcm/contract';
import { ensurePoppler, inspectPdf } from '../../../../../packages/report/src/testing/poppler.js';
import { auditLog, recordsTable } from '../../db/schema/index.js';
import { buildTeam } from '../../test/factories.js';
import { call } from '../../test/http.js';
import { uploadDataFile, userWithToken, waitFor } from '../../test/records-helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { doctorWithToken } from '../archive/archive.test-helpers.js';
import { newPool } from '../research/research.test-helpers.js';

// Issue 32 item 3: a record whose questionnaire the constitution engine refused read plain
// `done`, its constitution silently missing from the record, the PDF and the display. Such a
// record is `partial`, says which part failed and why, and that part alone can be redone.

let t: TestApp;
beforeAll(async () => {
  ensurePoppler();
  t = await createTestApp({}, [], { jobs: true });
});
afterAll(async () => t.close());

const PULSE_FILE = 'pulse/goda-ppg-125hz.csv';
const ANSWERS = Object.fromEntries(questionsFor('female').map((q) => [q.id, 3]));
/** The same answers, but one shared question answered twice, differently (the engine refuses them). */
const shared = questionsFor('female').find((q) => q.alsoKnownAs.length > 0)!;
const INCONSISTENT = { ...ANSWERS, [shared.alsoKnownAs[0]!]: 4 };

const upload = (token: string, rel: string, filename: string) => uploadDataFile(t, token, rel, filename);

/** Creates, as `token`, an English record of the pulse recording with `more` (person, answers); answers its id. */
const pulseRecord = async (token: string, more: object): Promise<string> => {
  const created = await call(t.app, 'POST', RECORD_PATHS.create, token, {
    files: { pulse: await upload(token, PULSE_FILE, 'goda-ppg-125hz.csv') },
    lang: 'en',
    ...more,
  });
  expect(created.status).toBe(200);
  return created.body.data.recordId as string;
};

const finished = async (token: string, id: string): Promise<RecordDetail> =>
  (
    await waitFor(
      () => call(t.app, 'GET', RECORD_PATHS.detail(id), token),
      (r) => r.status !== 200 || ['done', 'partial', 'failed'].includes(r.body.data.status),
      120000,
    )
  ).body.data;

const pdfText = async (token: string, id: string, lang: 'zh' | 'en') => {
  const res = await t.app.inject({
    method: 'GET',
    url: `${RECORD_PATHS.report(id)}?lang=${lang}`,
    headers: { authorization: `Bearer ${token}` },
  });
  expect([res.statusCode, res.headers['content-type']]).toEqual([200, 'application/pdf']);
  // pdftotext breaks lines where the PDF does: compare without whitespace.
  return inspectPdf(res.rawPayload).text.replace(/\s+/g, '');
};
const squeeze = (s: string) => s.replace(/\s+/g, '');

const listed = async (token: string, status?: string) => {
  const res = await call(t.app, 'POST', RECORD_PATHS.list, token, {
    scope: 'memberRecord',
    ...(status ? { status } : {}),
  });
  expect(res.status).toBe(200);
  return res.body.data.list as { id: string; status: string; missing: unknown[] }[];
};

describe('partial records', () => {
  it('a refused questionnaire: partial with the failed part and its reason, listed and filtered, named in the PDF and the display, redone alone to done', async () => {
    const team = await buildTeam(t.database.db);
    const me = await userWithToken(t, { entrance: 'member', teamId: team.id });
    const screen = await userWithToken(t, { entrance: 'member', teamId: team.id, displayPermission: true });
    const id = await pulseRecord(me.token, { person: { sex: 'female', age: 40 }, inquiry: { answers: INCONSISTENT } });
    const first = await finished(me.token, id);

    // The record is partial, and says which part failed and why (the engine's code).
    expect(first.status).toBe('partial');
    expect(first.progress).toMatchObject({ status: 'partial', failure: null });
    expect(first.results.pulse?.status).toBe('done');
    const refused = first.results.constitution;
    expect(refused?.status).toBe('failed');
    if (refused?.status !== 'failed') throw new Error('unreachable');
    expect(refused.error.code).toBe(CONSTITUTION_ERRORS.CONSTITUTION_SHARED_CONFLICT.code);
    // The synthesis ran without the answers: it says so, it does not invent a constitution.
    expect(first.results.synthesis?.status).toBe('done');
    if (first.results.synthesis?.status === 'done') expect(first.results.synthesis.result.constitution).toBeFalsy();

    // Lists show it as partial; the status filter finds it under partial and not under done.
    // The list row names the failed part and its code (the page words it), without the results.
    expect((await listed(me.token)).find((r) => r.id === id)).toMatchObject({
      status: 'partial',
      missing: [{ engine: 'constitution', code: CONSTITUTION_ERRORS.CONSTITUTION_SHARED_CONFLICT.code }],
    });
    expect(first.missing).toEqual([
      { engine: 'constitution', code: CONSTITUTION_ERRORS.CONSTITUTION_SHARED_CONFLICT.code },
    ]);
    expect((await listed(me.token, 'partial')).map((r) => r.id)).toContain(id);
    expect((await listed(me.token, 'done')).map((r) => r.id)).not.toContain(id);

    // The PDF (either language) says which part is missing and why, worded from the code.
    const en = await pdfText(me.token, id, 'en');
    expect(en).toContain('Missingfromthisreport');
    expect(en).toContain(squeeze(`Constitution: ${CONSTITUTION_ERRORS.CONSTITUTION_SHARED_CONFLICT.en}`));
    const zh = await pdfText(me.token, id, 'zh');
    expect(zh).toContain('本报告缺少的项目');
    expect(zh).toContain(squeeze(`体质辨识：${CONSTITUTION_ERRORS.CONSTITUTION_SHARED_CONFLICT.zh}`));

    // The team's display counts the record, not its missing constitution, and says it is missing.
    const before = (await call(t.app, 'GET', DISPLAY_PATHS.teamSummary(team.id), screen.token)).body
      .data as DisplaySummary;
    expect(before.counts.total).toBe(1);
    expect(before.constitution.reduce((n, b) => n + b.count, 0)).toBe(0);
    expect(before.missing).toEqual({ records: 1, parts: [{ key: 'constitution', count: 1 }] });

    // A research pool of these records counts the record with what it holds and says that its
    // constitution is missing (the record handed to a doctor for the pool: research reads a
    // doctor's own records).
    const doctor = await doctorWithToken(t, 'Dr partial');
    await t.database.db.update(recordsTable).set({ ownerUserId: doctor.user.id }).where(eq(recordsTable.id, id));
    const pool = await newPool(t, doctor.token, { name: 'partial pool' });
    const imported = await call(t.app, 'POST', RESEARCH_PATHS.importSystem(pool), doctor.token, {
      sources: ['records'],
    });
    expect([imported.status, imported.body.data.imported, imported.body.data.missing]).toEqual([
      200,
      1,
      { records: 1, parts: [{ engine: 'constitution', count: 1 }] },
    ]);
    await t.database.db.update(recordsTable).set({ ownerUserId: me.user.id }).where(eq(recordsTable.id, id));

    // Redo the questionnaire alone: the pulse outcome is kept (a re-run would overwrite the mark).
    const mark = 987654;
    const [row] = await t.database.db.select().from(recordsTable).where(eq(recordsTable.id, id));
    const marked = { ...row!.results, pulse: { ...row!.results.pulse!, ms: mark } };
    await t.database.db.update(recordsTable).set({ results: marked }).where(eq(recordsTable.id, id));
    const redo = await call(t.app, 'POST', RECORD_PATHS.redo(id), me.token, {
      slot: 'constitution',
      inquiry: { answers: ANSWERS },
    });
    expect([redo.status, redo.body.data?.status]).toEqual([200, 'queued']);
    const again = await finished(me.token, id);
    expect(again.status).toBe('done');
    expect(again.missing).toEqual([]);
    expect(again.results.constitution?.status).toBe('done');
    expect(again.results.pulse?.ms).toBe(mark);
    if (again.results.synthesis?.status === 'done') expect(again.results.synthesis.result.constitution).toBeTruthy();
    expect(again.inquiry).toEqual({ answers: ANSWERS });
    expect((await listed(me.token, 'done')).map((r) => r.id)).toContain(id);
    expect(await pdfText(me.token, id, 'en')).not.toContain('Missingfromthisreport');
    const after = (await call(t.app, 'GET', DISPLAY_PATHS.teamSummary(team.id), screen.token)).body
      .data as DisplaySummary;
    expect(after.counts.total).toBe(1);
    expect(after.constitution.reduce((n, b) => n + b.count, 0)).toBe(1);
    expect(after.missing).toEqual({ records: 1, parts: [] });
    // The audit names the part, never the answers (health data).
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, id), eq(auditLog.action, 'record.redo')));
    expect(audits.map((a) => a.detail)).toEqual([{ slot: 'constitution', previousStatus: 'partial' }]);
  }, 300000);

  it('redo of the answers: 401, 400 (bad body), 403 (not the maker), 400 a record without answers', async () => {
    const team = await buildTeam(t.database.db);
    const me = await userWithToken(t, { entrance: 'member', teamId: team.id });
    const leader = await userWithToken(t, { entrance: 'member', teamId: team.id, teamLeader: true });
    const id = await pulseRecord(me.token, { person: { sex: 'female' } });
    expect((await finished(me.token, id)).status).toBe('done');
    const body = { slot: 'constitution', inquiry: { answers: ANSWERS } };
    const none = await call(t.app, 'POST', RECORD_PATHS.redo(id), undefined, body);
    expect([none.status, none.body.code]).toEqual([401, SPEC_ERRORS.TOKEN_INVALID.code]);
    for (const bad of [
      { slot: 'constitution' },
      { slot: 'constitution', inquiry: { answers: 'x' } },
      { inquiry: {} },
    ]) {
      const res = await call(t.app, 'POST', RECORD_PATHS.redo(id), me.token, bad);
      expect([JSON.stringify(bad), res.status]).toEqual([JSON.stringify(bad), 400]);
    }
    const lead = await call(t.app, 'POST', RECORD_PATHS.redo(id), leader.token, body);
    expect([lead.status, lead.body.code]).toEqual([403, REDO_ERRORS.REDO_NOT_MAKER.code]);
    // This record has no questionnaire: answers are a new record's, not a redo.
    const noAnswers = await call(t.app, 'POST', RECORD_PATHS.redo(id), me.token, body, { 'accept-language': 'zh' });
    expect([noAnswers.status, noAnswers.body.code, noAnswers.body.msg]).toEqual([
      400,
      REDO_ERRORS.REDO_NO_CAPTURE.code,
      REDO_ERRORS.REDO_NO_CAPTURE.zh,
    ]);
  }, 180000);
});
