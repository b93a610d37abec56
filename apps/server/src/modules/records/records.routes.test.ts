import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_ERRORS, QUERY_ERRORS, RECORD_ERRORS, RECORD_PATHS, SPEC_ERRORS, SYNTHESIS_ERRORS } from '@tcm/contract';
import { buildTeam } from '../../test/factories.js';
import { call, refusedFields } from '../../test/http.js';
import { dataFile, postFile, userWithToken, waitFor } from '../../test/records-helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import type { FileStorage } from '../files/storage.js';
import { recordsTable } from '../../db/schema/index.js';
import { claimRecord } from './records.repo.js';
import { newShareToken } from './records.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, [], { jobs: true });
});
afterAll(async () => t.close());

const VITALS = { heightCm: 170, weightKg: 80, systolic: 128, diastolic: 82 };

async function upload(token: string, bytes: Uint8Array, filename: string) {
  const res = await postFile(t, bytes, filename, token);
  return res.json<{ data: { uuid: string } }>().data.uuid;
}

const finished = (token: string, id: string) =>
  waitFor(
    () => call(t.app, 'GET', RECORD_PATHS.detail(id), token),
    (r) => r.status !== 200 || ['done', 'failed'].includes(r.body.data.status),
    60000,
  );

/** A team with a leader and two members, each signed in. */
async function team() {
  const tm = await buildTeam(t.database.db);
  const leader = await userWithToken(t, { entrance: 'member', teamId: tm.id, teamLeader: true, name: 'Leader' });
  const a = await userWithToken(t, { entrance: 'member', teamId: tm.id, name: `Alice ${tm.id.slice(0, 6)}` });
  const b = await userWithToken(t, { entrance: 'member', teamId: tm.id, name: 'Bob' });
  return { team: tm, leader, a, b };
}

describe('records: auth and validation', () => {
  it('401 without a token on every signed-in route', async () => {
    const id = crypto.randomUUID();
    for (const [method, url] of [
      ['POST', RECORD_PATHS.create],
      ['POST', RECORD_PATHS.list],
      ['GET', RECORD_PATHS.detail(id)],
      ['GET', RECORD_PATHS.events(id)],
      ['POST', RECORD_PATHS.retry(id)],
      ['GET', RECORD_PATHS.report(id)],
      ['GET', RECORD_PATHS.history(id)],
    ] as const) {
      const r = await call(t.app, method, url, undefined, method === 'POST' ? {} : undefined);
      expect([url, r.status, r.body.code]).toEqual([url, 401, SPEC_ERRORS.TOKEN_INVALID.code]);
    }
  });

  it('400 on bad input, naming the rule', async () => {
    const { a } = await team();
    const bad = await call(t.app, 'POST', RECORD_PATHS.create, a.token, { files: { tongue: 'nope' } });
    expect(bad.status).toBe(400);
    expect(refusedFields(bad.body)).toMatch(/files\.tongue/);
    expect((await call(t.app, 'POST', RECORD_PATHS.list, a.token, { scope: 'memberRecord', size: 50 })).status).toBe(
      400,
    );
    expect((await call(t.app, 'POST', RECORD_PATHS.list, a.token, { scope: 'nope' })).status).toBe(400);
    expect((await call(t.app, 'GET', RECORD_PATHS.detail('nope'), a.token)).status).toBe(400);
    const q = await call(t.app, 'POST', RECORD_PATHS.list, a.token, {
      scope: 'memberRecord',
      query: {
        join: 'and',
        groups: [
          { conditions: [{ connector: 'and', name: 'shareToken', type: 'string', operator: 'EQ', value: 'x' }] },
        ],
      },
    });
    expect([q.status, q.body.code]).toEqual([400, QUERY_ERRORS.FIELD_NOT_ALLOWED.code]);
    const empty = await call(t.app, 'POST', RECORD_PATHS.create, a.token, {});
    expect([empty.status, empty.body.code]).toEqual([400, RECORD_ERRORS.RECORD_EMPTY.code]);
    const noSex = await call(t.app, 'POST', RECORD_PATHS.create, a.token, { inquiry: { answers: { A1: 3 } } });
    expect([noSex.status, noSex.body.code]).toEqual([400, SYNTHESIS_ERRORS.SYNTHESIS_SEX_REQUIRED.code]);
    // The contract's vitals schema carries the plausible ranges and cross-field rules: refused at the request.
    const tooTall = await call(t.app, 'POST', RECORD_PATHS.create, a.token, { vitals: { heightCm: 300 } });
    expect([tooTall.status, tooTall.body.msg, refusedFields(tooTall.body)]).toEqual([
      400,
      '身高：不能大于 250',
      'vitals.heightCm',
    ]);
    const crossed = await call(t.app, 'POST', RECORD_PATHS.create, a.token, {
      vitals: { systolic: 80, diastolic: 90 },
    });
    expect([crossed.status, crossed.body.msg, refusedFields(crossed.body)]).toEqual([
      400,
      '收缩压必须高于舒张压',
      'vitals.systolic',
    ]);
  });

  it('a file of the wrong kind for its slot → 4001006; another user’s file → 4000005', async () => {
    const { a, b } = await team();
    const wav = await upload(a.token, dataFile('voice/sustained-a-118hz.wav'), 'v.wav');
    const wrong = await call(t.app, 'POST', RECORD_PATHS.create, a.token, { files: { tongue: wav } });
    expect([wrong.status, wrong.body.code]).toEqual([400, RECORD_ERRORS.CAPTURE_WRONG_KIND.code]);
    const theirs = await call(t.app, 'POST', RECORD_PATHS.create, b.token, { files: { voice: wav } });
    expect([theirs.status, theirs.body.code]).toEqual([404, FILE_ERRORS.FILE_NOT_FOUND.code]);
  });
});

