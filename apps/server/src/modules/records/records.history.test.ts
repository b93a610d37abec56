import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORD_PATHS } from '@tcm/contract';
import { users } from '../../db/schema/index.js';
import { buildTeam, uid } from '../../test/factories.js';
import { call } from '../../test/http.js';
import { userWithToken, waitFor } from '../../test/records-helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { recordReportModel } from '@tcm/report';
import { findRecord } from './records.repo.js';

// Issue 24 item 1 (docs/security.md §1): history and trends never cross doctors or teams.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, [], { jobs: true });
});
afterAll(async () => t.close());

type Who = { token: string };
const VITALS = { heightCm: 170, systolic: 120, diastolic: 80 };

/** Creates a record with this weight and waits until its analysis is done; answers its id. */
async function made(who: Who, weightKg: number, body: object = {}): Promise<string> {
  const c = await call(t.app, 'POST', RECORD_PATHS.create, who.token, { vitals: { ...VITALS, weightKg }, ...body });
  expect(c.status).toBe(200);
  const id = c.body.data.recordId as string;
  const d = await waitFor(
    () => call(t.app, 'GET', RECORD_PATHS.detail(id), who.token),
    (r) => r.status !== 200 || ['done', 'failed'].includes(r.body.data.status),
  );
  expect(d.body.data.status).toBe('done');
  return id;
}

/** The history a caller gets for a record: record ids and the weights of its vitals points. */
async function history(who: Who, id: string) {
  const h = await call(t.app, 'GET', RECORD_PATHS.history(id), who.token);
  expect(h.status).toBe(200);
  return {
    ids: (h.body.data.records as { id: string }[]).map((x) => x.id),
    weights: (h.body.data.vitals as { vitals: { weightKg: number } }[]).map((v) => v.vitals.weightKg),
  };
}

/** Every weight in a record's trends: the engines' results and the report model built from them. */
async function trendWeights(id: string): Promise<number[]> {
  const r = (await findRecord(t.database.db, id))!;
  const results = r.results as Record<
    string,
    { result?: { trends?: { field: string; points: { value: number }[] }[] } }
  >;
  const fromEngines = ['vitals', 'synthesis'].flatMap((e) =>
    (results[e]?.result?.trends ?? [])
      .filter((x) => x.field === 'weightKg')
      .flatMap((x) => x.points.map((p) => p.value)),
  );
  const model = await recordReportModel(
    {
      id: r.id,
      createdAt: r.createdAt,
      person: { name: r.personName, sex: r.personSex, age: r.personAge },
      organisation: null,
      results: r.results,
      photos: {},
    },
    'en',
  );
  const fromReport = (model.trends?.series ?? [])
    .filter((s) => /weight/i.test(s.indicator))
    .flatMap((s) => s.points.map((p) => p.value));
  return [...fromEngines, ...fromReport];
}

/** A record's trends hold readings of these values only (its own and its person's in scope). */
async function expectTrendsOnly(id: string, allowed: number[]) {
  const seen = await trendWeights(id);
  expect(seen.filter((w) => !allowed.includes(w))).toEqual([]);
  return seen;
}

