import { badParameter, researchError } from '../errors.js';
import type { Matrix } from '../features.js';
import { createRng, type Rng } from '../rng.js';

export interface KMeansOptions {
  k: number;
  /** Seed of the k-means++ draws; the same seed gives the same clusters. Default 1. */
  seed?: number;
  maxIterations?: number;
  /**
   * Stop when the centroids' squared moves sum to at most tolerance × the mean column variance
   * (scikit-learn's criterion, so it means the same on any scale). Default 1e-4.
   */
  tolerance?: number;
  /** Independent seedings; the lowest inertia wins. Default 1 (k-means++ is stable enough). */
  nInit?: number;
}

export interface KMeansResult {
  k: number;
  labels: number[];
  centroids: number[][];
  sizes: number[];
  /** Sum of squared distances of samples to their centroid. */
  inertia: number;
  iterations: number;
  converged: boolean;
  seed: number;
}

/**
 * Lloyd's k-means with k-means++ seeding (Arthur & Vassilvitskii 2007) on a flat Float64Array.
 * Written here rather than taken from ml-kmeans: that package works on arrays of arrays and took
 * 3.4 s for 100k × 50 at k = 5 on this machine, over the 2 s target. An emptied cluster takes
 * the sample farthest from its centroid, so k clusters always come back.
 */
export function kmeans(m: Matrix, options: KMeansOptions): KMeansResult {
  const { k } = options;
  if (!Number.isInteger(k) || k < 1) throw badParameter('k', 'a whole number ≥ 1', '须为 ≥ 1 的整数');
  if (m.rows < k) {
    throw researchError(
      'too_few_samples',
      {
        en: `k = ${k} needs at least ${k} samples; there are ${m.rows}`,
        zh: `k = ${k} 至少需要 ${k} 个样本，现有 ${m.rows} 个`,
      },
      { k, samples: m.rows },
    );
  }
  const seed = options.seed ?? 1;
  const rng = createRng(seed);
  let best: KMeansResult | null = null;
  for (let run = 0; run < Math.max(1, options.nInit ?? 1); run++) {
    const result = lloyd(m, k, seedPlusPlus(m, k, rng), options);
    if (!best || result.inertia < best.inertia) best = { ...result, seed };
  }
  return best as KMeansResult;
}

function sqDist(data: Float64Array, i: number, centres: Float64Array, c: number, p: number): number {
  let s = 0;
  const a = i * p;
  const b = c * p;
  for (let j = 0; j < p; j++) {
    const d = (data[a + j] as number) - (centres[b + j] as number);
    s += d * d;
  }
  return s;
}

function seedPlusPlus(m: Matrix, k: number, rng: Rng): Float64Array {
  const { rows: n, cols: p, data } = m;
  const centres = new Float64Array(k * p);
  const first = rng.int(n);
  centres.set(data.subarray(first * p, first * p + p), 0);
  const nearest = new Float64Array(n).fill(Infinity);
  for (let c = 1; c < k; c++) {
    let total = 0;
    for (let i = 0; i < n; i++) {
      const d = sqDist(data, i, centres, c - 1, p);
      if (d < (nearest[i] as number)) nearest[i] = d;
      total += nearest[i] as number;
    }
    // Draw a sample with probability ∝ D²; all duplicates of chosen centers → uniform draw.
    let pick = rng.int(n);
    if (total > 0) {
      let target = rng.next() * total;
      for (let i = 0; i < n; i++) {
        target -= nearest[i] as number;
        if (target <= 0) {
          pick = i;
          break;
        }
      }
    }
    centres.set(data.subarray(pick * p, pick * p + p), c * p);
  }
  return centres;
}

/**
 * Lloyd iterations with Hamerly's bounds (Hamerly 2010): an upper bound on each sample's
 * distance to its centroid and a lower bound on the next closest let most samples skip the k
 * distance computations once the centroids settle. The result is Lloyd's, only faster.
 */
