import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_ERRORS, MAX_UPLOAD_BYTES, USER_PATHS } from '@tcm/contract';
import { EnginePool } from '../../jobs/engine-pool.js';
import { bigPulseCsv } from '../../test/big-pulse.js';
import { call } from '../../test/http.js';
import { userWithToken } from '../../test/records-helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { saveFile } from '../files/files.service.js';
import { findRecord, insertRecord, markRetry } from './records.repo.js';
import { newShareToken } from './records.service.js';
import { analyzeRecord } from '../analysis/worker.js';

let t: TestApp;
/** A child with a 64 MB heap: parsing a 10 MB pulse file runs it out of memory (V8 aborts it). */
const starved = new EnginePool({ size: 1, maxQueue: 1, maxHeapMb: 64 });
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await starved.close();
  await t.close();
});

describe('records: an engine child that dies takes only its record down', () => {
  it('an out-of-memory crash is retried, then fails the record with 4003002; the server answers; a retry on a healthy pool finishes it', async () => {
    const { user, token } = await userWithToken(t, { entrance: 'member' });
    const ctx = t.app.ctx;
    const file = await saveFile(ctx.db, ctx.storage, {
      bytes: bigPulseCsv(MAX_UPLOAD_BYTES - 4096),
      name: 'long.csv',
      trusted: { kind: 'pulse', mime: 'text/csv', width: null, height: null },
      ownerUserId: user.id,
    });
    const r = await insertRecord(ctx.db, {
      source: 'member',
      ownerUserId: user.id,
      files: { pulse: file.id },
      lang: 'en',
      shareToken: newShareToken(),
    });
    const deps = { ...ctx, notify: (id: string) => ctx.analysis.notify(id) };
    const onStarved = { ...deps, engines: starved };

    // Not the last attempt: transient, the record goes back to the queue.
    await expect(analyzeRecord(onStarved, r.id, { lastAttempt: false })).rejects.toMatchObject({
      def: JOB_ERRORS.ENGINE_CRASHED,
    });
    expect((await findRecord(ctx.db, r.id))?.status).toBe('queued');
    expect((await call(t.app, 'GET', USER_PATHS.currentUser, token)).status).toBe(200);

    await expect(analyzeRecord(onStarved, r.id, { lastAttempt: true })).rejects.toMatchObject({
      data: { signal: 'SIGABRT' },
    });
    const failed = await findRecord(ctx.db, r.id);
    expect([failed?.status, failed?.failure?.code]).toEqual(['failed', JOB_ERRORS.ENGINE_CRASHED.code]);
    expect(failed?.failure?.msg).toContain(JOB_ERRORS.ENGINE_CRASHED.en);

    expect(await markRetry(ctx.db, r.id, null)).toBe(true);
    await analyzeRecord(deps, r.id, { lastAttempt: true });
    const done = await findRecord(ctx.db, r.id);
    expect([done?.status, done?.results.pulse?.status]).toEqual(['done', 'done']);
  }, 120_000);
});
