import type { z } from 'zod';
import type { classificationEvaluationSchema, variableImportanceSchema } from '@tcm/contract';
import { type Dataset, checkDataset } from '../dataset.js';
import { wilsonInterval } from '../stats/frequency.js';
import { researchError } from '../errors.js';
import { type EncodedMatrix, encodeDataset } from '../features.js';
import { createRng, shuffleInPlace } from '../rng.js';
import { stratifiedFolds } from './folds.js';
import { classificationMetrics } from './metrics.js';
import {
  type ClassifierModel,
  type ClassifierSpec,
  argmaxRows,
  checkSpec,
  fitClassifier,
  probabilities,
  targetLabels,
} from './model.js';

export interface TrainingProgress {
  phase: 'cross-validation' | 'importance' | 'final-model';
  /** 1-based fold, null for the final model. */
  fold: number | null;
  /** Share of the whole job done, 0..1, never decreasing. */
  fraction: number;
}

export interface TrainingOptions extends ClassifierSpec {
  /** Default 5. */
  folds?: number;
  /** Permutation importance on each test fold; default true. */
  importance?: boolean;
  /** Shuffles per variable and fold; default 1. */
  importanceRepeats?: number;
  onProgress?: (progress: TrainingProgress) => void;
}

/** Mean drop in accuracy when the variable is shuffled in a test fold (and its sd). */
export type VariableImportance = z.infer<typeof variableImportanceSchema>;
/**
 * Out-of-fold metrics (each sample predicted by the model that did not see it), with the
 * majority-class baseline and the Wilson 95 % interval of the accuracy.
 */
export type ClassificationEvaluation = z.infer<typeof classificationEvaluationSchema>;

export interface TrainingResult {
  model: ClassifierModel;
  evaluation: ClassificationEvaluation;
  /** Sorted by importance, largest first; [] when importance is off. */
  importance: VariableImportance[];
  /** Samples left out because the target was missing. */
  skipped: number;
}

/**
 * The whole training job the server runs in a worker: stratified k-fold cross-validation
 * (out-of-fold metrics and confusion matrix), permutation importance on each test fold, then the
 * model fitted on every sample. Synchronous and CPU-bound by design (no I/O here): the caller
 * runs it off the request thread and forwards onProgress to its progress bar.
 */
