import {
  type Dataset,
  type SampleRecord,
  getVariable,
  isMissing,
  isPresent,
  levelsOf,
  requireType,
  variableIndex,
} from '../dataset.js';
import { researchError } from '../errors.js';
import { type EncodedMatrix, type FeatureEncoding, encodeDataset, encodeRecords, fitEncoding } from '../features.js';
import { type ForestOptions, type ForestParams, forestProbabilities, trainForest } from './forest.js';
import { type LogisticOptions, type LogisticParams, logisticProbabilities, trainLogistic } from './logistic.js';
import { type NaiveBayesParams, naiveBayesProbabilities, trainNaiveBayes } from './naive-bayes.js';

export type ClassifierKind = 'random-forest' | 'logistic-regression' | 'naive-bayes';
export const CLASSIFIER_KINDS: readonly ClassifierKind[] = ['random-forest', 'logistic-regression', 'naive-bayes'];

export interface ClassifierSpec {
  kind: ClassifierKind;
  /** A categorical or binary variable (a binary target has classes "absent" and "present"). */
  target: string;
  features: string[];
  /** Seeds bootstraps and column draws (random forest). Default 1. */
  seed?: number;
  forest?: ForestOptions;
  logistic?: LogisticOptions;
}

export type ModelParams =
  | { kind: 'random-forest'; forest: ForestParams }
  | { kind: 'logistic-regression'; logistic: LogisticParams }
  | { kind: 'naive-bayes'; naiveBayes: NaiveBayesParams };

/**
 * A trained classifier as plain JSON: JSON.stringify it to save, JSON.parse and predict() to use.
 * It carries its own feature encoding (levels, fill values, scales), so a new sample is encoded
 * exactly as the training samples were.
 */
export interface ClassifierModel {
  format: 'tcm-research/classifier';
  version: 1;
  kind: ClassifierKind;
  target: string;
  classes: string[];
  encoding: FeatureEncoding;
  params: ModelParams;
  seed: number;
  trainedSamples: number;
}

export interface Prediction {
  label: string;
  /** Class → probability, summing to 1. */
  probabilities: Record<string, number>;
}

export interface TargetLabels {
  classes: string[];
  /** Class index of each row; −1 where the target is missing (such rows are not used). */
  y: Int32Array;
}

export function targetLabels(dataset: Dataset, target: string): TargetLabels {
  const variable = getVariable(dataset, target);
  requireType(variable, ['categorical', 'binary']);
  const col = variableIndex(dataset, target);
  const binary = variable.type === 'binary';
  const classes = binary ? ['absent', 'present'] : levelsOf(dataset, target);
  const index = new Map(classes.map((c, i) => [c, i]));
  const y = Int32Array.from(dataset.rows, (row) => {
    const cell = row[col];
    if (isMissing(cell)) return -1;
    if (binary) return isPresent(cell) ? 1 : 0;
    return index.get(String(cell)) ?? -1;
  });
  return { classes, y };
}

export function checkSpec(dataset: Dataset, spec: ClassifierSpec): void {
  if (!CLASSIFIER_KINDS.includes(spec.kind)) {
    throw researchError(
      'bad_parameter',
      { en: `Unknown classifier "${spec.kind}"`, zh: `未知的分类器“${spec.kind}”` },
      { parameter: 'kind', allowed: CLASSIFIER_KINDS },
    );
  }
  if (spec.features.length === 0) {
    throw researchError('empty_input', { en: 'Choose at least one feature', zh: '请至少选择一个特征变量' });
  }
  if (spec.features.includes(spec.target)) {
    throw researchError(
      'bad_parameter',
      { en: 'The target cannot also be a feature', zh: '目标变量不能同时作为特征变量' },
      { parameter: 'features', variable: spec.target },
    );
  }
  spec.features.forEach((f) => getVariable(dataset, f));
}

/**
 * Fits one model on the given rows (indices into dataset.rows, target known). The encoding is
 * fitted on those rows only, so cross-validation never sees the test fold's means.
 */
export function fitClassifier(
  dataset: Dataset,
  spec: ClassifierSpec,
  labels: TargetLabels,
  rows: number[],
  onFraction?: (fraction: number) => void,
): ClassifierModel {
  const sub: Dataset = {
    variables: dataset.variables,
    rows: rows.map((i) => dataset.rows[i] as Dataset['rows'][number]),
  };
  const encoding = fitEncoding(sub, spec.features, { standardize: spec.kind === 'logistic-regression' });
  const x = encodeDataset(encoding, sub);
  const y = Int32Array.from(rows, (i) => labels.y[i] as number);
  const k = labels.classes.length;
  const seed = spec.seed ?? 1;
  const report = (done: number, total: number): void => onFraction?.(done / total);
  let params: ModelParams;
  if (spec.kind === 'random-forest') {
    params = { kind: spec.kind, forest: trainForest(x, y, k, spec.forest ?? {}, seed, report) };
  } else if (spec.kind === 'logistic-regression') {
    params = { kind: spec.kind, logistic: trainLogistic(x, y, k, spec.logistic ?? {}, report) };
  } else {
    params = { kind: spec.kind, naiveBayes: trainNaiveBayes(x, y, k, encoding.columns) };
    report(1, 1);
  }
  return {
    format: 'tcm-research/classifier',
    version: 1,
    kind: spec.kind,
    target: spec.target,
    classes: labels.classes,
    encoding,
    params,
    seed,
    trainedSamples: rows.length,
  };
}

/** Class probabilities (rows × classes) for an already encoded matrix. */
export function probabilities(model: ClassifierModel, x: EncodedMatrix): Float64Array {
  const p = model.params;
  if (p.kind === 'random-forest') return forestProbabilities(p.forest, x);
  if (p.kind === 'logistic-regression') return logisticProbabilities(p.logistic, x);
  return naiveBayesProbabilities(p.naiveBayes, x);
}

/** Index of the most probable class of each row (ties: the first class). */
export function argmaxRows(prob: Float64Array, k: number): Int32Array {
  const out = new Int32Array(prob.length / k);
  for (let i = 0; i < out.length; i++) {
    let best = 0;
    for (let c = 1; c < k; c++) if ((prob[i * k + c] as number) > (prob[i * k + best] as number)) best = c;
    out[i] = best;
  }
  return out;
}

function checkModel(model: ClassifierModel): void {
  if (model?.format !== 'tcm-research/classifier' || model.version !== 1 || !model.params) {
    throw researchError('bad_model', {
      en: 'Not a classifier saved by this version',
      zh: '不是本版本保存的分类模型',
    });
  }
}

function toPredictions(model: ClassifierModel, prob: Float64Array): Prediction[] {
  const k = model.classes.length;
  return Array.from(argmaxRows(prob, k), (best, i) => ({
    label: model.classes[best] as string,
    probabilities: Object.fromEntries(model.classes.map((c, j) => [c, prob[i * k + j] as number])),
  }));
}

/** Predicts new samples given as records keyed by variable (missing keys are filled). */
export function predict(model: ClassifierModel, records: SampleRecord[]): Prediction[] {
  checkModel(model);
  return toPredictions(model, probabilities(model, encodeRecords(model.encoding, records)));
}

/** Predicts every row of a dataset holding (at least) the model's feature variables. */
export function predictDataset(model: ClassifierModel, dataset: Dataset): Prediction[] {
  checkModel(model);
  return toPredictions(model, probabilities(model, encodeDataset(model.encoding, dataset)));
}
