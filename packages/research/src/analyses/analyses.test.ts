import { describe, expect, it } from 'vitest';
import { researchResultSchema } from '@tcm/contract';
import type { Cell, Dataset, Variable } from '../dataset.js';
import { createRng } from '../rng.js';
import { wilsonInterval } from '../stats/frequency.js';
import { associationAnalysis, classificationAnalysis, clusteringAnalysis, frequencyAnalysis } from './jobs.js';

/** n samples: a recorded measurement, a finding tied to a two-class target, and a variable nobody recorded. */
function pool(n: number, classes: (i: number) => string, seed = 1): Dataset {
  const rng = createRng(seed);
  const variables: Variable[] = [
    { key: 'rate', type: 'numeric', kind: 'vital' },
    { key: 'thirst', type: 'binary', kind: 'finding' },
    { key: 'coat', type: 'numeric', kind: 'finding' },
    { key: 'syndrome', type: 'categorical', kind: 'syndrome' },
  ];
  const rows: Cell[][] = [];
  for (let i = 0; i < n; i++) {
    const s = classes(i);
    const hot = s === 'hot';
    rows.push([(hot ? 72 : 65) + 15 * rng.next(), rng.next() < (hot ? 0.8 : 0.2), null, s]);
  }
  return { variables, rows };
}

const codes = (w: Array<{ code: string }>) => w.map((x) => x.code);

describe('degenerate runs carry their reason (issue 32 item 4)', () => {
  it('clustering on a variable with no data: no_data and empty clusters, never a plain result', () => {
    // The reported case: 27 samples, k = 3 on variables nobody recorded gave [27, 0, 0], inertia 0, "done".
    const { result } = clusteringAnalysis(
      pool(27, () => 'hot'),
      { variables: ['coat'], k: 3 },
    );
    expect(result.sizes).toEqual([27, 0, 0]);
    expect(codes(result.warnings)).toEqual(['no_data', 'empty_clusters']);
    expect(result.warnings[0]).toMatchObject({ items: ['coat'], count: 1 });
    expect(result.warnings[1]).toMatchObject({ items: ['2', '3'], count: 2, limit: 3 });
    for (const w of result.warnings) {
      expect(w.zh).toMatch(/[\u4e00-\u9fff]/);
      expect(w.en).not.toBe('');
    }
    expect(researchResultSchema.parse(result)).toEqual(result);
  });

  it('clustering with fewer than 10 samples per variable warns few_samples; enough samples do not', () => {
    const small = clusteringAnalysis(
      pool(19, (i) => (i % 2 ? 'hot' : 'cold')),
      { variables: ['rate', 'thirst'], k: 2 },
    );
    expect(codes(small.result.warnings)).toEqual(['few_samples']);
    expect(small.result.warnings[0]).toMatchObject({ count: 19, limit: 20 });
    const fine = clusteringAnalysis(
      pool(20, (i) => (i % 2 ? 'hot' : 'cold')),
      { variables: ['rate', 'thirst'], k: 2 },
    );
    expect(fine.result.warnings).toEqual([]);
    expect(fine.result.restarts).toBe(10);
  });

  it('a class with fewer than 5 samples warns small_class, naming it', () => {
    // 60 samples, 4 of them "rare".
    const data = pool(60, (i) => (i < 4 ? 'rare' : i % 2 ? 'hot' : 'cold'));
    const { result } = classificationAnalysis(data, {
      kind: 'naive-bayes',
      target: 'syndrome',
      features: ['rate', 'thirst'],
      folds: 3,
    });
    expect(codes(result.warnings)).toEqual(['small_class']);
    expect(result.warnings[0]).toMatchObject({ items: ['rare'], count: 4, limit: 5 });
  });

  it('frequency and association name chosen variables with no data', () => {
    const data = pool(40, (i) => (i % 2 ? 'hot' : 'cold'));
    expect(frequencyAnalysis(data, ['thirst', 'coat']).warnings).toMatchObject([{ code: 'no_data', items: ['coat'] }]);
    expect(frequencyAnalysis(data, ['thirst']).warnings).toEqual([]);
    expect(associationAnalysis(data, { findings: ['thirst'], syndromes: ['syndrome'] }).warnings).toEqual([]);
  });
});

describe('classifier evaluation', () => {
  it('carries the majority-class baseline and the Wilson 95 % interval of its accuracy', () => {
    // 70 hot, 30 cold: always guessing "hot" scores 0.7.
    const data = pool(100, (i) => (i % 10 < 7 ? 'hot' : 'cold'));
    const { result } = classificationAnalysis(data, {
      kind: 'logistic-regression',
      target: 'syndrome',
      features: ['rate', 'thirst'],
    });
    const e = result.evaluation;
    expect(e.baseline).toEqual({ label: 'hot', accuracy: 0.7 });
    const correct = Math.round(e.accuracy * e.samples);
    expect(e.accuracyCi95).toEqual(wilsonInterval(correct, 100));
    expect(e.accuracyCi95[0]).toBeLessThan(e.accuracy);
    expect(e.accuracyCi95[1]).toBeGreaterThan(e.accuracy);
    // Independent reference: Wilson for 70 / 100 is [0.60415, 0.7810] (Newcombe 1998, method 3).
    const ref = wilsonInterval(70, 100);
    expect(ref[0]).toBeCloseTo(0.60415, 5);
    expect(ref[1]).toBeCloseTo(0.781, 3);
    expect(result.warnings).toEqual([]);
  });
});