function lloyd(m: Matrix, k: number, centres: Float64Array, options: KMeansOptions): Omit<KMeansResult, 'seed'> {
  const { rows: n, cols: p, data } = m;
  const maxIterations = options.maxIterations ?? 300;
  const tolerance = (options.tolerance ?? 1e-4) * meanVariance(m);
  const labels = new Int32Array(n);
  const upper = new Float64Array(n);
  const lower = new Float64Array(n);
  const half = new Float64Array(k);
  const moves = new Float64Array(k);
  const sums = new Float64Array(k * p);
  const sizes = new Int32Array(k);
  const nearestTwo = (i: number): void => {
    let best = 0;
    let d1 = Infinity;
    let d2 = Infinity;
    for (let c = 0; c < k; c++) {
      const d = sqDist(data, i, centres, c, p);
      if (d < d1) {
        d2 = d1;
        d1 = d;
        best = c;
      } else if (d < d2) d2 = d;
    }
    labels[i] = best;
    upper[i] = Math.sqrt(d1);
    lower[i] = Math.sqrt(d2);
  };
  let iterations = 0;
  let converged = false;
  while (iterations < maxIterations && !converged) {
    iterations++;
    if (iterations === 1) {
      for (let i = 0; i < n; i++) nearestTwo(i);
    } else {
      for (let c = 0; c < k; c++) {
        let closest = Infinity;
        for (let o = 0; o < k; o++) if (o !== c) closest = Math.min(closest, sqDistCentres(centres, c, o, p));
        half[c] = Math.sqrt(closest) / 2;
      }
      for (let i = 0; i < n; i++) {
        const a = labels[i] as number;
        const bound = Math.max(half[a] as number, lower[i] as number);
        if ((upper[i] as number) <= bound) continue;
        upper[i] = Math.sqrt(sqDist(data, i, centres, a, p));
        if ((upper[i] as number) <= bound) continue;
        nearestTwo(i);
      }
    }
    sums.fill(0);
    sizes.fill(0);
    for (let i = 0; i < n; i++) {
      const c = labels[i] as number;
      sizes[c] = (sizes[c] as number) + 1;
      for (let j = 0; j < p; j++) sums[c * p + j] = (sums[c * p + j] as number) + (data[i * p + j] as number);
    }
    let shift = 0; // sum of squared centroid moves
    for (let c = 0; c < k; c++) {
      let moved = 0;
      if (sizes[c] === 0) {
        // Take the sample worst served by its own centroid (by its upper bound).
        let far = 0;
        for (let i = 1; i < n; i++) if ((upper[i] as number) > (upper[far] as number)) far = i;
        upper[far] = 0;
        for (let j = 0; j < p; j++) moved += ((data[far * p + j] as number) - (centres[c * p + j] as number)) ** 2;
        centres.set(data.subarray(far * p, far * p + p), c * p);
        shift = Infinity;
      } else {
        for (let j = 0; j < p; j++) {
          const v = (sums[c * p + j] as number) / (sizes[c] as number);
          moved += (v - (centres[c * p + j] as number)) ** 2;
          centres[c * p + j] = v;
        }
        shift += moved;
      }
      moves[c] = Math.sqrt(moved);
    }
    // Keep the bounds valid: a centroid's move widens its samples' upper bounds and narrows
    // every lower bound by the largest move of any other centroid.
    let first = 0;
    for (let c = 1; c < k; c++) if ((moves[c] as number) > (moves[first] as number)) first = c;
    let second = 0;
    for (let c = 0; c < k; c++) if (c !== first) second = Math.max(second, moves[c] as number);
    for (let i = 0; i < n; i++) {
      const a = labels[i] as number;
      upper[i] = (upper[i] as number) + (moves[a] as number);
      lower[i] = (lower[i] as number) - (a === first ? second : (moves[first] as number));
    }
    converged = shift <= tolerance;
  }
  const inertia = assign(m, k, centres, labels, upper);
  const counts = new Array<number>(k).fill(0);
  for (const l of labels) counts[l] = (counts[l] as number) + 1;
  return {
    k,
    labels: Array.from(labels),
    centroids: Array.from({ length: k }, (_, c) => Array.from(centres.subarray(c * p, c * p + p))),
    sizes: counts,
    inertia,
    iterations,
    converged,
  };
}

function sqDistCentres(centres: Float64Array, a: number, b: number, p: number): number {
  let s = 0;
  for (let j = 0; j < p; j++) {
    const d = (centres[a * p + j] as number) - (centres[b * p + j] as number);
    s += d * d;
  }
  return s;
}

function meanVariance(m: Matrix): number {
  const { rows: n, cols: p, data } = m;
  let total = 0;
  for (let j = 0; j < p; j++) {
    let sum = 0;
    let sumSq = 0;
    for (let i = 0; i < n; i++) {
      const v = data[i * p + j] as number;
      sum += v;
      sumSq += v * v;
    }
    total += Math.max(0, sumSq / n - (sum / n) ** 2);
  }
  return p > 0 ? total / p : 0;
}

/** Nearest centroid of every sample; returns the inertia. */
function assign(m: Matrix, k: number, centres: Float64Array, labels: Int32Array, distances: Float64Array): number {
  const { rows: n, cols: p, data } = m;
  let inertia = 0;
  for (let i = 0; i < n; i++) {
    const a = i * p;
    let best = 0;
    let bestD = Infinity;
    for (let c = 0; c < k; c++) {
      const b = c * p;
      let d = 0;
      // Partial distance: stop adding once this centroid is already farther than the best.
      for (let j = 0; j < p && d < bestD; j++) {
        const diff = (data[a + j] as number) - (centres[b + j] as number);
        d += diff * diff;
      }
      if (d < bestD) {
        bestD = d;
        best = c;
      }
    }
    labels[i] = best;
    distances[i] = bestD;
    inertia += bestD;
  }
  return inertia;
}

export interface ElbowPoint {
  k: number;
  inertia: number;
}

/** Inertia for each k in [kMin, kMax] (same seed for each), for the elbow chart. */
export function elbow(m: Matrix, options: { kMin?: number; kMax?: number; seed?: number } = {}): ElbowPoint[] {
  const kMin = options.kMin ?? 1;
  const kMax = Math.min(options.kMax ?? 10, m.rows);
  if (kMin < 1 || kMax < kMin) throw badParameter('kMin/kMax', '1 ≤ kMin ≤ kMax', '须满足 1 ≤ kMin ≤ kMax');
  const out: ElbowPoint[] = [];
  for (let k = kMin; k <= kMax; k++) {
    out.push({ k, inertia: kmeans(m, { k, seed: options.seed ?? 1 }).inertia });
  }
  return out;
}
