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
  /**
   * Independent k-means++ seedings, each run to convergence; the lowest inertia wins. Default 10
   * (scikit-learn's `n_init`): one seeding lands in a local minimum on unequal clusters.
   */
  restarts?: number;
}

export const KMEANS_DEFAULT_RESTARTS = 10;

export interface KMeansResult {
  k: number;
  labels: number[];
  centroids: number[][];
  /** Samples per cluster after the final assignment; a 0 is an empty cluster. */
  sizes: number[];
  /** Sum of squared distances of samples to their centroid. */
  inertia: number;
  /** Lloyd iterations of the winning restart. */
  iterations: number;
  converged: boolean;
  seed: number;
  restarts: number;
}

/**
 * k-means: greedy k-means++ seeding (Arthur & Vassilvitskii 2007, with scikit-learn's 2 + ln k
 * candidates per centre), Lloyd iterations with Hamerly's bounds, `restarts` times from one seeded
 * RNG; the lowest inertia wins. Written here rather than taken from ml-kmeans (arrays of arrays,
 * 3.4 s for one 100k × 50 run at k = 5). All restarts share one set of typed buffers; the seeding
 * leaves every sample's nearest and second-nearest centre, so the first assignment costs nothing,
 * and the cluster sums are updated only for samples that change cluster.
 */
export function kmeans(m: Matrix, options: KMeansOptions): KMeansResult {
  const { k } = options;
  if (!Number.isInteger(k) || k < 1) throw badParameter('k', 'a whole number ≥ 1', '须为 ≥ 1 的整数');
  const restarts = options.restarts ?? KMEANS_DEFAULT_RESTARTS;
  if (!Number.isInteger(restarts) || restarts < 1 || restarts > 1000) {
    throw badParameter('restarts', 'a whole number from 1 to 1000', '须为 1–1000 的整数');
  }
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
  const work = new Work(m, k, options);
  const bestLabels = new Int32Array(m.rows);
  const bestCentres = new Float64Array(k * m.cols);
  let best = { inertia: Infinity, iterations: 0, converged: false };
  for (let run = 0; run < restarts; run++) {
    work.seed(rng);
    const result = work.lloyd();
    // Strictly lower: ties keep the earlier restart, so adding restarts never changes a tie.
    if (result.inertia < best.inertia) {
      best = result;
      bestLabels.set(work.labels);
      bestCentres.set(work.centres);
    }
  }
  const p = m.cols;
  const sizes = new Array<number>(k).fill(0);
  for (const l of bestLabels) sizes[l] = (sizes[l] as number) + 1;
  return {
    k,
    labels: Array.from(bestLabels),
    centroids: Array.from({ length: k }, (_, c) => Array.from(bestCentres.subarray(c * p, c * p + p))),
    sizes,
    inertia: best.inertia,
    iterations: best.iterations,
    converged: best.converged,
    seed,
    restarts,
  };
}

function sqDist(data: Float64Array, i: number, centres: Float64Array, c: number, p: number): number {
  const a = i * p;
  const b = c * p;
  // Two columns a step (fewer loop checks), as `dot`.
  let s0 = 0;
  let s1 = 0;
  let j = 0;
  for (; j + 1 < p; j += 2) {
    const d0 = (data[a + j] as number) - (centres[b + j] as number);
    const d1 = (data[a + j + 1] as number) - (centres[b + j + 1] as number);
    s0 += d0 * d0;
    s1 += d1 * d1;
  }
  if (j < p) {
    const d = (data[a + j] as number) - (centres[b + j] as number);
    s0 += d * d;
  }
  return s0 + s1;
}

