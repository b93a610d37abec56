/** A mono sound on Praat's time grid: sample i (0-based) sits at x1 + i * dx seconds. */
export interface Sound {
  samples: Float64Array;
  /** Sample period (s). */
  dx: number;
  /** Time of the first sample (s): half a sample period, as Praat reads files. */
  x1: number;
  /** Duration (s). */
  duration: number;
  /** Sum, minimum and maximum of the samples, once known (see `extentOf`). */
  extent?: Extent;
  /** Per-block statistics, once computed (see `blocksOf`). */
  blocks?: Blocks;
}

/**
 * Statistics of consecutive blocks of `size` samples (about 0.5 ms; the last block may be
 * shorter): window sums and extremes over thousands of samples then cost a few dozen steps.
 */
export interface Blocks {
  size: number;
  sum: Float64Array;
  sumSq: Float64Array;
  min: Float64Array;
  max: Float64Array;
}

/** The sound's block statistics, computed in one pass and then kept on the sound. */
export function blocksOf(s: Sound): Blocks {
  return (s.blocks ??= blockStats(s.samples, Math.max(1, Math.floor(0.0005 / s.dx))));
}

function blockStats(x: Float64Array, size: number): Blocks {
  const nb = Math.ceil(x.length / size);
  const b: Blocks = {
    size,
    sum: new Float64Array(nb),
    sumSq: new Float64Array(nb),
    min: new Float64Array(nb),
    max: new Float64Array(nb),
  };
  for (let j = 0, i = 0; j < nb; j++) {
    let s1 = 0;
    let s2 = 0;
    let lo = Infinity;
    let hi = -Infinity;
    for (const end = Math.min(x.length, i + size); i < end; i++) {
      const v = x[i]!;
      s1 += v;
      s2 += v * v;
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
    b.sum[j] = s1;
    b.sumSq[j] = s2;
    b.min[j] = lo;
    b.max[j] = hi;
  }
  return b;
}

/**
 * Sum, minimum and maximum of x[lo..hi] (inclusive, inside the sound): whole blocks from the
 * block statistics, the ragged ends sample by sample.
 */
export function rangeStats(s: Sound, lo: number, hi: number): Extent {
  const x = s.samples;
  const b = blocksOf(s);
  const size = b.size;
  let sum = 0;
  let min = Infinity;
  let max = -Infinity;
  const jLo = Math.ceil(lo / size);
  const jHi = Math.floor((hi + 1) / size); // blocks jLo..jHi-1 lie wholly inside
  const headEnd = jHi > jLo ? jLo * size : hi + 1;
  const tailStart = jHi > jLo ? jHi * size : hi + 1;
  for (let i = lo; i < headEnd; i++) {
    const v = x[i]!;
    sum += v;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  for (let j = jLo; j < jHi; j++) {
    sum += b.sum[j]!;
    if (b.min[j]! < min) min = b.min[j]!;
    if (b.max[j]! > max) max = b.max[j]!;
  }
  for (let i = tailStart; i <= hi; i++) {
    const v = x[i]!;
    sum += v;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  return { sum, min, max };
}

/** Mean of x[lo..hi] with samples beyond either end counting as the edge sample (as Praat's frame loops read them). */
export function meanWithEdges(s: Sound, lo: number, hi: number): number {
  const x = s.samples;
  const n = x.length;
  let sum = rangeStats(s, Math.max(0, lo), Math.min(n - 1, hi)).sum;
  if (lo < 0) sum += -lo * x[0]!;
  if (hi > n - 1) sum += (hi - (n - 1)) * x[n - 1]!;
  return sum / (hi - lo + 1);
}

export interface Extent {
  sum: number;
  min: number;
  max: number;
}

/** Sum, minimum and maximum of a sound's samples (from its block statistics), kept on the sound. */
export function extentOf(s: Sound): Extent {
  if (s.extent) return s.extent;
  const b = blocksOf(s);
  let sum = 0;
  let min = Infinity;
  let max = -Infinity;
  for (let j = 0; j < b.sum.length; j++) {
    sum += b.sum[j]!;
    if (b.min[j]! < min) min = b.min[j]!;
    if (b.max[j]! > max) max = b.max[j]!;
  }
  return (s.extent = { sum, min, max });
}

/** Largest |x - mean| of a sound (Praat's global peak for its silence thresholds); 0 if empty. */
export function peakAboutMean(s: Sound): number {
  const n = s.samples.length;
  if (!n) return 0;
  const { sum, min, max } = extentOf(s);
  const mean = sum / n;
  return Math.max(max - mean, mean - min);
}

/** Builds a Sound from mono samples at a sample rate (Hz); a Float64Array is used as it is, not copied. */
export function makeSound(samples: ArrayLike<number>, rateHz: number): Sound {
  const dx = 1 / rateHz;
  const x = samples instanceof Float64Array ? samples : Float64Array.from(samples);
  return { samples: x, dx, x1: 0.5 * dx, duration: samples.length * dx };
}

/** Index (0-based) of the last sample at or before t (Praat's "low index", minus one). */
export const lowIndex = (s: Sound, t: number): number => Math.floor((t - s.x1) / s.dx);
/** Index (0-based) of the first sample at or after t. */
export const highIndex = (s: Sound, t: number): number => Math.ceil((t - s.x1) / s.dx);
/** Index (0-based) of the sample nearest to t. */
export const nearestIndex = (s: Sound, t: number): number => Math.round((t - s.x1) / s.dx);
/** Time (s) of sample i. */
export const timeOf = (s: Sound, i: number): number => s.x1 + i * s.dx;
