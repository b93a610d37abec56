import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEAM_ERRORS, TEAM_PATHS } from '@tcm/contract';
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

const DAY = 86_400_000;
const get = (url: string, token: string) => call(t.app, 'GET', url, token);

/** Engine outcomes shaped as packages/contract describes them (synthesis with constitution, top pattern, vitals). */
function results(c: {
  type?: string;
  balanced?: boolean;
  pattern: string;
  risk: 'low' | 'medium' | 'high' | null;
  score: number;
}) {
  const constitution = {
    summary: {
      balanced: c.balanced ? 'yes' : 'no',
      types: c.type ? [c.type] : [],
      tendencies: [],
      undetermined: false,
      text: { zh: '', en: '' },
    },
    scales: [
      { code: 'A', display: c.balanced ? 70 : 40 },
      { code: 'B', display: c.score },
    ],
  };
  const synthesis = {
    constitution,
    patterns: [{ id: c.pattern, name: { zh: `证${c.pattern}`, en: `Pattern ${c.pattern}` } }],
    vitals: c.risk === null ? null : { overall: c.risk, indicators: [] },
  };
  const outcome = (result: unknown) => ({ status: 'done', version: { name: 'x', version: '1' }, result, ms: 1 });
  return { synthesis: outcome(synthesis) } as never;
}

async function record(
  teamId: string | null,
  subject: string | null,
  daysAgo: number,
  c: Parameters<typeof results>[0],
  status: 'done' | 'failed' = 'done',
) {
  await t.database.db.insert(recordsTable).values({
    source: subject ? 'member' : 'team',
    status,
    teamId,
    subjectUserId: subject,
    ownerUserId: subject,
    personName: subject ? 'Self' : 'Guest',
    shareToken: randomUUID(),
    results: results(c),
    createdAt: new Date(Date.now() - daysAgo * DAY),
  });
}

describe('member home', () => {
  it('a member sees own latest results, trends oldest first and the next check by the latest risk', async () => {
    const me = await userWithToken(t, { entrance: 'member' });
    const empty = await get(TEAM_PATHS.homeMine, me.token);
    expect(empty.body.data).toEqual({ latest: [], trend: [], lastCheckAt: null, nextCheckAt: null });

    await record(null, me.user.id, 40, { type: 'B', pattern: 'p1', risk: 'low', score: 50 });
    await record(null, me.user.id, 2, { type: 'B', pattern: 'p2', risk: 'high', score: 62 });
    await record(null, me.user.id, 1, { type: 'C', pattern: 'p2', risk: null, score: 0 }, 'failed');
    const other = await userWithToken(t, { entrance: 'member' });
    await record(null, other.user.id, 1, { balanced: true, pattern: 'p3', risk: null, score: 10 });

    const res = await get(TEAM_PATHS.homeMine, me.token);
    const data = res.body.data;
    expect(data.latest.map((r: { pattern: { id: string } }) => r.pattern.id)).toEqual(['p2', 'p1']);
    expect(data.latest[0]).toMatchObject({ constitution: 'B', risk: 'high', scores: { A: 40, B: 62 } });
    expect(data.trend.map((r: { scores: { B: number } }) => r.scores.B)).toEqual([50, 62]);
    // High risk: the next check is 7 days after the last one.
    expect(Date.parse(data.nextCheckAt) - Date.parse(data.lastCheckAt)).toBe(7 * DAY);
  });
});

describe('team statistics', () => {
  it('counts members, week and month, distributions, risk mix and overdue members; segments list their records', async () => {
    const team = await buildTeam(t.database.db);
    const leader = await userWithToken(t, { entrance: 'member', teamId: team.id, teamLeader: true });
    const fresh = await userWithToken(t, { entrance: 'member', teamId: team.id });
    const late = await userWithToken(t, { entrance: 'member', teamId: team.id });
    await record(team.id, fresh.user.id, 1, { type: 'B', pattern: 'qi', risk: 'high', score: 60 });
    await record(team.id, fresh.user.id, 10, { type: 'B', pattern: 'qi', risk: 'low', score: 55 });
    await record(team.id, late.user.id, 45, { balanced: true, pattern: 'yin', risk: null, score: 20 });
    await record(team.id, null, 3, { type: 'D', pattern: 'yin', risk: 'medium', score: 30 });
    // Another team's record counts nowhere here.
    const otherTeam = await buildTeam(t.database.db);
    await record(otherTeam.id, null, 1, { type: 'B', pattern: 'qi', risk: 'high', score: 60 });

    const res = await get(TEAM_PATHS.homeTeam, leader.token);
    const s = res.body.data;
    expect(s).toMatchObject({ members: 3, week: 2, month: 3, overdueDays: 30 });
    expect(s.constitution).toEqual([
      { key: 'B', count: 2 },
      { key: 'A', count: 1 },
      { key: 'D', count: 1 },
    ]);
    expect(s.patterns).toEqual([
      { key: 'qi', count: 2, zh: '证qi', en: 'Pattern qi' },
      { key: 'yin', count: 2, zh: '证yin', en: 'Pattern yin' },
    ]);
    expect(s.risk).toEqual([
      { key: 'high', count: 1 },
      { key: 'low', count: 1 },
      { key: 'medium', count: 1 },
    ]);
    // The leader never had a check of their own; `late` last checked 45 days ago.
    expect(s.overdue.map((o: { id: string }) => o.id).sort()).toEqual([leader.user.id, late.user.id].sort());

    const drill = async (q: string) =>
      (await get(`${TEAM_PATHS.homeTeamRecords}?${q}`, leader.token)).body.data as Array<{
        personName: string;
        constitution: string;
      }>;
    expect((await drill('facet=constitution&key=B')).map((r) => r.constitution)).toEqual(['B', 'B']);
    expect(await drill('facet=risk&key=medium')).toHaveLength(1);
    expect(await drill('facet=week')).toHaveLength(2);
    expect(await drill(`facet=member&key=${late.user.id}`)).toHaveLength(1);
    expect(await drill('facet=pattern&key=yin')).toHaveLength(2);
  });

  it('a plain member and another team leader get 403 or only their own team', async () => {
    const team = await buildTeam(t.database.db);
    const plain = await userWithToken(t, { entrance: 'member', teamId: team.id });
    await record(team.id, plain.user.id, 1, { type: 'B', pattern: 'qi', risk: 'high', score: 60 });
    const res = await get(TEAM_PATHS.homeTeam, plain.token);
    expect([res.status, res.body.code]).toEqual([403, TEAM_ERRORS.LEADER_REQUIRED.code]);
    const other = await buildTeam(t.database.db);
    const otherLeader = await userWithToken(t, { entrance: 'member', teamId: other.id, teamLeader: true });
    const theirs = await get(`${TEAM_PATHS.homeTeamRecords}?facet=member&key=${plain.user.id}`, otherLeader.token);
    expect(theirs.body.data).toEqual([]);
    expect((await get(TEAM_PATHS.homeTeam, otherLeader.token)).body.data).toMatchObject({ members: 1, week: 0 });
  });
});
