/** A mono sound on Praat's time grid: sample i (0-based) sits at x1 + i * dx seconds. */
export interface Sound {
  samples: Float64Array;
  /** Sample period (s). */
  dx: number;
  /** Time of the first sample (s): half a sample period, as Praat reads files. */
  x1: number;
  /** Duration (s). */
  duration: number;
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
