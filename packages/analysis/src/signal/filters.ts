/**
 * Zero-phase IIR filtering (RBJ biquads run forward and backward) for the waveform engines:
 * zero phase keeps landmark times (peaks, notches) where they are.
 */

export interface Biquad {
  b0: number;
  b1: number;
  b2: number;
  a1: number;
  a2: number;
}

/** Second-order Butterworth low-pass section (cutoff in Hz, rate in Hz). */
export function lowpass(cutoffHz: number, rateHz: number): Biquad {
  const w = (2 * Math.PI * Math.min(cutoffHz, 0.45 * rateHz)) / rateHz;
  const alpha = Math.sin(w) / Math.SQRT2;
  const c = Math.cos(w);
  const a0 = 1 + alpha;
  return { b0: (1 - c) / 2 / a0, b1: (1 - c) / a0, b2: (1 - c) / 2 / a0, a1: (-2 * c) / a0, a2: (1 - alpha) / a0 };
}

/** Second-order Butterworth high-pass section (cutoff in Hz, rate in Hz). */
export function highpass(cutoffHz: number, rateHz: number): Biquad {
  const w = (2 * Math.PI * cutoffHz) / rateHz;
  const alpha = Math.sin(w) / Math.SQRT2;
  const c = Math.cos(w);
  const a0 = 1 + alpha;
  return { b0: (1 + c) / 2 / a0, b1: -(1 + c) / a0, b2: (1 + c) / 2 / a0, a1: (-2 * c) / a0, a2: (1 - alpha) / a0 };
}

function runOnce(x: Float64Array, f: Biquad, reverse: boolean): void {
  const n = x.length;
  if (!n) return;
  // Start in the steady state of the first sample so the edges do not ring.
  const first = reverse ? x[n - 1]! : x[0]!;
  const gainDc = (f.b0 + f.b1 + f.b2) / (1 + f.a1 + f.a2);
  let x1 = first;
  let x2 = first;
  let y1 = first * gainDc;
  let y2 = y1;
  for (let k = 0; k < n; k++) {
    const i = reverse ? n - 1 - k : k;
    const xi = x[i]!;
    const yi = f.b0 * xi + f.b1 * x1 + f.b2 * x2 - f.a1 * y1 - f.a2 * y2;
    x2 = x1;
    x1 = xi;
    y2 = y1;
    y1 = yi;
    x[i] = yi;
  }
}

/** Applies the sections forward then backward (zero phase, squared magnitude); returns a new array. */
export function filtfilt(x: ArrayLike<number>, sections: readonly Biquad[]): Float64Array {
  const y = Float64Array.from(x);
  for (const s of sections) {
    runOnce(y, s, false);
    runOnce(y, s, true);
  }
  return y;
}

/** Zero-phase band-pass between lowHz and highHz (rate in Hz). */
export function bandpass(x: ArrayLike<number>, lowHz: number, highHz: number, rateHz: number): Float64Array {
  return filtfilt(x, [highpass(lowHz, rateHz), lowpass(highHz, rateHz)]);
}

/** Centred moving average over `width` samples (odd widths are symmetric). */
export function movingAverage(x: ArrayLike<number>, width: number): Float64Array {
  const n = x.length;
  const y = new Float64Array(n);
  const h = Math.max(0, Math.floor(width / 2));
  let s = 0;
  let lo = 0;
  let hi = -1;
  for (let i = 0; i < n; i++) {
    const a = Math.max(0, i - h);
    const b = Math.min(n - 1, i + h);
    while (hi < b) s += x[++hi]!;
    while (lo < a) s -= x[lo++]!;
    y[i] = s / (hi - lo + 1);
  }
  return y;
}