describe('records: ownership and list scopes', () => {
  it('members see their own, the leader the team’s, another team → 403', async () => {
    const mine = await team();
    const other = await team();
    const doctor = await userWithToken(t, { entrance: 'doctor', doctorKind: 'doctor' });
    const c = await call(t.app, 'POST', RECORD_PATHS.create, mine.a.token, {
      vitals: VITALS,
      person: { phone: '13800000000' },
    });
    expect(c.status).toBe(200);
    const id = c.body.data.recordId;
    expect(c.body.data.shareToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const done = await finished(mine.a.token, id);
    expect(done.body.data.status).toBe('done');
    expect(done.body.data.person.name).toBe(mine.a.user.name);
    expect((await call(t.app, 'GET', RECORD_PATHS.detail(id), mine.leader.token)).status).toBe(200);
    for (const who of [mine.b, other.leader, other.a, doctor]) {
      for (const url of [RECORD_PATHS.detail(id), RECORD_PATHS.report(id), RECORD_PATHS.history(id)]) {
        const r = await call(t.app, 'GET', url, who.token);
        expect([url, r.status, r.body.code]).toEqual([url, 403, RECORD_ERRORS.RECORD_FORBIDDEN.code]);
      }
    }
    expect((await call(t.app, 'GET', RECORD_PATHS.detail(crypto.randomUUID()), mine.a.token)).status).toBe(404);

    const list = (token: string, body: object = {}) =>
      call(t.app, 'POST', RECORD_PATHS.list, token, { scope: 'memberRecord', ...body });
    const ids = (r: Awaited<ReturnType<typeof list>>) => r.body.data.list.map((x: { id: string }) => x.id);
    expect(ids(await list(mine.a.token))).toEqual([id]);
    expect(ids(await list(mine.b.token))).toEqual([]);
    expect(ids(await list(mine.leader.token))).toContain(id);
    expect(ids(await list(other.leader.token))).not.toContain(id);
    const dev = await list(mine.a.token, { scope: 'deviceRecord' });
    expect([dev.status, dev.body.code]).toEqual([403, RECORD_ERRORS.SCOPE_FORBIDDEN.code]);
    expect((await list(mine.leader.token, { scope: 'deviceRecord' })).status).toBe(200);
  }, 90000);

  it('the leader’s list pages, searches and takes the combined query', async () => {
    const { leader, a, b } = await team();
    for (const who of [a, a, b])
      expect((await call(t.app, 'POST', RECORD_PATHS.create, who.token, { vitals: VITALS })).status).toBe(200);
    const team1 = await call(t.app, 'POST', RECORD_PATHS.create, leader.token, {
      source: 'team',
      person: { name: 'Zhang San', phone: '13900000000', sex: 'male', age: 61 },
      vitals: VITALS,
    });
    expect(team1.status).toBe(200);
    const list = (body: object) =>
      call(t.app, 'POST', RECORD_PATHS.list, leader.token, { scope: 'memberRecord', ...body });
    const all = await list({});
    expect(all.body.data).toMatchObject({ total: 3, page: 1, size: 100 });
    expect((await list({ page: 2 })).body.data.list).toEqual([]);
    const search = await list({ search: 'alice' });
    expect(search.body.data.total).toBe(2);
    const query = await list({
      query: {
        join: 'and',
        groups: [
          { conditions: [{ connector: 'and', name: 'personName', type: 'string', operator: 'RLK', value: 'Bob' }] },
        ],
      },
    });
    expect(query.body.data.list.map((x: { person: { name: string } }) => x.person.name)).toEqual(['Bob']);
    const teamList = await call(t.app, 'POST', RECORD_PATHS.list, leader.token, { scope: 'teamRecord' });
    expect(teamList.body.data.list.map((x: { person: { name: string } }) => x.person.name)).toEqual(['Zhang San']);
    const aged = await call(t.app, 'POST', RECORD_PATHS.list, leader.token, {
      scope: 'teamRecord',
      query: {
        join: 'and',
        groups: [{ conditions: [{ connector: 'and', name: 'personAge', type: 'integer', operator: 'GE', value: 60 }] }],
      },
    });
    expect(aged.body.data.total).toBe(1);
    // A plain member cannot capture for others.
    const notLeader = await call(t.app, 'POST', RECORD_PATHS.create, a.token, { source: 'team', vitals: VITALS });
    expect(notLeader.status).toBe(403);
  }, 90000);
});

describe('records: failures, retry, progress and history', () => {
  it('an engine failure keeps the record, marks it failed with the engine’s reason, and retry runs it again', async () => {
    const { a } = await team();
    const flat = ['ppg', ...Array.from({ length: 1500 }, (_, i) => (1 + 0.0001 * (i % 2)).toFixed(4))].join('\n');
    const pulse = await upload(a.token, new TextEncoder().encode(flat), 'flat-125hz.csv');
    const c = await call(t.app, 'POST', RECORD_PATHS.create, a.token, { files: { pulse }, lang: 'en' });
    const id = c.body.data.recordId;
    const failed = await finished(a.token, id);
    expect(failed.body.data.status).toBe('failed');
    expect(failed.body.data.failure).toMatchObject({ engine: 'pulse', code: 3300007 });
    expect(failed.body.data.failure.msg).toMatch(/noise/);
    expect(failed.body.data.files.pulse.uuid).toBe(pulse);
    const report = await call(t.app, 'GET', RECORD_PATHS.report(id), a.token);
    expect([report.status, report.body.code]).toEqual([409, RECORD_ERRORS.RECORD_NOT_READY.code]);
    const retry = await call(t.app, 'POST', RECORD_PATHS.retry(id), a.token);
    expect(retry.body.data.status).toBe('queued');
    const again = await finished(a.token, id);
    expect(again.body.data).toMatchObject({ status: 'failed', attempts: 2 });
    const notFailed = await call(t.app, 'POST', RECORD_PATHS.create, a.token, { vitals: VITALS });
    await finished(a.token, notFailed.body.data.recordId);
    const r2 = await call(t.app, 'POST', RECORD_PATHS.retry(notFailed.body.data.recordId), a.token);
    expect([r2.status, r2.body.code]).toEqual([409, RECORD_ERRORS.RECORD_NOT_RETRYABLE.code]);
  }, 90000);

  it('a transient failure is retried by the queue; after the last retry the record is failed with the reason; the user retry then succeeds', async () => {
    const { a } = await team();
    const voice = await upload(a.token, dataFile('voice/sustained-a-118hz.wav'), 'a.wav');
    const real = t.app.ctx.storage;
    let reads = 0;
    // Storage that is down for reads (a real outage of the file store), then back.
    const down: FileStorage = {
      name: 'down',
      put: (k, b, m) => real.put(k, b, m),
      get: async () => {
        reads++;
        throw new Error('storage unreachable (ECONNREFUSED)');
      },
      delete: (k) => real.delete(k),
    };
    t.app.ctx.storage = down;
    try {
      const c = await call(t.app, 'POST', RECORD_PATHS.create, a.token, { files: { voice } });
      const failed = await finished(a.token, c.body.data.recordId);
      expect(failed.body.data.status).toBe('failed');
      expect(failed.body.data.failure.code).toBe(RECORD_ERRORS.ANALYSIS_FAILED.code);
      expect(failed.body.data.failure.msg).toMatch(/ECONNREFUSED/);
      expect(reads).toBe(3);
      // The retries waited ANALYSIS_RETRY_DELAY_S (1 s in the test app), doubling.
      const job = await t.database.pool.query<{ retry_delay: number; retry_backoff: boolean }>(
        `select retry_delay, retry_backoff from pgboss.job where name = 'record-analyze' and data->>'recordId' = $1`,
        [c.body.data.recordId],
      );
      expect(job.rows).toEqual([{ retry_delay: t.config.analysisRetryDelayS, retry_backoff: true }]);
      expect(t.config.analysisRetryDelayS).toBe(1);
      t.app.ctx.storage = real;
      await call(t.app, 'POST', RECORD_PATHS.retry(c.body.data.recordId), a.token);
      const done = await finished(a.token, c.body.data.recordId);
      expect(done.body.data.status).toBe('done');
      expect(done.body.data.results.voice.status).toBe('done');
    } finally {
      t.app.ctx.storage = real;
    }
  }, 90000);

  it('progress as server-sent events, ending with `end`', async () => {
    const { a } = await team();
    const c = await call(t.app, 'POST', RECORD_PATHS.create, a.token, { vitals: VITALS });
    const res = await t.app.inject({
      method: 'GET',
      url: RECORD_PATHS.events(c.body.data.recordId),
      headers: { authorization: `Bearer ${a.token}` },
    });
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    const events = [...res.body.matchAll(/^event: (\w+)\ndata: (.*)$/gm)].map((m) => [m[1], JSON.parse(m[2]!)]);
    expect(events.at(-1)![0]).toBe('end');
    expect(events.at(-1)![1]).toMatchObject({ status: 'done', done: 2, total: 2 });
    expect(events[0]![0]).toBe('progress');
  }, 60000);

  it('the person’s history and vitals trends across records', async () => {
    const { a } = await team();
    const first = await call(t.app, 'POST', RECORD_PATHS.create, a.token, { vitals: { ...VITALS, weightKg: 84 } });
    await finished(a.token, first.body.data.recordId);
    const second = await call(t.app, 'POST', RECORD_PATHS.create, a.token, { vitals: VITALS });
    const done = await finished(a.token, second.body.data.recordId);
    const trends = done.body.data.results.vitals.result.trends as { field: string; points: unknown[] }[];
    expect(trends.find((x) => x.field === 'weightKg')?.points).toHaveLength(2);
    const h = await call(t.app, 'GET', RECORD_PATHS.history(second.body.data.recordId), a.token);
    expect(h.body.data.records).toHaveLength(2);
    expect(h.body.data.vitals.map((v: { vitals: { weightKg: number } }) => v.vitals.weightKg)).toEqual([84, 80]);
  }, 60000);
});

describe('records whose worker died', () => {
  // Orphans found by the sweep and finished after a restart: modules/analysis/orphans.test.ts.
  it('a running record is taken again only once its heartbeat stopped; a finished one never', async () => {
    const { a } = await team();
    const [fresh] = await t.database.db
      .insert(recordsTable)
      .values({ source: 'member', status: 'running', ownerUserId: a.user.id, shareToken: newShareToken() })
      .returning();
    const [done] = await t.database.db
      .insert(recordsTable)
      .values({ source: 'member', status: 'done', ownerUserId: a.user.id, shareToken: newShareToken() })
      .returning();
    // One attempt at a time: a running record is taken again only once it stopped progressing.
    expect(await claimRecord(t.database.db, fresh!.id, 60000)).toBeUndefined();
    expect((await claimRecord(t.database.db, fresh!.id, -1))?.status).toBe('running');
    expect(await claimRecord(t.database.db, done!.id, -1)).toBeUndefined(); // finished
    // Leave nothing running for the worker of this suite.
    await t.database.db.delete(recordsTable).where(eq(recordsTable.id, fresh!.id));
  });
});