export function trainClassifier(dataset: Dataset, options: TrainingOptions): TrainingResult {
  checkDataset(dataset);
  checkSpec(dataset, options);
  const labels = targetLabels(dataset, options.target);
  const usable: number[] = [];
  labels.y.forEach((c, i) => {
    if (c >= 0) usable.push(i);
  });
  const foldCount = options.folds ?? 5;
  if (usable.length < foldCount) {
    throw researchError(
      'too_few_samples',
      {
        en: `${usable.length} samples have the target recorded; ${foldCount}-fold validation needs at least ${foldCount}`,
        zh: `记录了目标变量的样本只有 ${usable.length} 个，${foldCount} 折交叉验证至少需要 ${foldCount} 个`,
      },
      { samples: usable.length, folds: foldCount },
    );
  }
  const seed = options.seed ?? 1;
  const withImportance = options.importance ?? true;
  const units = foldCount * (withImportance ? 2 : 1) + 1;
  let unitsDone = 0;
  let last = 0;
  const emit = (phase: TrainingProgress['phase'], fold: number | null, within: number): void => {
    last = Math.max(last, Math.min(1, (unitsDone + within) / units));
    options.onProgress?.({ phase, fold, fraction: last });
  };

  const folds = stratifiedFolds(
    usable.map((i) => labels.y[i] as number),
    foldCount,
    seed,
  ).map((f) => f.map((j) => usable[j] as number));
  const truth: number[] = [];
  const predicted: number[] = [];
  const perFold: ClassificationEvaluation['perFold'] = [];
  const drops = new Map<string, number[]>(options.features.map((f) => [f, []]));
  folds.forEach((test, f) => {
    const inTest = new Set(test);
    const train = usable.filter((i) => !inTest.has(i));
    const model = fitClassifier(dataset, options, labels, train, (x) => emit('cross-validation', f + 1, x));
    unitsDone++;
    const testSet: Dataset = {
      variables: dataset.variables,
      rows: test.map((i) => dataset.rows[i] as Dataset['rows'][number]),
    };
    const x = encodeDataset(model.encoding, testSet);
    const yTest = test.map((i) => labels.y[i] as number);
    const guess = argmaxRows(probabilities(model, x), labels.classes.length);
    const foldMetrics = classificationMetrics(yTest, guess, labels.classes);
    perFold.push({ fold: f + 1, accuracy: foldMetrics.accuracy, macroF1: foldMetrics.macroF1 });
    truth.push(...yTest);
    predicted.push(...guess);
    if (withImportance) {
      permutationDrops(model, x, yTest, foldMetrics.accuracy, options.importanceRepeats ?? 1, seed + f, drops, (w) =>
        emit('importance', f + 1, w),
      );
      unitsDone++;
    }
  });
  const model = fitClassifier(dataset, options, labels, usable, (x) => emit('final-model', null, x));
  unitsDone = units;
  emit('final-model', null, 0);
  const metrics = classificationMetrics(truth, predicted, labels.classes);
  // The majority class (first in class order on a tie): what always guessing it would score.
  const top = metrics.perClass.reduce((a, b) => (b.support > a.support ? b : a));
  const correct = Math.round(metrics.accuracy * metrics.samples);
  return {
    model,
    evaluation: {
      ...metrics,
      folds: foldCount,
      perFold,
      baseline: { label: top.label, accuracy: metrics.samples > 0 ? top.support / metrics.samples : 0 },
      accuracyCi95: wilsonInterval(correct, metrics.samples),
    },
    importance: withImportance ? summariseDrops(drops) : [],
    skipped: labels.y.length - usable.length,
  };
}

/**
 * Permutation importance (Breiman 2001; scikit-learn's permutation_importance): shuffle all the
 * columns of one variable together (a categorical variable's levels stay one-hot) across the
 * test fold and record the fall in accuracy.
 */
function permutationDrops(
  model: ClassifierModel,
  x: EncodedMatrix,
  y: number[],
  baseline: number,
  repeats: number,
  seed: number,
  drops: Map<string, number[]>,
  onFraction: (fraction: number) => void,
): void {
  const rng = createRng(seed);
  const variables = model.encoding.variables;
  const k = model.classes.length;
  variables.forEach((variable, v) => {
    const cols = x.groups.flatMap((g, j) => (g === v ? [j] : []));
    for (let r = 0; r < repeats; r++) {
      const order = shuffleInPlace(
        Array.from({ length: x.rows }, (_, i) => i),
        rng,
      );
      const data = Float64Array.from(x.data);
      for (let i = 0; i < x.rows; i++) {
        for (const j of cols) data[i * x.cols + j] = x.data[(order[i] as number) * x.cols + j] as number;
      }
      const guess = argmaxRows(probabilities(model, { ...x, data }), k);
      let correct = 0;
      guess.forEach((g, i) => {
        if (g === y[i]) correct++;
      });
      (drops.get(variable) as number[]).push(baseline - correct / Math.max(1, y.length));
    }
    onFraction((v + 1) / variables.length);
  });
}

function summariseDrops(drops: Map<string, number[]>): VariableImportance[] {
  return [...drops]
    .map(([variable, values]) => {
      const mean = values.reduce((s, v) => s + v, 0) / Math.max(1, values.length);
      const sd =
        values.length > 1 ? Math.sqrt(values.reduce((s, v) => s + (v - mean) ** 2, 0) / (values.length - 1)) : 0;
      return { variable, importance: mean, sd };
    })
    .sort((a, b) => b.importance - a.importance);
}
