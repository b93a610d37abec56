import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DISPLAY_ERRORS, DISPLAY_PATHS, RECORD_PATHS, TEAM_PATHS, type DisplaySummary } from '@tcm/contract';
import { devices, recordsTable } from '../../db/schema/index.js';
import { buildTeam } from '../../test/factories.js';
import { call, listenLocal } from '../../test/http.js';
import { userWithToken } from '../../test/records-helpers.js';
import { useTestApp } from '../../test/suite.js';
import { maskName } from './display.service.js';

const t = useTestApp();
let base: string;
beforeAll(async () => {
  base = await listenLocal(t);
});

const HOUR = 3_600_000;
const get = (url: string, token?: string) => call(t.app, 'GET', url, token);

const feature = (label: string) => ({ label });
/** Engine outcomes shaped as packages/contract describes them; only what the display reads. */
function results(c: { type: string; pattern: string; risk: 'low' | 'high' | null; cracks?: boolean }) {
  const done = (result: unknown) => ({ status: 'done', version: { engine: 'x' }, ms: 1, result });
  const tongue = done({
    features: {
      bodyColor: feature('light_red'),
      coatingColor: feature('white'),
      coatingThickness: feature('thick'),
      greasy: feature('not_greasy'),
      peeled: feature('none'),
      moisture: feature('normal'),
      cracks: feature(c.cracks ? 'light' : 'none'),
      toothMarks: feature('none'),
      spots: feature('none'),
      shape: feature('normal'),
    },
  });
  const synthesis = done({
    constitution: { summary: { balanced: 'no', types: [c.type], tendencies: [] } },
    patterns: [{ id: c.pattern, name: { zh: `证${c.pattern}`, en: `Pattern ${c.pattern}` } }],
    vitals: c.risk ? { overall: c.risk } : null,
  });
  return { tongue, synthesis } as never;
}

async function record(
  o: { teamId?: string | null; deviceId?: string | null; hoursAgo?: number; name?: string; status?: 'done' | 'failed' },
  c: Parameters<typeof results>[0],
) {
  const at = new Date(Date.now() - (o.hoursAgo ?? 0) * HOUR);
  const [r] = await t.database.db
    .insert(recordsTable)
    .values({
      source: o.deviceId ? 'device' : 'team',
      status: o.status ?? 'done',
      teamId: o.teamId ?? null,
      deviceId: o.deviceId ?? null,
      personName: o.name ?? '张三丰',
      shareToken: randomUUID(),
      results: results(c),
      createdAt: at,
      finishedAt: at,
    })
    .returning({ id: recordsTable.id });
  return r!.id;
}

async function device(teamId: string, location: string | null, lastSeenAt: Date | null) {
  const [d] = await t.database.db
    .insert(devices)
    .values({ teamId, name: `dev ${randomUUID().slice(0, 6)}`, location, secretHash: 'x', lastSeenAt })
    .returning();
  return d!;
}

const summaryOf = async (url: string, token: string) => {
  const res = await get(url, token);
  expect(res.status).toBe(200);
  return res.body.data as DisplaySummary;
};
const count = (list: Array<{ key: string; count: number }>, key: string) => list.find((b) => b.key === key)?.count ?? 0;

describe('display access', () => {
  it('401 without a token before any input check, on every display route', async () => {
    const team = randomUUID();
    for (const url of [
      `${DISPLAY_PATHS.summary}?days=nope`,
      DISPLAY_PATHS.feed,
      `${DISPLAY_PATHS.teamSummary('not-a-uuid')}?days=1`,
      DISPLAY_PATHS.teamFeed(team),
    ]) {
      const res = await get(url);
      expect([url, res.status, res.body.code]).toEqual([url, 401, 1200001]);
    }
  });

  it('400 for a bad window or team id', async () => {
    const screen = await userWithToken(t, { entrance: 'display' });
    for (const q of ['days=3', 'days=91', 'days=x']) {
      const res = await get(`${DISPLAY_PATHS.summary}?${q}`, screen.token);
      expect([q, res.status, res.body.code]).toEqual([q, 400, 2000400]);
    }
    const team = await buildTeam(t.database.db);
    const flagged = await userWithToken(t, { entrance: 'member', teamId: team.id, displayPermission: true });
    expect((await get(DISPLAY_PATHS.teamSummary('not-a-uuid'), flagged.token)).status).toBe(400);
  });

  it('403: other entrances on the platform display, members without the flag or of another team, display accounts elsewhere', async () => {
    const team = await buildTeam(t.database.db);
    const other = await buildTeam(t.database.db);
    const screen = await userWithToken(t, { entrance: 'display' });
    const plain = await userWithToken(t, { entrance: 'member', teamId: team.id, teamLeader: true });
    const flagged = await userWithToken(t, { entrance: 'member', teamId: team.id, displayPermission: true });
    const admin = await userWithToken(t, { entrance: 'sys' });

    expect((await get(DISPLAY_PATHS.summary, flagged.token)).status).toBe(403);
    expect((await get(DISPLAY_PATHS.summary, admin.token)).status).toBe(403);
    expect((await get(DISPLAY_PATHS.feed, flagged.token)).status).toBe(403);
    const noFlag = await get(DISPLAY_PATHS.teamSummary(team.id), plain.token);
    expect([noFlag.status, noFlag.body.code]).toEqual([403, DISPLAY_ERRORS.PERMISSION_REQUIRED.code]);
    const otherTeam = await get(DISPLAY_PATHS.teamSummary(other.id), flagged.token);
    expect([otherTeam.status, otherTeam.body.code]).toEqual([403, DISPLAY_ERRORS.OTHER_TEAM.code]);
    expect((await get(DISPLAY_PATHS.teamFeed(other.id), flagged.token)).status).toBe(403);
    expect((await get(DISPLAY_PATHS.teamSummary(team.id), screen.token)).status).toBe(403);

    // A display account reaches no other area's data.
    for (const url of [TEAM_PATHS.homeMine, TEAM_PATHS.homeTeam, TEAM_PATHS.mine, RECORD_PATHS.list]) {
      const res = await call(t.app, url === RECORD_PATHS.list ? 'POST' : 'GET', url, screen.token, {});
      expect([url, res.status]).toEqual([url, 403]);
    }
  });
});

