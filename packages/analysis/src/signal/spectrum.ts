import FFT from 'fft.js';

/**
 * Cached real FFTs (fft.js) for the two operations the engines need: the autocorrelation of a
 * zero-padded frame (Wiener–Khinchin) and the cross-correlation of a short window against a
 * longer stretch.
 */
interface Plan {
  fft: FFT;
  input: Float64Array;
  spectrum: number[];
  power: Float64Array;
  back: number[];
  specA: number[];
  prod: number[];
}
const plans = new Map<number, Plan>();

function plan(size: number): Plan {
  let p = plans.get(size);
  if (!p) {
    const fft = new FFT(size);
    p = {
      fft,
      input: new Float64Array(size),
      spectrum: fft.createComplexArray(),
      power: new Float64Array(size),
      back: fft.createComplexArray(),
      specA: fft.createComplexArray(),
      prod: fft.createComplexArray(),
    };
    plans.set(size, p);
  }
  return p;
}

/** Smallest power of two that is at least n. */
export const nextPow2 = (n: number): number => 2 ** Math.ceil(Math.log2(Math.max(2, n)));

/**
 * Autocorrelation of `frame` (already windowed) for lags 0..maxLag, computed through an FFT of
 * `size` points (size >= frame length + maxLag avoids circular wrap). Unnormalised.
 */
export function autocorrelation(
  frame: ArrayLike<number>,
  size: number,
  maxLag: number,
  out = new Float64Array(maxLag + 1),
): Float64Array {
  const p = plan(size);
  p.input.fill(0);
  for (let i = 0; i < frame.length && i < size; i++) p.input[i] = frame[i]!;
  p.fft.realTransform(p.spectrum, p.input);
  // Power spectrum is real and even, so its inverse transform equals its forward transform / N.
  const half = size / 2;
  for (let k = 0; k <= half; k++) {
    const re = p.spectrum[2 * k]!;
    const im = p.spectrum[2 * k + 1]!;
    const pw = re * re + im * im;
    p.power[k] = pw;
    if (k > 0 && k < half) p.power[size - k] = pw;
  }
  p.fft.realTransform(p.back, p.power);
  for (let lag = 0; lag <= maxLag; lag++) out[lag] = p.back[2 * lag]! / size;
  return out;
}

/**
 * Cross-correlation sums c[lag] = sum_{j<w} a[j] * b[j + lag] for lag 0..maxLag, where `a` has
 * w samples and `b` at least w + maxLag; computed by FFT.
 */
export function crossCorrelation(
  a: ArrayLike<number>,
  b: ArrayLike<number>,
  maxLag: number,
  out = new Float64Array(maxLag + 1),
): Float64Array {
  const w = a.length;
  const size = nextPow2(b.length + w);
  const pa = plan(size);
  pa.input.fill(0);
  for (let i = 0; i < w; i++) pa.input[i] = a[i]!;
  const specA = pa.specA;
  pa.fft.realTransform(specA, pa.input);
  pa.input.fill(0);
  for (let i = 0; i < b.length; i++) pa.input[i] = b[i]!;
  pa.fft.realTransform(pa.spectrum, pa.input);
  // conj(A) * B on the half spectrum; the product of two real signals' spectra is Hermitian,
  // so the other half is its mirror and the inverse is real.
  const half = size / 2;
  const prod = pa.prod;
  for (let k = 0; k <= half; k++) {
    const ar = specA[2 * k]!;
    const ai = -specA[2 * k + 1]!;
    const br = pa.spectrum[2 * k]!;
    const bi = pa.spectrum[2 * k + 1]!;
    prod[2 * k] = ar * br - ai * bi;
    prod[2 * k + 1] = ar * bi + ai * br;
  }
  for (let k = 1; k < half; k++) {
    prod[2 * (size - k)] = prod[2 * k]!;
    prod[2 * (size - k) + 1] = -prod[2 * k + 1]!;
  }
  pa.fft.inverseTransform(pa.back, prod);
  for (let lag = 0; lag <= maxLag; lag++) out[lag] = pa.back[2 * lag]!;
  return out;
}
