import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { doneResult, RECORD_PATHS, type RecordResults } from '@tcm/contract';
import { questionsFor } from '@tcm/analysis/constitution';
import { auditLog, recordsTable, maintenanceRuns, users } from '../../db/schema/index.js';
import { runMaintenance, runPendingMaintenance } from '../../maintenance/maintenance.js';
import { buildTeam, uid } from '../../test/factories.js';
import { call } from '../../test/http.js';
import { dataFile, postFile, userWithToken, waitFor } from '../../test/records-helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { runPipeline } from '@tcm/analysis/pipeline';
import { findRecord, saveOutcome } from './records.repo.js';
import { recordReportModel } from '@tcm/report';
import { RESCOPE_TRENDS, rescopeTrends } from './rescope-trends.js';

// Issue 24 item 1 follow-up (docs/security.md §1, "Records analyzed before the fix").

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, [], { jobs: true });
});
afterAll(async () => t.close());

const lines: string[] = [];
const log = { info: (m: string) => lines.push(m), warn: (m: string) => lines.push(m) };
const serverRoot = fileURLToPath(new URL('../../..', import.meta.url));

const PULSE = 'pulse/goda-ppg-125hz.csv';

/** Uploads the pulse recording: its findings go into the synthesis the repair recomputes. */
async function pulseFile(token: string): Promise<string> {
  const res = await postFile(t, dataFile(PULSE), 'goda-ppg-125hz.csv', token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { uuid: string } }>().data.uuid;
}

/** Makes a record with this weight through the API and waits for its (scoped) analysis. */
async function made(token: string, weightKg: number, person: object, files: object = {}): Promise<string> {
  const answers = Object.fromEntries(questionsFor('female').map((q) => [q.id, 2]));
  const c = await call(t.app, 'POST', RECORD_PATHS.create, token, {
    files,
    person: { sex: 'female', ...person },
    inquiry: { answers },
    vitals: { heightCm: 165, weightKg, systolic: 118, diastolic: 76 },
  });
  expect(c.status).toBe(200);
  const id = c.body.data.recordId as string;
  const d = await waitFor(
    () => findRecord(t.database.db, id),
    (r) => r?.status === 'done' || r?.status === 'failed',
  );
  expect(d?.status).toBe('done');
  return id;
}

/** A record's stored state as bytes: results (as PostgreSQL prints them), conclusion, update time. */
async function stored(id: string) {
  const [row] = await t.database.db
    .select({
      results: sql<string>`${recordsTable.results}::text`,
      conclusion: recordsTable.conclusion,
      updatedAt: recordsTable.updatedAt,
    })
    .from(recordsTable)
    .where(eq(recordsTable.id, id));
  return row!;
}

/**
 * Stores what the worker before the fix stored: the vitals and synthesis outcomes computed by
 * the real pipeline with the history of the old grouping (`earlierIds`, other owners' included).
 */
async function analyzeTheOldWay(id: string, earlierIds: string[]) {
  const r = (await findRecord(t.database.db, id))!;
  const earlier = await Promise.all(earlierIds.map(async (e) => (await findRecord(t.database.db, e))!));
  await runPipeline(
    {
      files: r.files.pulse ? { pulse: { bytes: dataFile(PULSE), name: 'goda-ppg-125hz.csv' } } : {},
      sex: r.personSex ?? undefined,
      inquiry: r.inquiry,
      vitals: r.vitals,
      history: earlier.map((e) => ({ date: e.createdAt.toISOString(), vitals: e.vitals! })),
      date: r.createdAt.toISOString(),
      lang: r.lang,
    },
    {
      onStep: async () => {},
      onOutcome: async (engine, outcome) => {
        if (engine === 'vitals' || engine === 'synthesis') await saveOutcome(t.database.db, id, engine, outcome);
      },
    },
  );
}

