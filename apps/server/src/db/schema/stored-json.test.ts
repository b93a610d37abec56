import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HTTP_ERRORS, RESEARCH_PATHS as P } from '@tcm/contract';
import { isAppError } from '../../http/app-error.js';
import { doctorWithToken } from '../../modules/archive/archive.test-helpers.js';
import { insertJob } from '../../modules/research/research.repo.js';
import { newPool } from '../../modules/research/research.test-helpers.js';
import { call } from '../../test/http.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { archiveFormulas, archiveVisits, diseaseScreenings, inquiryForms, researchJobs } from './index.js';

/**
 * Issue 38 item 4: stored JSON other than record results is parsed on read with the contract's
 * schemas; a value they no longer read is a coded refusal (2000501), never a 500 with a stack.
 */
const UNREADABLE = HTTP_ERRORS.STORED_VALUE_UNREADABLE;

/** What a column's read makes of a stored value: the value, or the code it refuses it with. */
function read(column: { mapFromDriverValue: (v: unknown) => unknown }, stored: unknown): unknown {
  try {
    return column.mapFromDriverValue(stored);
  } catch (e) {
    return isAppError(e) ? { refused: e.def.code, data: e.data } : e;
  }
}

describe('stored JSON columns read through their contract schema', () => {
  const herbs = [{ name: '甘草', dose: 6 }];
  it.each([
    ['screening result', diseaseScreenings.result, { points: 'many' }],
    ['form score', inquiryForms.score, { kind: 'points', scores: 'none' }],
    ['prescription', archiveVisits.prescription, { herbs: [], doses: 0 }],
    ['formula herbs', archiveFormulas.herbs, [{ name: '', dose: -1 }]],
    ['research parameters', researchJobs.params, { kind: 'clustering', k: 1 }],
  ])('a %s the schema no longer reads is refused with 2000501', (_what, column, bad) => {
    expect(read(column, bad)).toMatchObject({ refused: UNREADABLE.code, data: { column: column.name } });
  });

  it('a readable value comes out parsed: defaults filled, a string from the driver parsed too', () => {
    expect(read(archiveFormulas.herbs, herbs)).toEqual([{ name: '甘草', dose: 6, unit: 'g' }]);
    expect(read(researchJobs.params, JSON.stringify({ kind: 'classification', target: 's', features: ['x'] }))).toEqual(
      {
        kind: 'classification',
        classifier: 'random-forest',
        target: 's',
        features: ['x'],
        folds: 5,
        trees: 100,
      },
    );
    expect(read(inquiryForms.score, { kind: 'none' })).toEqual({ kind: 'none' });
  });
});

describe('a job whose stored parameters are unreadable', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('answers 2000501 in the reader’s language with no stack; the stored JSON is left as it was', async () => {
    const a = await doctorWithToken(t, 'Dr Stored');
    const poolId = await newPool(t, a.token);
    const job = await insertJob(t.database.db, {
      poolId,
      ownerUserId: a.user.id,
      kind: 'frequency',
      params: { kind: 'frequency' },
      variables: [],
    });
    const ok = await call(t.app, 'GET', P.job(job.id), a.token);
    expect(ok.status).toBe(200);
    expect(ok.body.data.params).toEqual({ kind: 'frequency' });

    // A shape no version wrote: the stored JSON stays as it is; the read refuses it plainly.
    await t.database.db.execute(sql`update research_job set params = '{"kind":"frequency","variables":7}'::jsonb
      where id = ${job.id}`);
    const zh = await call(t.app, 'GET', P.job(job.id), a.token);
    expect(zh.status).toBe(UNREADABLE.status);
    expect(zh.body).toEqual({ code: UNREADABLE.code, msg: UNREADABLE.zh, data: { column: 'params' } });
    const en = await t.app.inject({
      method: 'GET',
      url: P.job(job.id),
      headers: { authorization: `Bearer ${a.token}`, 'accept-language': 'en' },
    });
    expect(en.json()).toEqual({ code: UNREADABLE.code, msg: UNREADABLE.en, data: { column: 'params' } });
    expect(en.body).not.toMatch(/stack|at .*\.ts:\d+/);
    const kept = await t.database.db.execute<{ params: unknown }>(
      sql`select params from research_job where id = ${job.id}`,
    );
    expect(kept.rows[0]?.params).toEqual({ kind: 'frequency', variables: 7 });
  });
});
