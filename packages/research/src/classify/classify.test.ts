import { describe, expect, it } from 'vitest';
import type { Cell, Dataset } from '../dataset.js';
import { EngineError } from '@tcm/contract';
import { createRng } from '../rng.js';
import { matrixFromRows } from '../features.js';
import { stratifiedFolds } from './folds.js';
import { forestProbabilities, trainForest } from './forest.js';
import { classificationMetrics } from './metrics.js';
import { type ClassifierKind, type ClassifierModel, predict, predictDataset } from './model.js';
import { type TrainingProgress, trainClassifier } from './train.js';

/**
 * Iris-like pool, generated (seeded): three syndromes; two measurements whose class means sit
 * 4 sd apart, a tongue color that follows the class 80 % of the time, a finding present in
 * 70 % of class "c" and 10 % of the others, and two pure-noise variables.
 * Bayes accuracy from the measurements alone: the closest class means are 4·√2 = 5.66 sd
 * apart, so each pairwise error is Φ(−2.83) = 0.0023 and accuracy is above 0.99.
 */
function iris(n: number, seed: number): Dataset {
  const rng = createRng(seed);
  const normal = (): number => Math.sqrt(-2 * Math.log(1 - rng.next())) * Math.cos(2 * Math.PI * rng.next());
  const classes = ['a', 'b', 'c'];
  const colors = ['pale', 'red', 'purple'];
  const rows: Cell[][] = [];
  for (let i = 0; i < n; i++) {
    const k = i % 3;
    const colour = rng.next() < 0.8 ? colors[k] : colors[rng.int(3)];
    rows.push([
      classes[k],
      4 * k + normal(),
      4 * ((k * 2) % 3) + normal(),
      colour,
      rng.next() < (k === 2 ? 0.7 : 0.1),
      normal(),
      rng.next() < 0.5,
    ]);
  }
  return {
    variables: [
      { key: 'syndrome', type: 'categorical', kind: 'syndrome' },
      { key: 'm1', type: 'numeric' },
      { key: 'm2', type: 'numeric' },
      { key: 'tongue', type: 'categorical', levels: colors },
      { key: 'thirst', type: 'binary', kind: 'finding' },
      { key: 'noise', type: 'numeric' },
      { key: 'coin', type: 'binary' },
    ],
    rows,
  };
}

const features = ['m1', 'm2', 'tongue', 'thirst', 'noise', 'coin'];
const kinds: ClassifierKind[] = ['random-forest', 'logistic-regression', 'naive-bayes'];

describe('trainClassifier', () => {
  const data = iris(300, 11);

  it.each(kinds)(
    '%s: 5-fold CV accuracy ≥ 0.95 on separable classes; importance ranks the measurements first',
    (kind) => {
      const result = trainClassifier(data, { kind, target: 'syndrome', features, seed: 3, forest: { trees: 30 } });
      expect(result.evaluation.folds).toBe(5);
      expect(result.evaluation.samples).toBe(300);
      expect(result.evaluation.accuracy).toBeGreaterThanOrEqual(0.95);
      expect(result.evaluation.macroF1).toBeGreaterThanOrEqual(0.95);
      expect(result.evaluation.confusion.labels).toEqual(['a', 'b', 'c']);
      const top2 = result.importance
        .slice(0, 2)
        .map((v) => v.variable)
        .sort();
      expect(top2).toEqual(['m1', 'm2']);
      const noise = result.importance.find((v) => v.variable === 'noise');
      expect(Math.abs(noise?.importance ?? 1)).toBeLessThan(0.05);
    },
  );

  it('scores near chance when the target is unrelated to the features (no leak between folds)', () => {
    const rng = createRng(99);
    const shuffled: Dataset = {
      ...data,
      rows: data.rows.map((r) => [['a', 'b', 'c'][rng.int(3)] as string, ...r.slice(1)]),
    };
    const result = trainClassifier(shuffled, {
      kind: 'random-forest',
      target: 'syndrome',
      features,
      seed: 3,
      forest: { trees: 30 },
      importance: false,
    });
    expect(result.evaluation.accuracy).toBeLessThan(0.5);
    expect(result.importance).toEqual([]);
  });

  it('reports monotone progress through every phase, ending at 1', () => {
    const events: TrainingProgress[] = [];
    trainClassifier(data, {
      kind: 'random-forest',
      target: 'syndrome',
      features,
      forest: { trees: 10 },
      folds: 3,
      onProgress: (p) => events.push(p),
    });
    const fractions = events.map((e) => e.fraction);
    fractions.forEach((f, i) => i > 0 && expect(f).toBeGreaterThanOrEqual(fractions[i - 1] as number));
    expect(fractions.at(-1)).toBe(1);
    expect(new Set(events.map((e) => e.phase))).toEqual(new Set(['cross-validation', 'importance', 'final-model']));
    // 3 folds × 10 trees + 10 final trees at least.
    expect(events.length).toBeGreaterThanOrEqual(40);
  });

  it.each(kinds)('%s: the model survives JSON and predicts new samples, missing values included', (kind) => {
    const { model } = trainClassifier(data, {
      kind,
      target: 'syndrome',
      features,
      forest: { trees: 20 },
      importance: false,
    });
    const saved = JSON.parse(JSON.stringify(model)) as ClassifierModel;
    const samples = [
      { m1: 0, m2: 0, tongue: 'pale', thirst: false, noise: 0, coin: true },
      { m1: 4, m2: 8, tongue: 'red' },
      { m1: 8.2, m2: 4.1, tongue: 'purple', thirst: true, noise: null },
    ];
    const predictions = predict(saved, samples);
    expect(predictions.map((p) => p.label)).toEqual(['a', 'b', 'c']);
    for (const p of predictions) expect(Object.values(p.probabilities).reduce((s, v) => s + v, 0)).toBeCloseTo(1, 9);
    expect(predict(model, samples)).toEqual(predictions);
    expect(predictDataset(saved, data).length).toBe(300);
  });

  it('leaves out samples whose target is missing, and refuses bad specifications', () => {
    const withGaps: Dataset = { ...data, rows: data.rows.map((r, i) => (i < 10 ? [null, ...r.slice(1)] : r)) };
    const result = trainClassifier(withGaps, { kind: 'naive-bayes', target: 'syndrome', features, importance: false });
    expect(result.skipped).toBe(10);
    expect(result.evaluation.samples).toBe(290);
    expect(() => trainClassifier(data, { kind: 'svm' as ClassifierKind, target: 'syndrome', features })).toThrow(
      EngineError,
    );
    expect(() => trainClassifier(data, { kind: 'naive-bayes', target: 'm1', features: ['m2'] })).toThrow(
      /numeric; expected categorical or binary/,
    );
    expect(() => trainClassifier(data, { kind: 'naive-bayes', target: 'syndrome', features: ['syndrome'] })).toThrow(
      /target cannot also be a feature/,
    );
    expect(() => predict({ format: 'x' } as unknown as ClassifierModel, [])).toThrow(/Not a classifier/);
  });
});