/** The weights in a record's stored trends and in its report model's trend series. */
async function weightsOf(id: string): Promise<{ stored: number[]; report: number[] }> {
  const r = (await findRecord(t.database.db, id))!;
  const v = doneResult(r.results, 'vitals');
  const s = doneResult(r.results, 'synthesis');
  const stored = [v?.trends, s?.trends, s?.vitals?.trends]
    .flatMap((x) => x ?? [])
    .filter((x) => x.field === 'weightKg')
    .flatMap((x) => x.points.map((p) => p.value));
  const src = { id, createdAt: r.createdAt, person: { name: null, sex: null, age: null }, organisation: null };
  const model = await recordReportModel({ ...src, results: r.results, photos: {} }, 'en');
  const report = (model.trends?.series ?? [])
    .filter((x) => x.indicator === 'vitals.weight')
    .flatMap((x) => x.points.map((p) => p.value));
  return { stored, report };
}

/** Every weight a record shows: stored trends and report. */
async function weightsShown(id: string): Promise<number[]> {
  const { stored, report } = await weightsOf(id);
  return [...stored, ...report];
}

const without = (results: RecordResults, drop: string[]) =>
  Object.fromEntries(Object.entries(results).filter(([k]) => !drop.includes(k)));
const resultsOf = (results: RecordResults) => ({
  v: doneResult(results, 'vitals'),
  s: doneResult(results, 'synthesis'),
});

