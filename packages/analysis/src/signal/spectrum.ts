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
}
const plans = new Map<number, Plan>();

/** fft.js declares its complex arrays `any[]`; they are plain arrays of 2 x size numbers. */
const complexArray = (fft: FFT): number[] => fft.createComplexArray() as number[];

function plan(size: number): Plan {
  let p = plans.get(size);
  if (!p) {
    const fft = new FFT(size);
    p = {
      fft,
      input: new Float64Array(size),
      spectrum: complexArray(fft),
      power: new Float64Array(size),
      back: complexArray(fft),
      specA: complexArray(fft),
    };
    plans.set(size, p);
  }
  return p;
}

/** Smallest power of two that is at least n. */
export const nextPow2 = (n: number): number => 2 ** Math.ceil(Math.log2(Math.max(2, n)));

/**
 * Autocorrelation of `frame` (already windowed) for lags 0..maxLag, computed through an FFT of
 * `size` points (size >= frame length + maxLag avoids circular wrap). Unnormalized.
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
 * Autocorrelations of two frames at once (as `autocorrelation` computes each): the frames are the
 * real and imaginary parts of one complex transform, and their power spectra (real and even)
 * the real and imaginary parts of the second, whose transform is then N·(acA + i·acB).
 */
export function autocorrelationPair(
  a: ArrayLike<number>,
  b: ArrayLike<number>,
  size: number,
  maxLag: number,
  outA: Float64Array,
  outB: Float64Array,
): void {
  const p = plan(size);
  const z = p.specA;
  z.fill(0);
  for (let i = 0; i < a.length && i < size; i++) z[2 * i] = a[i]!;
  for (let i = 0; i < b.length && i < size; i++) z[2 * i + 1] = b[i]!;
  p.fft.transform(p.spectrum, z);
  const Z = p.spectrum;
  // A[k] = (Z[k] + conj Z[N-k]) / 2, B[k] = (Z[k] - conj Z[N-k]) / 2i; |A|² and |B|² are even.
  for (let k = 0; k <= size / 2; k++) {
    const m = k === 0 ? 0 : size - k;
    const zr = Z[2 * k]!;
    const zi = Z[2 * k + 1]!;
    const mr = Z[2 * m]!;
    const mi = Z[2 * m + 1]!;
    const ar = zr + mr;
    const ai = zi - mi;
    const br = zi + mi;
    const bi = zr - mr;
    const pa = 0.25 * (ar * ar + ai * ai);
    const pb = 0.25 * (br * br + bi * bi);
    z[2 * k] = pa;
    z[2 * k + 1] = pb;
    z[2 * m] = pa;
    z[2 * m + 1] = pb;
  }
  p.fft.transform(p.back, z);
  for (let lag = 0; lag <= maxLag; lag++) {
    outA[lag] = p.back[2 * lag]! / size;
    outB[lag] = p.back[2 * lag + 1]! / size;
  }
}

/**
 * Cross-correlation sums c[lag] = sum_{j<w} a[j] * b[j + lag] for lag 0..maxLag, where `a` has
 * w samples and `b` at least w + maxLag; computed by FFT. Both real inputs share one complex
 * transform (a as the real part, b as the imaginary part), and the real result comes back
 * through one real transform of the spectrum's Hartley form: two transforms instead of three.
 */
export function crossCorrelation(
  a: ArrayLike<number>,
  b: ArrayLike<number>,
  maxLag: number,
  out: Float64Array = new Float64Array(maxLag + 1),
): Float64Array {
  const w = a.length;
  // a is zero beyond w, so lags up to maxLag never wrap once size >= b.length.
  const size = nextPow2(Math.max(b.length, w + maxLag + 1));
  const p = plan(size);
  const z = p.specA;
  z.fill(0);
  for (let i = 0; i < w; i++) z[2 * i] = a[i]!;
  for (let i = 0; i < b.length; i++) z[2 * i + 1] = b[i]!;
  p.fft.transform(p.spectrum, z);
  // With Z = A + iB: A[k] = (Z[k] + conj Z[N-k]) / 2 and B[k] = (Z[k] - conj Z[N-k]) / 2i.
  // P = conj(A)·B is the spectrum of the (real) correlation; its Hartley form Re P - Im P is a
  // real sequence whose forward transform gives N·c[n] = Re - Im of that transform.
  const Z = p.spectrum;
  const q = p.power;
  // P[N-k] = conj P[k], so each pass fills q[k] and q[N-k].
  for (let k = 0; k <= size / 2; k++) {
    const m = k === 0 ? 0 : size - k;
    const zr = Z[2 * k]!;
    const zi = Z[2 * k + 1]!;
    const mr = Z[2 * m]!;
    const mi = Z[2 * m + 1]!;
    const ar = 0.5 * (zr + mr);
    const ai = 0.5 * (zi - mi);
    const br = 0.5 * (zi + mi);
    const bi = -0.5 * (zr - mr);
    // conj(A)·B
    const pr = ar * br + ai * bi;
    const pi = ar * bi - ai * br;
    q[k] = pr - pi;
    q[m] = pr + pi;
  }
  p.fft.realTransform(p.back, q);
  if (maxLag > size / 2) p.fft.completeSpectrum(p.back);
  for (let lag = 0; lag <= maxLag; lag++) out[lag] = (p.back[2 * lag]! - p.back[2 * lag + 1]!) / size;
  return out;
}
