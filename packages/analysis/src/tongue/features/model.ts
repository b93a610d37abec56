// Linear models trained by training/tongue-features/train.py on the vectors that measure.ts
// computes; each is a small JSON file of standardisation and coefficients. train.py picks logistic
// regression or linear discriminant analysis per task: both give class probabilities as the
// softmax (sigmoid for two classes) of linear scores, so this one runtime serves either.
import { modelJson, modelPath } from '../platform.js';
import { sigmoid, softmax } from './stats.js';
import type { Measures } from './measure.js';

export interface LinearModel {
  name: string;
  version: string;
  features: string[];
  mean: number[];
  std: number[];
  classes: string[];
  /** One row per class (multinomial), or a single row for a binary model (classes[1] = positive). */
  coef: number[][];
  intercept: number[];
  /** 'band': the model reads the colour measurements of the light-normalised crop (color-norm.ts). */
  normalization?: 'band';
}

/** Folder of the committed feature models (repository root /models/tongue-features). */
export const MODEL_DIR = modelPath('tongue-features', '');

const cache = new Map<string, LinearModel>();

export function loadModel(name: string): LinearModel {
  let m = cache.get(name);
  if (!m) {
    m = modelJson<LinearModel>('tongue-features', `${name}.json`);
    cache.set(name, m);
  }
  return m;
}

/** Class probabilities of a model for one measurement vector. */
export function predict(model: LinearModel, v: Measures): Record<string, number> {
  const x = model.features.map((f, k) => {
    const raw = v[f];
    const val = raw === undefined || !Number.isFinite(raw) ? model.mean[k]! : raw;
    return (val - model.mean[k]!) / model.std[k]!;
  });
  const logits = model.coef.map((row, c) => row.reduce((s, w, k) => s + w * x[k]!, model.intercept[c]!));
  const out: Record<string, number> = {};
  if (logits.length === 1) {
    const p = sigmoid(logits[0]!);
    out[model.classes[0]!] = 1 - p;
    out[model.classes[1]!] = p;
  } else {
    softmax(logits).forEach((p, c) => (out[model.classes[c]!] = p));
  }
  return out;
}