describe('person history and trends stay with the owner (issue 24 item 1)', () => {
  it('two doctors with a patient of the same name (same phone, no phone) never see each other’s', async () => {
    const name = `Wang Wei ${uid()}`;
    const phone = '13700000001';
    const docA = await userWithToken(t, { entrance: 'doctor', doctorKind: 'doctor' });
    const docB = await userWithToken(t, { entrance: 'doctor', doctorKind: 'doctor' });
    // A member without a team, also of that name, whose records are about their own account.
    const member = await userWithToken(t, { entrance: 'member', name });
    const memberOwn = await made(member, 95);
    const a1 = await made(docA, 90, { person: { name, phone } });
    const a2 = await made(docA, 91, { person: { name } });
    const b1 = await made(docB, 60, { person: { name, phone } });
    const b2 = await made(docB, 62, { person: { name, phone } });
    const b3 = await made(docB, 63, { person: { name } });

    expect(await history(docB, b2)).toEqual({ ids: [b2, b1], weights: [60, 62] });
    expect(await history(docB, b3)).toEqual({ ids: [b3], weights: [63] });
    expect(await history(docA, a1)).toEqual({ ids: [a1], weights: [90] });
    expect(await history(docA, a2)).toEqual({ ids: [a2], weights: [91] });
    expect(await history(member, memberOwn)).toEqual({ ids: [memberOwn], weights: [95] });

    // The trends in B's analysis and report hold B's readings only.
    expect(new Set(await expectTrendsOnly(b2, [60, 62]))).toEqual(new Set([60, 62]));
    await expectTrendsOnly(b3, [63]);
    await expectTrendsOnly(a2, [91]);
    await expectTrendsOnly(a1, [90]);
  }, 120000);

  it('two teams with people of the same name stay apart; a leader sees the own team’s history', async () => {
    const name = `Li Na ${uid()}`;
    const [x, y] = [await buildTeam(t.database.db), await buildTeam(t.database.db)];
    const leadX = await userWithToken(t, { entrance: 'member', teamId: x.id, teamLeader: true, name: 'Lead X' });
    const leadY = await userWithToken(t, { entrance: 'member', teamId: y.id, teamLeader: true, name: 'Lead Y' });
    const memX = await userWithToken(t, { entrance: 'member', teamId: x.id, name });
    const memY = await userWithToken(t, { entrance: 'member', teamId: y.id, name });

    const mx1 = await made(memX, 50);
    const mx2 = await made(memX, 51);
    const my1 = await made(memY, 70);
    // Captures the leaders made for a person of that name (same phone) in each team.
    const tx = await made(leadX, 80, { source: 'team', person: { name, phone: '13700000002' } });
    const ty = await made(leadY, 81, { source: 'team', person: { name, phone: '13700000002' } });

    expect(await history(leadX, mx2)).toEqual({ ids: [mx2, mx1], weights: [50, 51] });
    expect(await history(memX, mx2)).toEqual({ ids: [mx2, mx1], weights: [50, 51] });
    expect(await history(memY, my1)).toEqual({ ids: [my1], weights: [70] });
    expect(await history(leadX, tx)).toEqual({ ids: [tx], weights: [80] });
    expect(await history(leadY, ty)).toEqual({ ids: [ty], weights: [81] });
    await expectTrendsOnly(ty, [81]);

    // The member moves to team Y: Y's leader sees neither the old team's records nor their readings.
    await t.database.db.update(users).set({ teamId: y.id }).where(eq(users.id, memX.user.id));
    const moved = await made(memX, 52);
    expect(await history(leadY, moved)).toEqual({ ids: [moved], weights: [52] });
    await expectTrendsOnly(moved, [52]);
    expect(await history(leadX, mx2)).toEqual({ ids: [mx2, mx1], weights: [50, 51] });
  }, 120000);

  it('history lists only the records the caller may see', async () => {
    const name = `Sun Li ${uid()}`;
    const tm = await buildTeam(t.database.db);
    const lead1 = await userWithToken(t, { entrance: 'member', teamId: tm.id, teamLeader: true });
    const lead2 = await userWithToken(t, { entrance: 'member', teamId: tm.id, teamLeader: true });
    const first = await made(lead2, 66, { source: 'team', person: { name } });
    const mine = await made(lead1, 67, { source: 'team', person: { name } });
    expect(await history(lead1, mine)).toEqual({ ids: [mine, first], weights: [66, 67] });
    // No longer a leader: lead1 still sees the capture they made, but not the other leader's.
    await t.database.db.update(users).set({ teamLeader: false }).where(eq(users.id, lead1.user.id));
    expect(await history(lead1, mine)).toEqual({ ids: [mine], weights: [67] });
  }, 120000);
});
