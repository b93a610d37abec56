import { and, inArray, notInArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORD_ERRORS } from '@tcm/contract';
import { recordsTable } from '../../db/schema/index.js';
import { startJobs, stopJobs } from '../../jobs/boss.js';
import { buildUser } from '../../test/factories.js';
import { waitFor } from '../../test/records-helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { findRecord } from '../records/records.repo.js';
import { newShareToken } from '../records/records.service.js';
import { findOrphans } from './orphans.js';
import { ANALYZE_QUEUE } from './queue.js';
import { MAX_JOBS_PER_RECORD, ORPHAN_AFTER_MS } from './timing.js';

/**
 * The state a `kill -9` leaves behind (issue 25 item 7): records `running` or `queued` whose
 * pg-boss job is missing or `active` in a process that no longer exists. Before the fix such a
 * record stayed `running` with a frozen progress bar until the job expired (10 min) and the
 * record's 5-minute staleness passed, and a record whose job was never sent stayed `queued` for
 * 15 minutes. `npm run -s bench:kill -w @tcm/server` kills a real server during bursts.
 */
let before: TestApp;
beforeAll(async () => {
  // The killed process's database, seen by an API-only app (no queue running yet).
  before = await createTestApp();
  const boss = await startJobs(before.database);
  await boss.createQueue(ANALYZE_QUEUE);
  await stopJobs(boss, 100);
});
afterAll(async () => before.close());

const VITALS = { heightCm: 170, weightKg: 80, systolic: 128, diastolic: 82 };
const ago = (ms: number) => new Date(Date.now() - ms);

async function record(ownerUserId: string, status: 'queued' | 'running', updatedAt: Date) {
  const [r] = await before.database.db
    .insert(recordsTable)
    .values({
      source: 'member',
      status,
      ownerUserId,
      vitals: VITALS,
      lang: 'en',
      shareToken: newShareToken(),
      updatedAt,
    })
    .returning();
  return r!;
}

/** A pg-boss job of the record, as the dead process left it. */
async function job(recordId: string, state: 'created' | 'active', startedOn: Date | null) {
  await before.database.db.execute(sql`
    insert into pgboss.job (name, data, state, started_on)
    values (${ANALYZE_QUEUE}, ${JSON.stringify({ recordId })}::jsonb, ${state}::pgboss.job_state, ${startedOn?.toISOString() ?? null}::timestamptz)`);
}

describe('analyses cut off by a killed process', () => {
  it('records left running or queued with no live job are finished within 30 s of a restart; live ones are left alone', async () => {
    const user = await buildUser(before.database.db, { entrance: 'member' });
    const minute = ago(60_000);
    // Running when the process died: its job is still `active` in the dead process.
    const running = await record(user.id, 'running', minute);
    await job(running.id, 'active', minute);
    // Saved, but the process died before its job was sent.
    const neverQueued = await record(user.id, 'queued', minute);
    // Its job was taken by the dead process just before it died, the record not yet.
    const taken = await record(user.id, 'queued', minute);
    await job(taken.id, 'active', minute);
    // Alive elsewhere: a worker with a fresh heartbeat, a job waiting behind a long queue.
    const live = await record(user.id, 'running', new Date());
    await job(live.id, 'active', new Date());
    const waiting = await record(user.id, 'queued', minute);
    await job(waiting.id, 'created', null);

    const orphans = (await findOrphans(before.database.db, ANALYZE_QUEUE, ago(ORPHAN_AFTER_MS))).map((o) => o.id);
    expect(orphans).toEqual(expect.arrayContaining([running.id, neverQueued.id, taken.id]));
    expect(orphans).not.toContain(live.id);
    expect(orphans).not.toContain(waiting.id);

    // The suite's database is shared by files that run one after the other: records earlier
    // files left queued without a worker (apps without the queue) are orphans too and would be
    // queued ahead of these. Only this test's records may wait for the restart.
    const mine = [running.id, neverQueued.id, taken.id, live.id, waiting.id];
    await before.database.db
      .update(recordsTable)
      .set({ status: 'failed' })
      .where(and(inArray(recordsTable.status, ['queued', 'running']), notInArray(recordsTable.id, mine)));

    // The restart: a process with the queue running.
    const started = Date.now();
    const after = await createTestApp({}, [], { jobs: true });
    try {
      for (const r of [running, neverQueued, taken]) {
        const done = await waitFor(
          () => findRecord(after.database.db, r.id),
          (x) => x?.status === 'done',
          30_000,
        );
        expect([done?.status, done?.results.vitals?.status]).toEqual(['done', 'done']);
      }
      expect(Date.now() - started).toBeLessThan(30_000);
    } finally {
      await after.close();
    }
  }, 90_000);

  it('a record that took its process down with it on every attempt is failed (4001007), not queued for ever', async () => {
    const user = await buildUser(before.database.db, { entrance: 'member' });
    const poison = await record(user.id, 'running', ago(60_000));
    for (let i = 0; i < MAX_JOBS_PER_RECORD; i++) await job(poison.id, 'active', ago(60_000));
    await before.database.db
      .update(recordsTable)
      .set({ status: 'failed' })
      .where(and(inArray(recordsTable.status, ['queued', 'running']), notInArray(recordsTable.id, [poison.id])));
    const after = await createTestApp({}, [], { jobs: true });
    try {
      const failed = await waitFor(
        () => findRecord(after.database.db, poison.id),
        (x) => x?.status === 'failed',
        30_000,
      );
      expect(failed?.failure).toEqual({
        code: RECORD_ERRORS.ANALYSIS_FAILED.code,
        msg: RECORD_ERRORS.ANALYSIS_FAILED.en,
      });
    } finally {
      await after.close();
    }
  }, 60_000);
});
