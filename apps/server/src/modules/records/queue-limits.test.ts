import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_ERRORS, RECORD_ERRORS, RECORD_PATHS } from '@tcm/contract';
import { recordsTable } from '../../db/schema/index.js';
import { dataFile, multipart, userWithToken } from '../../test/records-helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { findRecord } from './records.repo.js';

let t: TestApp;
const made: string[] = [];
beforeAll(async () => {
  // No analysis worker: records stay queued, which is what the limits count.
  t = await createTestApp(
    { QUEUED_RECORDS_PER_USER: '2', QUEUED_RECORDS_PER_ADDRESS: '3', ANALYSIS_WORKERS: '0' },
    [],
    {
      jobs: true,
    },
  );
});
afterAll(async () => {
  // Finished, so that the suites that run workers skip their jobs.
  if (made.length)
    await t.database.db.update(recordsTable).set({ status: 'done' }).where(inArray(recordsTable.id, made));
  await t.close();
});

const VITALS = { vitals: { heightCm: 170, weightKg: 70 } };
let ipSeq = 0;
/** A fresh client address per test, so tests do not share the per-address count. */
const freshIp = () => `198.51.100.${++ipSeq}`;

async function create(token: string | undefined, ip: string, body: unknown = VITALS) {
  const res = await t.app.inject({
    method: 'POST',
    url: RECORD_PATHS.create,
    remoteAddress: ip,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), language: 'en' },
    payload: body as Record<string, unknown>,
  });
  const json = res.json<{ code: number; msg: string; data: { recordId: string; limit?: number } | null }>();
  if (res.statusCode === 200) made.push(json.data!.recordId);
  return { status: res.statusCode, ...json };
}

const ownActive = async (userId: string) =>
  (await t.database.db.select().from(recordsTable).where(eq(recordsTable.ownerUserId, userId))).filter((r) =>
    ['queued', 'running'].includes(r.status),
  ).length;

describe('queued-work limits (QUEUED_RECORDS_PER_USER, QUEUED_RECORDS_PER_ADDRESS)', () => {
  it('401 without a token and 400 on a bad body come before any limit', async () => {
    const ip = freshIp();
    expect((await create(undefined, ip)).status).toBe(401);
    const { token } = await userWithToken(t, { entrance: 'member' });
    const bad = await create(token, ip, { vitals: { heightCm: 'tall' } });
    expect(bad.status).toBe(400);
    expect(bad.code).toBe(2000400);
  });

  it('per user: the third queued record answers 429 4003004 with the limit; another user is not affected', async () => {
    const ip = freshIp();
    const a = await userWithToken(t, { entrance: 'member' });
    expect((await create(a.token, ip)).status).toBe(200);
    expect((await create(a.token, freshIp())).status).toBe(200);
    const over = await create(a.token, freshIp());
    expect([over.status, over.code, over.data]).toEqual([
      429,
      JOB_ERRORS.USER_QUEUE_FULL.code,
      { limit: 2, retryAfterS: 10 },
    ]);
    expect(over.msg).toBe(JOB_ERRORS.USER_QUEUE_FULL.en);
    // The refused record is not kept.
    expect(await ownActive(a.user.id)).toBe(2);
    const b = await userWithToken(t, { entrance: 'doctor' });
    expect((await create(b.token, freshIp())).status).toBe(200);
    // Once one of a's records is finished there is room again.
    await t.database.db.update(recordsTable).set({ status: 'done' }).where(eq(recordsTable.ownerUserId, a.user.id));
    expect((await create(a.token, ip)).status).toBe(200);
  });

  it('12 parallel requests of one user: exactly the limit pass (counted under a lock), the rest answer 429', async () => {
    const a = await userWithToken(t, { entrance: 'member' });
    const answers = await Promise.all(Array.from({ length: 12 }, () => create(a.token, freshIp())));
    const ok = answers.filter((x) => x.status === 200).length;
    expect(ok).toBe(2);
    expect(answers.filter((x) => x.status !== 200).every((x) => x.code === JOB_ERRORS.USER_QUEUE_FULL.code)).toBe(true);
    expect(await ownActive(a.user.id)).toBe(ok);
  });

  it('per address: users behind one address share its limit (429 4003005); other addresses are not affected', async () => {
    const ip = freshIp();
    const users = await Promise.all([1, 2, 3].map(() => userWithToken(t, { entrance: 'member' })));
    expect((await create(users[0]!.token, ip)).status).toBe(200);
    expect((await create(users[0]!.token, ip)).status).toBe(200);
    expect((await create(users[1]!.token, ip)).status).toBe(200);
    const over = await create(users[2]!.token, ip);
    expect([over.status, over.code, over.data]).toEqual([
      429,
      JOB_ERRORS.ADDRESS_QUEUE_FULL.code,
      { limit: 3, retryAfterS: 10 },
    ]);
    expect((await create(users[2]!.token, freshIp())).status).toBe(200);
  });

  it('visitors (no sign-in) are held by the address limit', async () => {
    const ip = freshIp();
    const m = multipart([
      { field: 'file', filename: 't.jpg', value: dataFile('tongue/images/TE0000458.jpg') },
      { field: 'kind', value: 'normal' },
    ]);
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: RECORD_PATHS.visitorCreate,
        remoteAddress: ip,
        headers: m.headers,
        payload: m.payload,
      });
      const body = res.json<{ code: number; data: { recordId: string } }>();
      if (res.statusCode === 200) made.push(body.data.recordId);
      codes.push(body.code);
    }
    expect(codes).toEqual([0, 0, 0, JOB_ERRORS.ADDRESS_QUEUE_FULL.code]);
  });

  it('a retry counts as queued work: over the limit it answers 429 and the record stays failed as it was', async () => {
    const a = await userWithToken(t, { entrance: 'member' });
    const first = await create(a.token, freshIp());
    const failure = { code: RECORD_ERRORS.ANALYSIS_FAILED.code, msg: 'boom' };
    await t.database.db
      .update(recordsTable)
      .set({ status: 'failed', failure, finishedAt: new Date() })
      .where(eq(recordsTable.id, first.data!.recordId));
    expect((await create(a.token, freshIp())).status).toBe(200);
    expect((await create(a.token, freshIp())).status).toBe(200);
    const retry = await t.app.inject({
      method: 'POST',
      url: RECORD_PATHS.retry(first.data!.recordId),
      remoteAddress: freshIp(),
      headers: { authorization: `Bearer ${a.token}` },
    });
    expect([retry.statusCode, retry.json().code]).toEqual([429, JOB_ERRORS.USER_QUEUE_FULL.code]);
    const r = await findRecord(t.database.db, first.data!.recordId);
    expect([r?.status, r?.failure, r?.attempts]).toEqual(['failed', failure, 1]);
    // Someone else's record cannot be retried at all (403 before any limit).
    const other = await userWithToken(t, { entrance: 'member' });
    const foreign = await t.app.inject({
      method: 'POST',
      url: RECORD_PATHS.retry(first.data!.recordId),
      headers: { authorization: `Bearer ${other.token}` },
    });
    expect(foreign.statusCode).toBe(403);
  });
});
