import type { Matrix } from '../features.js';

export interface LogisticOptions {
  /** L2 penalty on the weights (not the intercepts); default 1e-4. */
  l2?: number;
  /** Default 300 full-batch steps. */
  maxIterations?: number;
  /** Adam step size; default 0.05. */
  learningRate?: number;
}

export interface LogisticParams {
  classes: number;
  /** classes × (columns + 1); the last entry of each row is the intercept. */
  weights: number[][];
  iterations: number;
  options: Required<LogisticOptions>;
}

/**
 * Multinomial (softmax) logistic regression with a small L2 penalty, fitted by full-batch Adam on
 * standardised columns. Written here because ml-logistic-regression is one-vs-rest by plain
 * gradient descent with a fixed step, and its probabilities do not sum to one across classes.
 * The loss is convex, so the seed does not matter; the fit stops early once the gradient is flat.
 */
export function trainLogistic(
  x: Matrix,
  y: Int32Array,
  classes: number,
  options: LogisticOptions,
  onStep?: (done: number, total: number) => void,
): LogisticParams {
  const opts: Required<LogisticOptions> = {
    l2: options.l2 ?? 1e-4,
    maxIterations: options.maxIterations ?? 300,
    learningRate: options.learningRate ?? 0.05,
  };
  const { rows: n, cols: p, data } = x;
  const width = p + 1;
  const w = new Float64Array(classes * width);
  const grad = new Float64Array(classes * width);
  const m1 = new Float64Array(classes * width);
  const m2 = new Float64Array(classes * width);
  const prob = new Float64Array(classes);
  const [b1, b2, eps] = [0.9, 0.999, 1e-8];
  let iterations = 0;
  for (let it = 1; it <= opts.maxIterations; it++) {
    iterations = it;
    grad.fill(0);
    for (let i = 0; i < n; i++) {
      softmaxRow(w, data, i, p, classes, prob);
      const yi = y[i] as number;
      for (let c = 0; c < classes; c++) {
        const err = (prob[c] as number) - (c === yi ? 1 : 0);
        if (err === 0) continue;
        const base = c * width;
        for (let j = 0; j < p; j++) grad[base + j]! += err * (data[i * p + j] as number);
        grad[base + p]! += err;
      }
    }
    let norm = 0;
    for (let q = 0; q < grad.length; q++) {
      const isIntercept = q % width === p;
      const g = (grad[q] as number) / n + (isIntercept ? 0 : opts.l2 * (w[q] as number));
      norm = Math.max(norm, Math.abs(g));
      m1[q] = b1 * (m1[q] as number) + (1 - b1) * g;
      m2[q] = b2 * (m2[q] as number) + (1 - b2) * g * g;
      const mh = (m1[q] as number) / (1 - b1 ** it);
      const vh = (m2[q] as number) / (1 - b2 ** it);
      w[q]! -= (opts.learningRate * mh) / (Math.sqrt(vh) + eps);
    }
    if (it % 10 === 0) onStep?.(it, opts.maxIterations);
    if (norm < 1e-5) break;
  }
  onStep?.(opts.maxIterations, opts.maxIterations);
  const weights = Array.from({ length: classes }, (_, c) => Array.from(w.subarray(c * width, (c + 1) * width)));
  return { classes, weights, iterations, options: opts };
}

function softmaxRow(w: Float64Array, data: Float64Array, i: number, p: number, k: number, out: Float64Array): void {
  const width = p + 1;
  let max = -Infinity;
  for (let c = 0; c < k; c++) {
    let z = w[c * width + p] as number;
    for (let j = 0; j < p; j++) z += (w[c * width + j] as number) * (data[i * p + j] as number);
    out[c] = z;
    if (z > max) max = z;
  }
  let sum = 0;
  for (let c = 0; c < k; c++) {
    const e = Math.exp((out[c] as number) - max);
    out[c] = e;
    sum += e;
  }
  for (let c = 0; c < k; c++) out[c] = (out[c] as number) / sum;
}

export function logisticProbabilities(params: LogisticParams, x: Matrix): Float64Array {
  const k = params.classes;
  const w = Float64Array.from(params.weights.flat());
  const out = new Float64Array(x.rows * k);
  const row = new Float64Array(k);
  for (let i = 0; i < x.rows; i++) {
    softmaxRow(w, x.data, i, x.cols, k, row);
    out.set(row, i * k);
  }
  return out;
}
