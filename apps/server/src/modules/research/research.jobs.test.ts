import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESEARCH_ERRORS, RESEARCH_PATHS as P } from '@tcm/contract';
import { eq } from 'drizzle-orm';
import { researchSamples } from '../../db/schema/index.js';
import { call } from '../../test/http.js';
import { waitFor } from '../../test/records-helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { doctorWithToken } from '../archive/archive.test-helpers.js';
import { compute } from './research.compute.js';
import { toDataset } from './research.dictionary.js';
import { LOAD_PAGE, findJob, loadModel } from './research.repo.js';
import { MAPPING, newPool, upload } from './research.test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, [], { jobs: true });
});
afterAll(async () => t.close());

/**
 * 200 samples where thirst and a red tongue go with 湿热 and their absence with 气虚, with a
 * fixed pattern of exceptions (samples 0, 5, 10, 15… flip their syndrome), so the counts are
 * known: thirst in 100 of 200; 湿热 in 100 (80 with thirst, 20 without); no rule beats 0.8.
 */
function pool200(n = 200): string {
  const lines = ['patient,thirst,tongue color,pulse rate,syndrome'];
  for (let i = 0; i < n; i++) {
    const hot = i % 2 === 0;
    const flip = i % 10 === 0 || i % 10 === 5;
    const syndrome = hot !== flip ? '湿热' : '气虚';
    lines.push(`p${i},${hot ? 1 : 0},${hot ? 'red' : 'pale'},${hot ? 85 + (i % 7) : 62 + (i % 3)},${syndrome}`);
  }
  return lines.join('\n');
}

async function poolWithData(token: string, n = 200) {
  const poolId = await newPool(t, token);
  const r = await upload(
    t,
    P.importFile(poolId),
    token,
    { name: 'p.csv', bytes: pool200(n) },
    { mapping: JSON.stringify(MAPPING) },
  );
  expect(r.status).toBe(200);
  return poolId;
}

async function runJob(token: string, poolId: string, params: Record<string, unknown>) {
  const start = await call(t.app, 'POST', P.startJob(poolId), token, params);
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  expect(start.body.data.status).toBe('queued');
  const seen: number[] = [];
  const job = await waitFor(
    async () => (await call(t.app, 'GET', P.job(start.body.data.id), token)).body.data,
    (j) => {
      seen.push(j.progress);
      return j.status === 'done' || j.status === 'warning' || j.status === 'failed';
    },
    120_000,
  );
  return { job, seen };
}