describe('display aggregates', () => {
  it('counts, distributions, tongue findings, risk, trend, regions and devices of one team; platform counts everyone', async () => {
    const team = await buildTeam(t.database.db);
    const other = await buildTeam(t.database.db);
    const leader = await userWithToken(t, {
      entrance: 'member',
      teamId: team.id,
      teamLeader: true,
      displayPermission: true,
    });
    const screen = await userWithToken(t, { entrance: 'display' });
    const platformBefore = await summaryOf(DISPLAY_PATHS.summary, screen.token);

    const hz = await device(team.id, '浙江省杭州市西湖区', new Date());
    const bj = await device(team.id, 'Chaoyang, Beijing', new Date(Date.now() - 2 * HOUR));
    await record({ teamId: team.id, deviceId: hz.id }, { type: 'B', pattern: 'qi', risk: 'high', cracks: true });
    await record({ teamId: team.id, deviceId: hz.id, hoursAgo: 1 }, { type: 'B', pattern: 'qi', risk: 'low' });
    await record({ teamId: team.id, deviceId: bj.id, hoursAgo: 24 * 3 }, { type: 'D', pattern: 'yin', risk: null });
    await record({ teamId: team.id, hoursAgo: 24 * 45 }, { type: 'E', pattern: 'yin', risk: 'high' });
    // Not counted: a failed record, and another team's.
    await record({ teamId: team.id, status: 'failed' }, { type: 'B', pattern: 'qi', risk: 'high' });
    await record({ teamId: other.id }, { type: 'C', pattern: 'qi', risk: 'high' });

    const s = await summaryOf(`${DISPLAY_PATHS.teamSummary(team.id)}?days=30`, leader.token);
    expect(s.scope).toEqual({ kind: 'team', teamId: team.id, name: team.name });
    expect(s.counts.total).toBe(4);
    expect(s.counts.today).toBeGreaterThanOrEqual(1); // the one an hour ago may be yesterday in Shanghai
    // The 45-day-old record is outside the 30-day window of the distributions.
    const pairs = (list: Array<{ key: string; count: number }>) => list.map((b) => `${b.key}:${b.count}`);
    expect(pairs(s.constitution)).toEqual(['B:2', 'D:1']);
    expect(s.patterns.map((p) => `${p.key}:${p.count}:${p.zh}:${p.en}`)).toEqual([
      'qi:2:证qi:Pattern qi',
      'yin:1:证yin:Pattern yin',
    ]);
    expect(pairs(s.risk)).toEqual(['high:1', 'low:1']);
    expect(s.tongue.records).toBe(3);
    expect(count(s.tongue.findings, 'coatingThickness')).toBe(3);
    expect(count(s.tongue.findings, 'cracks')).toBe(1);
    expect(count(s.tongue.findings, 'bodyColor')).toBe(0);
    expect(s.trend).toHaveLength(30);
    expect(s.trend.reduce((a, p) => a + p.count, 0)).toBe(3);
    expect(s.trend.reduce((a, p) => a + p.high, 0)).toBe(1);
    expect(s.regions).toEqual([
      { key: '浙江', count: 2 },
      { key: '北京', count: 1 },
    ]);
    expect(s.unknownRegion).toBe(0);
    expect(s.devices).toMatchObject({ online: 1, offline: 1, disabled: 0 });
    expect(s.devices.list.find((d) => d.id === hz.id)).toMatchObject({ status: 'online' });

    const wide = await summaryOf(`${DISPLAY_PATHS.teamSummary(team.id)}?days=90`, leader.token);
    expect(count(wide.constitution, 'E')).toBe(1);
    expect(wide.unknownRegion).toBe(1);

    // The daily counts follow a record that is retried (leaves done) and one re-analyzed.
    const again = await record({ teamId: team.id }, { type: 'F', pattern: 'qi', risk: 'low' });
    const byTeam = async () => summaryOf(DISPLAY_PATHS.teamSummary(team.id), leader.token);
    expect((await byTeam()).counts.total).toBe(5);
    await t.database.db.update(recordsTable).set({ status: 'queued' }).where(eq(recordsTable.id, again));
    expect((await byTeam()).counts.total).toBe(4);
    await t.database.db
      .update(recordsTable)
      .set({ status: 'done', results: results({ type: 'G', pattern: 'qi', risk: 'low' }) })
      .where(eq(recordsTable.id, again));
    await t.database.db
      .update(recordsTable)
      .set({ results: results({ type: 'H', pattern: 'qi', risk: 'low' }) })
      .where(eq(recordsTable.id, again));
    const after = await byTeam();
    expect([after.counts.total, count(after.constitution, 'F'), count(after.constitution, 'G')]).toEqual([5, 0, 0]);
    expect(count(after.constitution, 'H')).toBe(1);
    await t.database.db.delete(recordsTable).where(eq(recordsTable.id, again));
    expect((await byTeam()).counts.total).toBe(4);

    const platform = await summaryOf(DISPLAY_PATHS.summary, screen.token);
    expect(platform.scope.kind).toBe('platform');
    expect(platform.counts.total - platformBefore.counts.total).toBe(5);
    expect(count(platform.constitution, 'C') - count(platformBefore.constitution, 'C')).toBe(1);
  });
});

