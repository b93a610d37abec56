import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { ADMISSION_ERRORS, RECORD_PATHS } from '@tcm/contract';
import { openDatabase } from '../../db/client.js';
import { recordsTable } from '../../db/schema/index.js';
import { userWithToken } from '../../test/records-helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * Issue 25 item 7: the analysis queue's depth is bounded (ANALYSIS_QUEUE_MAX, deployment-wide):
 * past it a new record is refused with 503 4009103 and Retry-After before anything is stored;
 * a record once accepted stays queued and is never dropped.
 */
let t: TestApp;
const made: string[] = [];
beforeAll(async () => {
  // Other suites leave records queued in the shared database: the bound is two above them.
  const d = await openDatabase({ databaseUrl: inject('databaseUrl'), poolMax: 1 });
  const already = (await d.db.select().from(recordsTable).where(eq(recordsTable.status, 'queued'))).length;
  await d.pool.end();
  // No analysis worker: what is queued stays queued.
  t = await createTestApp({ ANALYSIS_QUEUE_MAX: String(already + 2), ANALYSIS_WORKERS: '0' }, [], { jobs: true });
});
afterAll(async () => {
  if (made.length)
    await t.database.db.update(recordsTable).set({ status: 'done' }).where(inArray(recordsTable.id, made));
  await t.close();
});

async function create(token: string | undefined, body: unknown = { vitals: { heightCm: 170, weightKg: 70 } }) {
  const res = await t.app.inject({
    method: 'POST',
    url: RECORD_PATHS.create,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), language: 'en' },
    payload: body as Record<string, unknown>,
  });
  const json = res.json<{ code: number; msg: string; data: { recordId: string } | null }>();
  if (res.statusCode === 200) made.push(json.data!.recordId);
  return { status: res.statusCode, retryAfter: res.headers['retry-after'], ...json };
}

describe('the analysis queue is bounded (ANALYSIS_QUEUE_MAX)', () => {
  it('refuses past the bound with 503 4009103 and Retry-After; accepted records stay queued; room comes back', async () => {
    const { token } = await userWithToken(t, { entrance: 'member' });
    // The sign-in and the body are checked before the bound.
    expect((await create(undefined)).status).toBe(401);
    expect((await create(token, { vitals: { heightCm: 'tall' } })).status).toBe(400);

    const first = await create(token);
    const second = await create(token);
    const third = await create(token);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect([third.status, third.code, third.msg, third.retryAfter]).toEqual([
      503,
      ADMISSION_ERRORS.ANALYSIS_QUEUE_FULL.code,
      ADMISSION_ERRORS.ANALYSIS_QUEUE_FULL.en,
      '10',
    ]);
    const accepted = await t.database.db
      .select({ id: recordsTable.id, status: recordsTable.status })
      .from(recordsTable)
      .where(inArray(recordsTable.id, [first.data!.recordId, second.data!.recordId]));
    expect(accepted.map((r) => r.status)).toEqual(['queued', 'queued']);

    // One analysis done: there is room again.
    await t.database.db.update(recordsTable).set({ status: 'done' }).where(eq(recordsTable.id, first.data!.recordId));
    expect((await create(token)).status).toBe(200);
  });
});