describe('metrics', () => {
  it('accuracy, per-class precision/recall, macro-F1 and confusion matrix by hand', () => {
    // truth  a a a b b c ; predicted a a b b c c
    // a: P 2/2, R 2/3, F1 0.8;  b: P 1/2, R 1/2, F1 0.5;  c: P 1/2, R 1/1, F1 2/3.
    const m = classificationMetrics([0, 0, 0, 1, 1, 2], [0, 0, 1, 1, 2, 2], ['a', 'b', 'c']);
    expect(m.accuracy).toBeCloseTo(4 / 6, 12);
    expect(m.perClass.map((c) => [c.precision, c.recall, c.support])).toEqual([
      [1, 2 / 3, 3],
      [0.5, 0.5, 2],
      [0.5, 1, 1],
    ]);
    expect(m.macroF1).toBeCloseTo((0.8 + 0.5 + 2 / 3) / 3, 12);
    expect(m.confusion.matrix).toEqual([
      [2, 1, 0],
      [0, 1, 1],
      [0, 0, 1],
    ]);
  });

  it('a class never predicted gets precision 0, not NaN', () => {
    const m = classificationMetrics([0, 1], [0, 0], ['a', 'b']);
    expect(m.perClass[1]).toEqual({ label: 'b', precision: 0, recall: 0, f1: 0, support: 1 });
  });
});

describe('stratifiedFolds', () => {
  it('keeps class proportions in every fold and uses every sample once', () => {
    const labels = Array.from({ length: 100 }, (_, i) => (i < 70 ? 0 : i < 90 ? 1 : 2));
    const folds = stratifiedFolds(labels, 5, 4);
    expect(folds.flat().sort((a, b) => a - b)).toEqual(labels.map((_, i) => i));
    for (const fold of folds) {
      expect(fold).toHaveLength(20);
      expect(fold.filter((i) => labels[i] === 0)).toHaveLength(14);
      expect(fold.filter((i) => labels[i] === 2)).toHaveLength(2);
    }
    expect(stratifiedFolds(labels, 5, 4)).toEqual(folds);
    expect(() => stratifiedFolds([0, 1], 3, 1)).toThrow(EngineError);
  });
});

describe('random forest splits', () => {
  it('can split between any two values of an unevenly spread ordinal column', () => {
    // x ∈ {0..4} with counts 37, 81, 23, 55, 104; class = x ≥ 2. The only useful cut is 1.5,
    // which no quantile position of these 300 values falls on.
    const counts = [37, 81, 23, 55, 104];
    const xs = counts.flatMap((c, v) => new Array<number>(c).fill(v));
    const x = matrixFromRows(xs.map((v) => [v]));
    const y = Int32Array.from(xs, (v) => (v >= 2 ? 1 : 0));
    const forest = trainForest(x, y, 2, { trees: 5 }, 1);
    const prob = forestProbabilities(forest, x);
    const wrong = xs.filter((v, i) => (prob[i * 2 + 1]! > 0.5 ? 1 : 0) !== y[i]).length;
    expect(wrong).toBe(0);
  });
});
