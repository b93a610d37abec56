import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { RECORD_PATHS, recordSummarySchema } from '@tcm/contract';
import { recordsTable } from '../../db/schema/index.js';
import { buildTeam, uid } from '../../test/factories.js';
import { call } from '../../test/http.js';
import { userWithToken } from '../../test/records-helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { newShareToken } from './records.service.js';

// Issue 24 item 6 (docs/security.md §6): the list reads summary columns, never whole records.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** Columns of diagnosis_record a summary never needs; `results` alone is ~75 KB on a done record. */
const HEAVY = ['results', 'inquiry', 'vitals', 'share_token', 'tongue_mask_file_id'];

/** The SQL texts the pool runs while `fn` runs. */
async function sqlDuring(fn: () => Promise<unknown>): Promise<string[]> {
  const pool = t.database.pool;
  const seen: string[] = [];
  const original = pool.query.bind(pool) as (...a: unknown[]) => unknown;
  const spy = (...args: unknown[]) => {
    const q = args[0];
    seen.push(typeof q === 'string' ? q : String((q as { text?: string }).text));
    return original(...args);
  };
  pool.query = spy as typeof pool.query;
  try {
    await fn();
  } finally {
    pool.query = original as typeof pool.query;
  }
  return seen;
}

/** A done record with results of a realistic size, inserted as the worker would leave it. */
async function doneRecord(values: Partial<typeof recordsTable.$inferInsert>) {
  const big = { samples: Array.from({ length: 6000 }, (_, i) => Math.round(Math.sin(i) * 1e6) / 1e6) };
  const [row] = await t.database.db
    .insert(recordsTable)
    .values({
      source: 'doctor',
      status: 'done',
      personName: `Zhou ${uid()}`,
      personSex: 'male',
      personAge: 52,
      personPhone: '13600000000',
      files: { tongue: crypto.randomUUID() },
      vitals: { heightCm: 172, weightKg: 70 },
      inquiry: { answers: { A1: 3 } },
      // Raw JSON of a realistic size: the list must not read it, so its shape does not matter here.
      results: sql`${JSON.stringify({ pulse: { status: 'done', version: { engine: 'pulse-x' }, result: big, ms: 10 } })}::jsonb`,
      conclusion: 'Qi deficiency',
      finishedAt: new Date(),
      shareToken: newShareToken(),
      ...values,
    })
    .returning({ id: recordsTable.id, storedBytes: sql<number>`octet_length(${recordsTable.results}::text)` });
  return row!;
}

describe('record list cost (issue 24 item 6)', () => {
  it('selects only summary columns, and each entry equals the summary part of the detail', async () => {
    const doctor = await userWithToken(t, { entrance: 'doctor', doctorKind: 'doctor', name: `Dr ${uid()}` });
    const rows = [];
    for (let i = 0; i < 3; i++) rows.push(await doneRecord({ ownerUserId: doctor.user.id }));
    expect(Number(rows[0]!.storedBytes)).toBeGreaterThan(50_000);

    let list: Awaited<ReturnType<typeof call>> | undefined;
    const sql = await sqlDuring(async () => {
      list = await call(t.app, 'POST', RECORD_PATHS.list, doctor.token, { scope: 'memberRecord', search: 'Zhou' });
    });
    expect(list!.status).toBe(200);
    const recordSql = sql.filter((q) => q.includes('"diagnosis_record"'));
    expect(recordSql.length).toBeGreaterThan(0);
    for (const q of recordSql) {
      for (const col of HEAVY) expect(q).not.toContain(`"diagnosis_record"."${col}"`);
      expect(q).not.toMatch(/"diagnosis_record"\.\*|select \*/i);
    }

    const items = list!.body.data.list as Record<string, unknown>[];
    expect(items.map((x) => x.id)).toEqual(rows.map((r) => r.id).reverse());
    for (const item of items) {
      expect(Object.keys(item).sort()).toEqual(Object.keys(recordSummarySchema.shape).sort());
      const detail = await call(t.app, 'GET', RECORD_PATHS.detail(String(item.id)), doctor.token);
      const fromDetail = Object.fromEntries(Object.keys(item).map((k) => [k, detail.body.data[k]]));
      expect(item).toEqual(fromDetail);
      expect(item).toMatchObject({ ownerName: doctor.user.name, captures: ['tongue'], conclusion: 'Qi deficiency' });
    }
  });

  it('a leader’s team list: the entry equals the detail’s summary, its owner named', async () => {
    const tm = await buildTeam(t.database.db);
    const leader = await userWithToken(t, { entrance: 'member', teamId: tm.id, teamLeader: true, name: `L ${uid()}` });
    const mine = await doneRecord({ source: 'team', teamId: tm.id, ownerUserId: leader.user.id });
    const list = await call(t.app, 'POST', RECORD_PATHS.list, leader.token, { scope: 'teamRecord' });
    expect(list.body.data).toMatchObject({ total: 1, totalCapped: false, page: 1, size: 100 });
    const detail = await call(t.app, 'GET', RECORD_PATHS.detail(mine.id), leader.token);
    const item = list.body.data.list[0] as Record<string, unknown>;
    expect(item).toEqual(Object.fromEntries(Object.keys(item).map((k) => [k, detail.body.data[k]])));
    expect(item).toMatchObject({ ownerName: leader.user.name, deviceName: null, teamId: tm.id });
  });
});

describe('record list total at scale (issue 25 item 7)', () => {
  // The default counts 10,000 rows ahead; 100 here keeps the fixture small (same code path).
  const AHEAD = 100;
  let small: TestApp;
  beforeAll(async () => {
    small = await createTestApp({ LIST_COUNT_AHEAD: String(AHEAD) });
  });
  afterAll(async () => small.close());

  it('stops counting LIST_COUNT_AHEAD rows past the page and says so; paging on moves the limit; small totals stay exact', async () => {
    const doctor = await userWithToken(small, { entrance: 'doctor', doctorKind: 'doctor', name: `Dr ${uid()}` });
    const n = AHEAD + 50;
    await small.database.pool.query(
      `INSERT INTO diagnosis_record (source, status, owner_user_id, person_name, share_token, created_at)
       SELECT 'doctor', 'done', $1, 'Cap ' || i, 'cap' || $2 || lpad(i::text, 10, '0'), now() - i * interval '1 second'
       FROM generate_series(1, $3::int) AS i`,
      [doctor.user.id, uid(), n],
    );
    const list = (body: object) =>
      call(small.app, 'POST', RECORD_PATHS.list, doctor.token, { scope: 'memberRecord', ...body }).then((r) => {
        expect(r.status).toBe(200);
        return r.body.data as { list: unknown[]; total: number; totalCapped: boolean };
      });

    const first = await list({ page: 1, size: 100 });
    expect(first).toMatchObject({ total: AHEAD, totalCapped: true });
    expect(first.list).toHaveLength(100);
    // From page 2 the count reaches 100 + 100 rows: past the last one, so the total is exact.
    expect(await list({ page: 2, size: 100 })).toMatchObject({ total: n, totalCapped: false });
    expect((await list({ page: 2, size: 100 })).list).toHaveLength(50);
    expect(await list({ page: 1, size: 100, search: 'Cap 10' })).toMatchObject({ total: 11, totalCapped: false });
    expect(await list({ page: 1, size: 100, status: 'failed' })).toMatchObject({ total: 0, totalCapped: false });
  });
});
