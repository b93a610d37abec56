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
}

export interface Extent {
  sum: number;
  min: number;
  max: number;
}

/** Sum, minimum and maximum of a sound's samples: computed once, then kept on the sound. */
export function extentOf(s: Sound): Extent {
  return (s.extent ??= extentOfSamples(s.samples));
}

function extentOfSamples(x: Float64Array): Extent {
  let sum = 0;
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < x.length; i++) {
    const v = x[i]!;
    sum += v;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  return { sum, min, max };
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

/**
 * Mean of x over indices lo..hi, samples beyond either end counting as the edge sample (how
 * Praat's frame loops read them). Four running sums keep the adds independent.
 */
export function meanWithEdges(x: Float64Array, lo: number, hi: number): number {
  const n = x.length;
  const a = Math.max(0, lo);
  const b = Math.min(n - 1, hi);
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  let i = a;
  for (; i + 3 <= b; i += 4) {
    s0 += x[i]!;
    s1 += x[i + 1]!;
    s2 += x[i + 2]!;
    s3 += x[i + 3]!;
  }
  for (; i <= b; i++) s0 += x[i]!;
  let sum = s0 + s1 + s2 + s3;
  if (lo < 0) sum += -lo * x[0]!;
  if (hi > n - 1) sum += (hi - (n - 1)) * x[n - 1]!;
  return sum / (hi - lo + 1);
}