/** One restart's state; the buffers are allocated once and reused by every restart. */
class Work {
  readonly n: number;
  readonly p: number;
  readonly data: Float64Array;
  readonly labels: Int32Array;
  readonly centres: Float64Array;
  /** Upper bound on each sample's distance to its own centre (Elkan). */
  private readonly upper: Float64Array;
  /** n × k lower bounds on each sample's distance to each centre (Elkan); exact after seeding. */
  private readonly lower: Float64Array;
  /** Squared distance to the nearest chosen centre while seeding. */
  private readonly nearest: Float64Array;
  private readonly candidate: Float64Array;
  private readonly bestCandidate: Float64Array;
  private readonly sums: Float64Array;
  private readonly sizes: Int32Array;
  /** Centre-to-centre distances, k × k, and half the distance to each centre's nearest other. */
  private readonly between: Float64Array;
  private readonly half: Float64Array;
  /** Squared norm of each centre (for the dot-product distances of the bounded steps). */
  private readonly centreNorms: Float64Array;
  private readonly moves: Float64Array;
  private readonly tolerance: number;
  private readonly maxIterations: number;
  private readonly trials: number;
  /** Squared norm of every sample, for the dot-product form of the seeding's distances. */
  private readonly norms: Float64Array;

  constructor(
    m: Matrix,
    readonly k: number,
    options: KMeansOptions,
  ) {
    const n = m.rows;
    this.n = n;
    this.p = m.cols;
    this.data = m.data;
    this.labels = new Int32Array(n);
    this.centres = new Float64Array(k * this.p);
    this.upper = new Float64Array(n);
    this.lower = new Float64Array(n * k);
    this.nearest = new Float64Array(n);
    this.candidate = new Float64Array(n);
    this.bestCandidate = new Float64Array(n);
    this.sums = new Float64Array(k * this.p);
    this.sizes = new Int32Array(k);
    this.between = new Float64Array(k * k);
    this.half = new Float64Array(k);
    this.centreNorms = new Float64Array(k);
    this.moves = new Float64Array(k);
    this.tolerance = (options.tolerance ?? 1e-4) * meanVariance(m);
    this.maxIterations = options.maxIterations ?? 300;
    this.trials = 2 + Math.floor(Math.log(k));
    this.norms = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      let s = 0;
      for (let j = 0; j < this.p; j++) s += (m.data[i * this.p + j] as number) ** 2;
      this.norms[i] = s;
    }
  }

  /** The sample drawn with probability ∝ its squared distance to the nearest centre (uniform when all are 0). */
  private draw(rng: Rng, potential: number): number {
    const { n, nearest } = this;
    if (!(potential > 0)) return rng.int(n);
    let target = rng.next() * potential;
    for (let i = 0; i < n; i++) {
      target -= nearest[i] as number;
      if (target <= 0) return i;
    }
    return n - 1; // rounding left a sliver at the end
  }

  /**
   * Greedy k-means++: for each next centre, draw `trials` candidates ∝ D² and keep the one that
   * lowers the potential most. Every distance computed for a chosen centre is kept as that
   * centre's (exact) lower bound, so the first assignment needs no distance of its own.
   */
  seed(rng: Rng): void {
    const { n, p, k, data, centres, nearest, labels, lower } = this;
    const first = rng.int(n);
    centres.set(data.subarray(first * p, first * p + p), 0);
    nearest.fill(Infinity);
    let potential = this.candidateDistances(first);
    for (let i = 0; i < n; i++) {
      const d = this.candidate[i] as number;
      nearest[i] = d;
      lower[i * k] = Math.sqrt(d);
      labels[i] = 0;
    }
    for (let c = 1; c < k; c++) {
      let bestPick = -1;
      let bestPotential = Infinity;
      for (let t = 0; t < this.trials; t++) {
        const pick = this.draw(rng, potential);
        const total = this.candidateDistances(pick);
        if (total < bestPotential) {
          bestPotential = total;
          bestPick = pick;
          this.bestCandidate.set(this.candidate);
        }
      }
      centres.set(data.subarray(bestPick * p, bestPick * p + p), c * p);
      potential = 0;
      for (let i = 0; i < n; i++) {
        const d = this.bestCandidate[i] as number;
        lower[i * k + c] = Math.sqrt(d);
        if (d < (nearest[i] as number)) {
          nearest[i] = d;
          labels[i] = c;
        }
        potential += nearest[i] as number;
      }
    }
    for (let i = 0; i < n; i++) this.upper[i] = Math.sqrt(nearest[i] as number);
  }

  /** Squared distances of every sample to sample `pick` (into `candidate`); returns the potential with it as a centre. */
  private candidateDistances(pick: number): number {
    const { n, p, data, nearest, candidate, norms } = this;
    const at = pick * p;
    const own = norms[pick] as number;
    let total = 0;
    for (let i = 0; i < n; i++) {
      // |x − y|² = |x|² + |y|² − 2 x·y: one multiply-add per column instead of three operations.
      const s = Math.max(0, (norms[i] as number) + own - 2 * dot(data, i * p, data, at, p));
      candidate[i] = s;
      total += Math.min(s, nearest[i] as number);
    }
    return total;
  }

  /**
   * Distance of sample i to centre c as |x|² + |c|² − 2 x·c: one multiply-add per column instead
   * of three operations. Used by the bounded steps only; the final assignment, whose sum is the
   * reported inertia, measures differences.
   */
  private distance(i: number, c: number): number {
    const { p, data, centres } = this;
    const a = i * p;
    const b = c * p;
    return Math.sqrt(
      Math.max(0, (this.norms[i] as number) + (this.centreNorms[c] as number) - 2 * dot(data, a, centres, b, p)),
    );
  }

  /** Moves sample i to cluster c, keeping the cluster sums and sizes current. */
  private move(i: number, c: number): void {
    const from = this.labels[i] as number;
    if (from === c) return;
    const { p, data, sums, sizes } = this;
    const a = i * p;
    for (let j = 0; j < p; j++) {
      const v = data[a + j] as number;
      sums[from * p + j] = (sums[from * p + j] as number) - v;
      sums[c * p + j] = (sums[c * p + j] as number) + v;
    }
    sizes[from] = (sizes[from] as number) - 1;
    sizes[c] = (sizes[c] as number) + 1;
    this.labels[i] = c;
  }

  private centreGeometry(): void {
    const { k, p, centres, between, half, centreNorms } = this;
    for (let c = 0; c < k; c++) {
      let s = 0;
      for (let j = 0; j < p; j++) s += (centres[c * p + j] as number) ** 2;
      centreNorms[c] = s;
    }
    for (let c = 0; c < k; c++) {
      let closest = Infinity;
      for (let o = 0; o < k; o++) {
        const d = o === c ? 0 : Math.sqrt(sqDistCentres(centres, c, o, p));
        between[c * k + o] = d;
        if (o !== c && d < closest) closest = d;
      }
      half[c] = closest / 2;
    }
  }

  /**
   * Elkan's step (Elkan 2003): a centre is measured for a sample only when neither the sample's
   * lower bound to it nor half the centre-to-centre distance rules it out. The assignment is
   * Lloyd's. With `exact`, every sample's own distance is measured, ties go to the lower index
   * (coinciding centres leave one empty) and the inertia is returned.
   */
  private assignStep(exact: boolean): number {
    const { n, p, k, data, centres, labels, upper, lower, between, half } = this;
    let inertia = 0;
    for (let i = 0; i < n; i++) {
      let a = labels[i] as number;
      let u = upper[i] as number;
      let tight = false;
      if (exact) {
        u = Math.sqrt(sqDist(data, i, centres, a, p));
        lower[i * k + a] = u;
        tight = true;
      } else if (u <= (half[a] as number)) continue;
      for (let c = 0; c < k; c++) {
        if (c === a) continue;
        const apart = between[a * k + c] as number;
        if (exact && apart === 0 && c < a) {
          a = c; // the same centre twice: the lower index takes the sample
          continue;
        }
        if (u <= (lower[i * k + c] as number) || u <= apart / 2) continue;
        if (!tight) {
          u = this.distance(i, a);
          lower[i * k + a] = u;
          tight = true;
          if (u <= (lower[i * k + c] as number) || u <= apart / 2) continue;
        }
        const d = exact ? Math.sqrt(sqDist(data, i, centres, c, p)) : this.distance(i, c);
        lower[i * k + c] = d;
        if (d < u) {
          a = c;
          u = d;
        }
      }
      upper[i] = u;
      if (a !== labels[i]) this.move(i, a);
      inertia += u * u;
    }
    return inertia;
  }

  /** An emptied cluster takes the sample farthest from its centre among clusters of two or more; false if none is off its centre. */
  private refill(c: number): boolean {
    const { n, p, k, data, centres, labels, sizes, upper, lower } = this;
    let far = -1;
    let farD = 0;
    for (let i = 0; i < n; i++) {
      if ((sizes[labels[i] as number] as number) < 2) continue;
      const d = sqDist(data, i, centres, labels[i] as number, p);
      if (d > farD) {
        farD = d;
        far = i;
      }
    }
    if (far < 0) return false;
    this.move(far, c);
    centres.set(data.subarray(far * p, far * p + p), c * p);
    upper[far] = 0;
    for (let o = 0; o < k; o++) lower[far * k + o] = 0;
    return true;
  }

  /**
   * Lloyd iterations with Elkan's bounds, then a full exact assignment to the final centres;
   * returns its inertia.
   */
  lloyd(): { inertia: number; iterations: number; converged: boolean } {
    const { n, p, k, data, labels, centres, upper, lower, sums, sizes, moves } = this;
    sums.fill(0);
    sizes.fill(0);
    for (let i = 0; i < n; i++) {
      const c = labels[i] as number;
      sizes[c] = (sizes[c] as number) + 1;
      const a = i * p;
      for (let j = 0; j < p; j++) sums[c * p + j] = (sums[c * p + j] as number) + (data[a + j] as number);
    }
    let iterations = 0;
    let converged = false;
    while (iterations < this.maxIterations) {
      iterations++;
      if (iterations > 1) {
        this.centreGeometry();
        this.assignStep(false);
      }
      let shift = 0; // sum of squared centroid moves
      const old = centres.slice();
      for (let c = 0; c < k; c++) {
        if (sizes[c] === 0) {
          if (this.refill(c)) shift = Infinity;
          continue;
        }
        const size = sizes[c] as number;
        for (let j = 0; j < p; j++) centres[c * p + j] = (sums[c * p + j] as number) / size;
      }
      for (let c = 0; c < k; c++) {
        const moved = sqDistCentresOf(old, centres, c, p);
        if (shift !== Infinity) shift += moved;
        moves[c] = Math.sqrt(moved);
      }
      // Keep the bounds valid: a centre's move widens its samples' upper bounds and narrows
      // every lower bound to it by as much.
      for (let i = 0; i < n; i++) {
        upper[i] = (upper[i] as number) + (moves[labels[i] as number] as number);
        for (let c = 0; c < k; c++) lower[i * k + c] = Math.max(0, (lower[i * k + c] as number) - (moves[c] as number));
      }
      if (shift <= this.tolerance) {
        converged = true;
        break;
      }
    }
    this.centreGeometry();
    return { inertia: this.assignStep(true), iterations, converged };
  }
}

/** x·y of two rows of p values, four columns a step (fewer loop checks; V8 does not vectorise). */
function dot(x: Float64Array, a: number, y: Float64Array, b: number, p: number): number {
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  let j = 0;
  for (; j + 3 < p; j += 4) {
    s0 += (x[a + j] as number) * (y[b + j] as number);
    s1 += (x[a + j + 1] as number) * (y[b + j + 1] as number);
    s2 += (x[a + j + 2] as number) * (y[b + j + 2] as number);
    s3 += (x[a + j + 3] as number) * (y[b + j + 3] as number);
  }
  for (; j < p; j++) s0 += (x[a + j] as number) * (y[b + j] as number);
  return s0 + s1 + s2 + s3;
}

function sqDistCentresOf(a: Float64Array, b: Float64Array, c: number, p: number): number {
  let s = 0;
  for (let j = 0; j < p; j++) {
    const d = (a[c * p + j] as number) - (b[c * p + j] as number);
    s += d * d;
  }
  return s;
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
