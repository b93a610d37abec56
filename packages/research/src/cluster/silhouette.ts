import { badParameter } from '../errors.js';
import { type Matrix, takeRows } from '../features.js';
import { createRng, shuffleInPlace } from '../rng.js';

export interface SilhouetteResult {
  /** Mean silhouette over the samples scored. */
  mean: number;
  perCluster: Array<{ cluster: number; size: number; mean: number }>;
  /** Silhouette of each scored sample, in the order of `indices`. */
  values: number[];
  /** The samples scored (all of them, or a seeded random subset). */
  indices: number[];
  sampled: boolean;
}

/**
 * Silhouette (Rousseeuw 1987): s = (b − a) / max(a, b), a the mean distance to the sample's own
 * cluster, b to the nearest other cluster; 0 for a sample alone in its cluster. It costs n²
 * distances, so above `sampleSize` samples (default 2,000) it is computed on a seeded random
 * subset, as scikit-learn's silhouette_score(sample_size=…) does.
 */
export function silhouette(
  m: Matrix,
  labels: ArrayLike<number>,
  options: { sampleSize?: number; seed?: number } = {},
): SilhouetteResult {
  if (labels.length !== m.rows) throw badParameter('labels', 'one label per sample', '每个样本须有一个标签');
  const sampleSize = options.sampleSize ?? 2000;
  let indices = Array.from({ length: m.rows }, (_, i) => i);
  const sampled = m.rows > sampleSize;
  if (sampled)
    indices = shuffleInPlace(indices, createRng(options.seed ?? 1))
      .slice(0, sampleSize)
      .sort((a, b) => a - b);
  const sub = takeRows(m, indices);
  const lab = indices.map((i) => labels[i] as number);
  const clusters = [...new Set(lab)].sort((a, b) => a - b);
  const slot = new Map(clusters.map((c, i) => [c, i]));
  const sizes = clusters.map((c) => lab.filter((l) => l === c).length);
  const values: number[] = [];
  const sums = new Float64Array(clusters.length);
  for (let i = 0; i < sub.rows; i++) {
    sums.fill(0);
    for (let j = 0; j < sub.rows; j++) {
      if (j === i) continue;
      let s = 0;
      for (let c = 0; c < sub.cols; c++) {
        const d = (sub.data[i * sub.cols + c] as number) - (sub.data[j * sub.cols + c] as number);
        s += d * d;
      }
      const t = slot.get(lab[j] as number) as number;
      sums[t] = (sums[t] as number) + Math.sqrt(s);
    }
    const own = slot.get(lab[i] as number) as number;
    const ownSize = sizes[own] as number;
    if (ownSize === 1 || clusters.length === 1) {
      values.push(0);
      continue;
    }
    const a = (sums[own] as number) / (ownSize - 1);
    let b = Infinity;
    clusters.forEach((_, t) => {
      if (t !== own) b = Math.min(b, (sums[t] as number) / (sizes[t] as number));
    });
    const denom = Math.max(a, b);
    values.push(denom > 0 ? (b - a) / denom : 0);
  }
  const mean = values.reduce((s, v) => s + v, 0) / Math.max(1, values.length);
  const perCluster = clusters.map((cluster, t) => {
    const vs = values.filter((_, i) => lab[i] === cluster);
    return { cluster, size: sizes[t] as number, mean: vs.reduce((s, v) => s + v, 0) / vs.length };
  });
  return { mean, perCluster, values, indices, sampled };
}
