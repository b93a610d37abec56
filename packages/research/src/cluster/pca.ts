import { EigenvalueDecomposition, Matrix as MlMatrix } from 'ml-matrix';
import { researchError } from '../errors.js';
import type { Matrix } from '../features.js';

export interface PcaResult {
  /** Per sample, its coordinates on the first `components` principal components. */
  coordinates: number[][];
  /** Loadings: one row per component, one value per column. */
  loadings: number[][];
  /** Variance along each returned component. */
  variances: number[];
  /** Share of the total variance each returned component explains (0..1). */
  explainedRatio: number[];
  /** Column means removed before projecting. */
  mean: number[];
}

/**
 * PCA through the eigen-decomposition of the covariance matrix (ml-matrix's symmetric EVD, a
 * port of JAMA). The p × p covariance is built here in one pass over a flat array, so 100k × 50
 * costs one 50 × 50 decomposition; ml-pca would first copy the data into an ml-matrix and run an
 * SVD of the whole n × p matrix. Signs are fixed so each loading vector's largest entry is
 * positive, so the same data always plots the same way round.
 */
export function pca(m: Matrix, components = 2): PcaResult {
  const { rows: n, cols: p, data } = m;
  if (n < 2 || p < 1) {
    throw researchError('too_few_samples', {
      en: 'PCA needs at least 2 samples',
      zh: '主成分分析至少需要 2 个样本',
    });
  }
  const mean = new Float64Array(p);
  for (let i = 0; i < n; i++)
    for (let j = 0; j < p; j++) mean[j] = (mean[j] as number) + (data[i * p + j] as number) / n;
  const cov = new Float64Array(p * p);
  const row = new Float64Array(p);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < p; j++) row[j] = (data[i * p + j] as number) - (mean[j] as number);
    for (let a = 0; a < p; a++) {
      const ra = row[a] as number;
      if (ra === 0) continue;
      for (let b = a; b < p; b++) cov[a * p + b] = (cov[a * p + b] as number) + ra * (row[b] as number);
    }
  }
  const full = new MlMatrix(p, p);
  for (let a = 0; a < p; a++) {
    for (let b = a; b < p; b++) {
      const v = (cov[a * p + b] as number) / (n - 1);
      full.set(a, b, v);
      full.set(b, a, v);
    }
  }
  const evd = new EigenvalueDecomposition(full, { assumeSymmetric: true });
  const values = evd.realEigenvalues;
  const vectors = evd.eigenvectorMatrix;
  const order = values.map((v, i) => ({ v, i })).sort((x, y) => y.v - x.v);
  const total = values.reduce((s, v) => s + Math.max(0, v), 0);
  const take = order.slice(0, Math.min(components, p));
  const loadings = take.map(({ i }) => {
    const vec = vectors.getColumn(i);
    const largest = vec.reduce((best, v) => (Math.abs(v) > Math.abs(best) ? v : best), 0);
    return largest < 0 ? vec.map((v) => -v) : vec;
  });
  const coordinates: number[][] = [];
  for (let i = 0; i < n; i++) {
    coordinates.push(
      loadings.map((vec) => {
        let s = 0;
        for (let j = 0; j < p; j++) s += ((data[i * p + j] as number) - (mean[j] as number)) * (vec[j] as number);
        return s;
      }),
    );
  }
  const variances = take.map(({ v }) => Math.max(0, v));
  return {
    coordinates,
    loadings,
    variances,
    explainedRatio: variances.map((v) => (total > 0 ? v / total : 0)),
    mean: Array.from(mean),
  };
}