describe('rescope-trends: other owners’ readings leave the trends of records analyzed before the fix', () => {
  let ids: { a1: string; b1: string; b2: string; a2: string; other: string };
  let fresh: RecordResults;

  beforeAll(async () => {
    const name = `Zhang Min ${uid()}`;
    const phone = '13700000024';
    const docA = await userWithToken(t, { entrance: 'doctor', doctorKind: 'doctor' });
    const docB = await userWithToken(t, { entrance: 'doctor', doctorKind: 'doctor' });
    const a1 = await made(docA.token, 90, { name, phone });
    const b1 = await made(docB.token, 60, { name, phone });
    const b2 = await made(docB.token, 62, { name, phone }, { pulse: await pulseFile(docB.token) });
    // Same name and phone after both: the old grouping reaches B's records, but it was analyzed
    // after the fix (its trends hold A's readings only) and is no case for the repair.
    const a2 = await made(docA.token, 92, { name, phone });
    const other = await made(docA.token, 70, { name: `Other ${uid()}`, phone });
    ids = { a1, b1, b2, a2, other };
    fresh = (await findRecord(t.database.db, b2))!.results;
    await analyzeTheOldWay(b2, [a1, b1]);
  }, 120000);

  it('a record analyzed before the fix shows doctor A’s reading (the simulation is right)', async () => {
    const b2 = await weightsOf(ids.b2);
    expect([b2.stored, b2.report]).toEqual([expect.arrayContaining([90]), expect.arrayContaining([90])]);
    expect(await weightsShown(ids.a2)).not.toContain(60);
  });

  it('--dry-run by hand lists the affected record and changes nothing', async () => {
    const runsOf = () => t.database.db.select().from(maintenanceRuns).where(eq(maintenanceRuns.name, RESCOPE_TRENDS));
    const before = await Promise.all(Object.values(ids).map(stored));
    const runsBefore = await runsOf();
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'src/maintenance/cli.ts', RESCOPE_TRENDS, '--dry-run'],
      { cwd: serverRoot, env: { ...process.env, DATABASE_URL: inject('databaseUrl') } },
    );
    expect(stdout).toContain(ids.b2);
    for (const id of [ids.a1, ids.b1, ids.a2, ids.other]) expect(stdout).not.toContain(id);
    expect(await Promise.all(Object.values(ids).map(stored))).toEqual(before);
    expect(await runsOf()).toEqual(runsBefore);
  }, 60000);

  it('a wrong call by hand exits 2 with the usage', async () => {
    const run = promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/maintenance/cli.ts', 'nope'], {
      cwd: serverRoot,
      env: { ...process.env, DATABASE_URL: inject('databaseUrl') },
    });
    await expect(run).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('usage: maintenance') });
  }, 60000);

  it('the repair recomputes vitals and synthesis with the scoped history, keeps the rest, audits, and runs once', async () => {
    const untouched = [ids.a1, ids.b1, ids.a2, ids.other];
    const before = await Promise.all(untouched.map(stored));
    const b2Before = (await findRecord(t.database.db, ids.b2))!;

    const first = await rescopeTrends(t.database.db, log);
    expect(first.repaired).toContain(ids.b2);
    for (const id of untouched) expect(first.affected.map((a) => a.id)).not.toContain(id);

    const b2 = (await findRecord(t.database.db, ids.b2))!;
    const shown = await weightsOf(ids.b2);
    expect([new Set(shown.stored), new Set(shown.report)]).toEqual([new Set([60, 62]), new Set([60, 62])]);
    // What a fresh analysis with the scoped history stored, the other engines and inputs as they were.
    expect(resultsOf(b2.results)).toEqual(resultsOf(fresh));
    expect(doneResult(b2.results, 'synthesis')?.modalities.present).toContain('pulse');
    expect(without(b2.results, ['vitals', 'synthesis'])).toEqual(without(b2Before.results, ['vitals', 'synthesis']));
    expect([b2.vitals, b2.inquiry, b2.files, b2.status, b2.conclusion, b2.finishedAt]).toEqual([
      b2Before.vitals,
      b2Before.inquiry,
      b2Before.files,
      'done',
      b2Before.conclusion,
      b2Before.finishedAt,
    ]);
    expect(await Promise.all(untouched.map(stored))).toEqual(before);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, ids.b2), eq(auditLog.action, 'record.trends.rescoped')));
    expect(audits).toHaveLength(1);
    expect(JSON.stringify(audits[0]!.detail)).not.toMatch(/Zhang|1370/);
    expect(lines.join('\n')).toContain(ids.b2);

    // A second run finds nothing to do and changes nothing.
    const b2Stored = await stored(ids.b2);
    const second = await rescopeTrends(t.database.db, log);
    expect(second.affected.map((a) => a.id)).not.toContain(ids.b2);
    expect(second.repaired).toEqual([]);
    expect(await stored(ids.b2)).toEqual(b2Stored);
  }, 60000);

  it('a member who joined a team: readings from before stay out of the team record’s trends', async () => {
    const member = await userWithToken(t, { entrance: 'member' });
    const before = await made(member.token, 50, {});
    const team = await buildTeam(t.database.db);
    await t.database.db.update(users).set({ teamId: team.id }).where(eq(users.id, member.user.id));
    const after = await made(member.token, 55, {});
    const keep = await made(member.token, 56, {});
    await analyzeTheOldWay(after, [before]);
    expect(await weightsShown(after)).toContain(50);
    const keepStored = await stored(keep);
    expect((await rescopeTrends(t.database.db, log)).repaired).toContain(after);
    expect(await weightsShown(after)).toEqual([]);
    expect(await stored(keep)).toEqual(keepStored);
  }, 60000);

  it('the server start runs it once: recorded in maintenance_runs, not run again', async () => {
    const db = t.database.db;
    await db.delete(maintenanceRuns).where(eq(maintenanceRuns.name, RESCOPE_TRENDS));
    await analyzeTheOldWay(ids.b2, [ids.a1, ids.b1]);
    // Other repairs (console-admin-menus) may still be pending in the shared test database.
    expect(await runPendingMaintenance(db, log)).toContain(RESCOPE_TRENDS);
    expect(await weightsShown(ids.b2)).not.toContain(90);
    const [run] = await db.select().from(maintenanceRuns).where(eq(maintenanceRuns.name, RESCOPE_TRENDS));
    expect(run?.detail).toMatchObject({ repaired: expect.any(Number) });

    // Recorded: a later start leaves even a record that needs it alone; by hand it runs again.
    await analyzeTheOldWay(ids.b2, [ids.a1, ids.b1]);
    expect(await runPendingMaintenance(db, log)).not.toContain(RESCOPE_TRENDS);
    expect(await weightsShown(ids.b2)).toContain(90);
    expect(await runMaintenance(db, RESCOPE_TRENDS, log)).toMatchObject({ repaired: 1 });
    expect(await weightsShown(ids.b2)).not.toContain(90);
  }, 60000);
});