// Each job starts a worker thread that loads tsx and @tcm/research: 5–15 s on the loaded 2-core
// machine (one test ran past the 30 s default at load 36 with two jobs), so the tests get 120 s.
describe('research: analysis jobs', { timeout: 120_000 }, () => {
  let a: Awaited<ReturnType<typeof doctorWithToken>>;
  let poolId: string;
  beforeAll(async () => {
    a = await doctorWithToken(t, 'Dr J');
    poolId = await poolWithData(a.token);
  });

  it('frequency: counts, percentages and Wilson intervals of the pool', async () => {
    const { job } = await runJob(a.token, poolId, { kind: 'frequency' });
    expect(job.status).toBe('done');
    const thirst = job.result.tables.find((x: { variable: string }) => x.variable === 'thirst');
    expect(thirst.rows).toEqual([
      // Wilson 95 % for 100 / 200: 0.5 ± 0.0683 (Newcombe 1998's formula).
      expect.objectContaining({
        level: 'present',
        count: 100,
        percent: 50,
        ci95: [expect.closeTo(0.4314, 3), expect.closeTo(0.5686, 3)],
      }),
    ]);
    const rate = job.result.tables.find((x: { variable: string }) => x.variable === 'pulseRate');
    expect(rate).toMatchObject({ type: 'numeric', known: 200, min: 62, max: 91 });
  });

  it('association: thirst × 湿热 is the 2×2 table of the data, significant, with its odds ratio', async () => {
    const { job } = await runJob(a.token, poolId, {
      kind: 'association',
      findings: ['thirst'],
      syndromes: ['syndrome'],
    });
    const row = job.result.rows.find((r: { syndrome: { level: string } }) => r.syndrome.level === '湿热');
    // 80 thirsty of 100 湿热, 20 thirsty of 100 气虚: OR = (80·80)/(20·20) = 16.
    expect(row.table).toEqual({ a: 80, b: 20, c: 20, d: 80 });
    expect(row.oddsRatio.value).toBeCloseTo(16, 6);
    expect(row.significant).toBe(true);
  });

  it('clustering: two clusters of the two groups, PCA points and profiles', async () => {
    const { job } = await runJob(a.token, poolId, {
      kind: 'clustering',
      variables: ['thirst', 'tongueColor', 'pulseRate'],
      k: 2,
    });
    expect(job.status).toBe('done');
    expect([...job.result.sizes].sort()).toEqual([100, 100]);
    expect(job.result.silhouette.mean).toBeGreaterThan(0.5);
    expect(job.result.points).toHaveLength(200);
    expect(job.result.profiles.clusters).toHaveLength(2);
  });

  it('classification: trains in the background with progress, then predicts from a form and a file', async () => {
    const { job, seen } = await runJob(a.token, poolId, {
      kind: 'classification',
      classifier: 'random-forest',
      target: 'syndrome',
      features: ['thirst', 'tongueColor', 'pulseRate'],
      trees: 30,
    });
    expect(job.status, JSON.stringify(job.failure)).toBe('done');
    expect(job.progress).toBe(1);
    expect(seen).toEqual([...seen].sort((x, y) => x - y));
    // 40 of 200 samples are flipped on purpose: the best rule scores 0.8, so out-of-fold accuracy
    // sits near it (a leak of the target would push it towards 1).
    expect(job.result.evaluation.accuracy).toBeGreaterThan(0.65);
    expect(job.result.evaluation.accuracy).toBeLessThanOrEqual(0.85);
    expect(job.result.evaluation.confusion.matrix).toHaveLength(2);
    // 100 湿热 and 100 气虚: always guessing one class scores 0.5; the interval holds the accuracy.
    expect(job.result.evaluation.baseline.accuracy).toBe(0.5);
    const [low, high] = job.result.evaluation.accuracyCi95;
    expect(low).toBeLessThan(job.result.evaluation.accuracy);
    expect(high).toBeGreaterThan(job.result.evaluation.accuracy);
    expect(job.result.importance.length).toBe(3);

    const form = await call(t.app, 'POST', P.predict(job.id), a.token, {
      records: [
        { thirst: true, tongueColor: 'red', pulseRate: 88 },
        { thirst: false, tongueColor: 'pale', pulseRate: 60 },
      ],
    });
    expect(form.body.data.predictions.map((p: { label: string }) => p.label)).toEqual(['湿热', '气虚']);
    const file = await upload(t, P.predictFile(job.id), a.token, {
      name: 'new.csv',
      bytes: 'thirst,tongueColor,pulseRate\n1,red,90\n',
    });
    expect(file.body.data.predictions[0].label).toBe('湿热');
    const bad = await call(t.app, 'POST', P.predict(job.id), a.token, { records: [{ pulseRate: 'fast' }] });
    expect([bad.status, bad.body.code]).toEqual([400, RESEARCH_ERRORS.VALUE_INVALID.code]);

    const list = await call(t.app, 'POST', P.jobs, a.token, { poolId });
    expect(list.body.data[0]).toMatchObject({ id: job.id, kind: 'classification', status: 'done' });
    expect(list.body.data[0].result).toBeUndefined();

    // Another doctor: 403 on the job, its predictions and its list.
    const b = await doctorWithToken(t, 'Dr K');
    for (const r of [
      await call(t.app, 'GET', P.job(job.id), b.token),
      await call(t.app, 'POST', P.predict(job.id), b.token, { records: [{}] }),
      await upload(t, P.predictFile(job.id), b.token, { name: 'n.csv', bytes: 'thirst\n1\n' }),
    ])
      expect([r.status, r.body.code]).toEqual([403, RESEARCH_ERRORS.JOB_FORBIDDEN.code]);
  });

  it('a job reads its pool in pages, yet trains the same model as the pool read whole in (created_at, id) order', async () => {
    // More samples than a page: the job's thread gets three pages.
    const big = await poolWithData(a.token, 2 * LOAD_PAGE + 100);
    const params = {
      kind: 'classification',
      classifier: 'random-forest',
      target: 'syndrome',
      features: ['thirst', 'tongueColor', 'pulseRate'],
      trees: 10,
      folds: 3,
    };
    const first = await runJob(a.token, big, params);
    const again = await runJob(a.token, big, params);
    expect(first.job.status, JSON.stringify(first.job.failure)).toBe('done');

    const db = t.database.db;
    const row = (await findJob(db, first.job.id))!;
    const s = researchSamples;
    const whole = await db.select({ v: s.values }).from(s).where(eq(s.poolId, big)).orderBy(s.createdAt, s.id);
    const expected = compute(
      { params: row.params, variables: row.variables },
      toDataset(
        row.variables,
        whole.map((x) => x.v),
      ),
      () => undefined,
    );
    const model = JSON.parse(JSON.stringify(expected.model)) as unknown;
    expect(await loadModel(db, first.job.id)).toEqual(model);
    expect(await loadModel(db, again.job.id)).toEqual(model);
    expect(first.job.result).toEqual(JSON.parse(JSON.stringify(expected.result)));
    expect(row.sampleCount).toBe(whole.length);
  });

  it('clustering on a variable nobody recorded ends `warning` with its reasons, not `done`', async () => {
    // The reported case: 27 samples, k = 3 on a variable with no data gave [27, 0, 0] as a result.
    const empty = await newPool(t, a.token);
    const csv = ['x,coat', ...Array.from({ length: 27 }, (_, i) => `${i % 2},`)].join('\n');
    const mapping = [
      { column: 'x', key: 'x', type: 'binary' },
      { column: 'coat', key: 'coat', type: 'numeric', kind: 'finding' },
    ];
    const up = await upload(
      t,
      P.importFile(empty),
      a.token,
      { name: 'e.csv', bytes: csv },
      { mapping: JSON.stringify(mapping) },
    );
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    const { job } = await runJob(a.token, empty, { kind: 'clustering', variables: ['coat'], k: 3, restarts: 3 });
    expect(job.status).toBe('warning');
    expect(job.result.kind).toBe('clustering');
    expect(job.result.restarts).toBe(3);
    expect(job.result.warnings.map((w: { code: string }) => w.code)).toEqual(['no_data', 'empty_clusters']);
    expect(job.result.warnings[0].items).toEqual(['coat']);
    const list = await call(t.app, 'POST', P.jobs, a.token, { poolId: empty });
    expect(list.body.data[0]).toMatchObject({ id: job.id, status: 'warning' });
  });

  it('a refused analysis fails the job with the reason in zh and en; a non-model job cannot predict', async () => {
    const one = await newPool(t, a.token);
    const csv = 'x,y\n1,a\n0,a\n1,a\n0,a\n';
    const mapping = [
      { column: 'x', key: 'x', type: 'binary' },
      { column: 'y', key: 'y', type: 'categorical', kind: 'syndrome' },
    ];
    await upload(t, P.importFile(one), a.token, { name: 'o.csv', bytes: csv }, { mapping: JSON.stringify(mapping) });
    const { job } = await runJob(a.token, one, { kind: 'classification', target: 'y', features: ['x'] });
    expect(job.status).toBe('failed');
    expect(job.failure.code).toBe(RESEARCH_ERRORS.ANALYSIS_REFUSED.code);
    expect(job.failure.zh).toMatch(/^无法按这些参数分析该数据池：/);
    expect(job.failure.en).toMatch(/^The pool cannot be analyzed with these parameters: /);
    const freq = await runJob(a.token, one, { kind: 'frequency' });
    const r = await call(t.app, 'POST', P.predict(freq.job.id), a.token, { records: [{ x: 1 }] });
    expect([r.status, r.body.code]).toEqual([400, RESEARCH_ERRORS.NOT_A_MODEL.code]);
  });
});