describe('display feed', () => {
  /** Reads server-sent `item` events until `until` holds or the time is up. */
  async function readFeed(
    url: string,
    token: string,
    until: (items: Array<Record<string, unknown>>) => boolean,
    ms: number,
  ) {
    const abort = new AbortController();
    const res = await fetch(base + url, { headers: { authorization: `Bearer ${token}` }, signal: abort.signal });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reader = res.body!.getReader();
    const items: Array<Record<string, unknown>> = [];
    let text = '';
    const deadline = Date.now() + ms;
    const timer = setTimeout(() => abort.abort(), ms);
    try {
      while (!until(items) && Date.now() < deadline) {
        const { value, done } = await reader.read();
        if (done) break;
        text += new TextDecoder().decode(value);
        const parts = text.split('\n\n');
        text = parts.pop()!;
        for (const p of parts) {
          const m = /^event: item\ndata: (.*)$/m.exec(p);
          if (m) items.push(JSON.parse(m[1]!));
        }
      }
    } catch {
      // aborted at the deadline
    } finally {
      clearTimeout(timer);
      abort.abort();
    }
    return items;
  }

  it("a team's newly finished result is pushed, name masked; other teams' results never", async () => {
    const team = await buildTeam(t.database.db);
    const other = await buildTeam(t.database.db);
    const leader = await userWithToken(t, { entrance: 'member', teamId: team.id, displayPermission: true });
    const hz = await device(team.id, '浙江省杭州市', new Date());
    const old = await record({ teamId: team.id, hoursAgo: 2, name: '李四' }, { type: 'B', pattern: 'qi', risk: 'low' });

    let fresh = '';
    const items = await readFeed(
      DISPLAY_PATHS.teamFeed(team.id),
      leader.token,
      (got) => {
        if (got.length === 1 && !fresh) {
          // The first screen came; now a record finishes in this team and one in another.
          void record({ teamId: other.id, name: 'Other' }, { type: 'C', pattern: 'x', risk: 'high' });
          void record(
            { teamId: team.id, deviceId: hz.id, name: '王小明' },
            { type: 'D', pattern: 'yin', risk: 'high' },
          ).then((id) => (fresh = id));
        }
        return got.length >= 2;
      },
      8000,
    );
    expect(items.map((i) => i.id)).toEqual([old, fresh]);
    expect(items[0]).toMatchObject({ name: '李*', constitution: 'B', risk: 'low' });
    expect(items[1]).toMatchObject({
      name: '王*明',
      region: '浙江',
      risk: 'high',
      pattern: { id: 'yin', zh: '证yin' },
    });
  });

  it('masks names: first character, the last from three on', () => {
    expect(maskName('王小明')).toBe('王*明');
    expect(maskName('张三')).toBe('张*');
    expect(maskName('欧阳小明')).toBe('欧**明');
    expect(maskName('John Smith')).toBe('J*** ****h');
    expect(maskName('A')).toBe('*');
    expect(maskName('  ')).toBeNull();
    expect(maskName(null)).toBeNull();
  });
});
