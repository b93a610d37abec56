import type { EncodedColumn, Matrix } from '../features.js';

export interface NaiveBayesParams {
  classes: number;
  logPriors: number[];
  /** Per column: "bernoulli" for 0/1 columns (binary variables, levels), "gaussian" otherwise. */
  columnKinds: Array<'bernoulli' | 'gaussian'>;
  /** classes × columns: P(column = 1 | class) for Bernoulli columns, the mean for Gaussian. */
  location: number[][];
  /** classes × columns: the variance for Gaussian columns (unused for Bernoulli ones). */
  variance: number[][];
}

/**
 * Naive Bayes for mixed pools: Bernoulli likelihoods (Laplace smoothing, +1/+2) for findings and
 * categorical levels, Gaussian ones for measurements, with scikit-learn's variance smoothing
 * (1e-9 of the largest column variance). Written here because ml-naivebayes offers Gaussian or
 * multinomial models, not the two together, and a Gaussian on a 0/1 finding gives
 * overconfident probabilities. A missing value filled with a proportion enters as that fraction.
 */
export function trainNaiveBayes(x: Matrix, y: Int32Array, classes: number, columns: EncodedColumn[]): NaiveBayesParams {
  const { rows: n, cols: p, data } = x;
  const columnKinds = columns.map((c) => (c.kind === 'numeric' ? 'gaussian' : 'bernoulli'));
  const count = new Float64Array(classes);
  const sum = new Float64Array(classes * p);
  const sumSq = new Float64Array(classes * p);
  for (let i = 0; i < n; i++) {
    const c = y[i] as number;
    count[c]! += 1;
    for (let j = 0; j < p; j++) {
      const v = data[i * p + j] as number;
      sum[c * p + j]! += v;
      sumSq[c * p + j]! += v * v;
    }
  }
  let maxVar = 0;
  for (let j = 0; j < p; j++) {
    let s = 0;
    let ss = 0;
    for (let c = 0; c < classes; c++) {
      s += sum[c * p + j] as number;
      ss += sumSq[c * p + j] as number;
    }
    maxVar = Math.max(maxVar, ss / n - (s / n) ** 2);
  }
  const smoothing = 1e-9 * Math.max(maxVar, 1e-12);
  const location: number[][] = [];
  const variance: number[][] = [];
  for (let c = 0; c < classes; c++) {
    const nc = count[c] as number;
    location.push(
      columnKinds.map((kind, j) =>
        kind === 'bernoulli'
          ? ((sum[c * p + j] as number) + 1) / (nc + 2)
          : nc > 0
            ? (sum[c * p + j] as number) / nc
            : 0,
      ),
    );
    variance.push(
      columnKinds.map((kind, j) => {
        if (kind === 'bernoulli' || nc === 0) return 1;
        const mean = (sum[c * p + j] as number) / nc;
        return Math.max(0, (sumSq[c * p + j] as number) / nc - mean * mean) + smoothing;
      }),
    );
  }
  // Laplace-smoothed priors, so a class absent from a training fold keeps a finite log prior.
  const logPriors = Array.from(count, (v) => Math.log((v + 1) / (n + classes)));
  return { classes, logPriors, columnKinds, location, variance };
}

export function naiveBayesProbabilities(params: NaiveBayesParams, x: Matrix): Float64Array {
  const k = params.classes;
  const out = new Float64Array(x.rows * k);
  const logs = new Float64Array(k);
  for (let i = 0; i < x.rows; i++) {
    let max = -Infinity;
    for (let c = 0; c < k; c++) {
      let lp = params.logPriors[c] as number;
      const loc = params.location[c] as number[];
      const vr = params.variance[c] as number[];
      for (let j = 0; j < x.cols; j++) {
        const v = x.data[i * x.cols + j] as number;
        const m = loc[j] as number;
        if (params.columnKinds[j] === 'bernoulli') lp += v * Math.log(m) + (1 - v) * Math.log(1 - m);
        else {
          const s2 = vr[j] as number;
          lp += -0.5 * Math.log(2 * Math.PI * s2) - ((v - m) * (v - m)) / (2 * s2);
        }
      }
      logs[c] = lp;
      if (lp > max) max = lp;
    }
    let total = 0;
    for (let c = 0; c < k; c++) total += Math.exp((logs[c] as number) - max);
    for (let c = 0; c < k; c++) out[i * k + c] = Math.exp((logs[c] as number) - max) / total;
  }
  return out;
}
