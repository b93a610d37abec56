import type { Sound } from './sound.js';

/**
 * Band-limited decimation by an integer factor: a Hann-windowed sinc low-pass (cut-off at 0.45
 * of the new sample rate, `halfTaps` new-rate periods on each side) evaluated only at every
 * `factor`-th sample. The pitch search needs nothing above its 600 Hz ceiling and a few
 * harmonics, so it runs on an 11-12 kHz copy of a 44.1/48 kHz recording: the same frames and
 * candidates for a sixteenth of the autocorrelation work (docs/voice.md, "Speed").
 */
export function decimate(s: Sound, factor: number, halfTaps = 4): Sound {
  if (factor <= 1) return s;
  const half = halfTaps * factor;
  const cut = 0.45 / factor; // cycles per input sample
  const h = new Float64Array(2 * half + 1);
  let sum = 0;
  for (let k = -half; k <= half; k++) {
    const sinc = k === 0 ? 2 * cut : Math.sin(2 * Math.PI * cut * k) / (Math.PI * k);
    const w = 0.5 + 0.5 * Math.cos((Math.PI * k) / (half + 1));
    h[k + half] = sinc * w;
    sum += sinc * w;
  }
  for (let k = 0; k < h.length; k++) h[k] = h[k]! / sum;
  return decimateWith(s, factor, h.subarray(half));
}

/**
 * Decimation by an integer factor with a given symmetric low-pass (`hs`: the center tap and one
 * side, normalized). Output sample m sits on input sample m·factor + off, so the filter is one
 * aligned dot product and the new sound keeps Praat's time grid (no fractional shift).
 */
function decimateWith(s: Sound, factor: number, hs: Float64Array): Sound {
  const x = s.samples;
  const n = Math.floor(x.length / factor);
  const half = hs.length - 1;
  const y = new Float64Array(n);
  const off = Math.floor((factor - 1) / 2);
  if (half === 16) foldedFilter16(x, hs, factor, off, y);
  else foldedFilter(x, hs, half, factor, off, y);
  const dx = s.dx * factor;
  return { samples: y, dx, x1: s.x1 + off * s.dx, duration: n * dx };
}

/**
 * y[m] = sum_k h[|k|] x[m·factor + off + k] for |k| <= half, with the symmetric taps folded
 * (half the products) and taps past the ends dropped. A function of its own so that the JIT
 * optimizes it whole rather than only its loop.
 */
function foldedFilter(
  x: Float64Array,
  hs: Float64Array,
  half: number,
  factor: number,
  off: number,
  y: Float64Array,
): void {
  const n = y.length;
  for (let m = 0; m < n; m++) {
    const c = m * factor + off;
    let acc = hs[0]! * x[c]!;
    if (c >= half && c + half < x.length) {
      for (let k = 1; k <= half; k++) acc += hs[k]! * (x[c - k]! + x[c + k]!);
    } else {
      for (let k = 1; k <= half; k++) {
        if (c - k >= 0) acc += hs[k]! * x[c - k]!;
        if (c + k < x.length) acc += hs[k]! * x[c + k]!;
      }
    }
    y[m] = acc;
  }
}

/**
 * foldedFilter for the 16-tap half filter of decimation by 4 (44.1 and 48 kHz, the usual
 * recordings): the taps in locals and the sum written out, in the same order as the loop, so
 * the result is bit-identical and the taps stay in registers.
 */
function foldedFilter16(x: Float64Array, hs: Float64Array, factor: number, off: number, y: Float64Array): void {
  const h0 = hs[0]!;
  const h1 = hs[1]!;
  const h2 = hs[2]!;
  const h3 = hs[3]!;
  const h4 = hs[4]!;
  const h5 = hs[5]!;
  const h6 = hs[6]!;
  const h7 = hs[7]!;
  const h8 = hs[8]!;
  const h9 = hs[9]!;
  const h10 = hs[10]!;
  const h11 = hs[11]!;
  const h12 = hs[12]!;
  const h13 = hs[13]!;
  const h14 = hs[14]!;
  const h15 = hs[15]!;
  const h16 = hs[16]!;
  const n = y.length;
  for (let m = 0; m < n; m++) {
    const c = m * factor + off;
    if (c >= 16 && c + 16 < x.length) {
      let acc = h0 * x[c]!;
      acc += h1 * (x[c - 1]! + x[c + 1]!);
      acc += h2 * (x[c - 2]! + x[c + 2]!);
      acc += h3 * (x[c - 3]! + x[c + 3]!);
      acc += h4 * (x[c - 4]! + x[c + 4]!);
      acc += h5 * (x[c - 5]! + x[c + 5]!);
      acc += h6 * (x[c - 6]! + x[c + 6]!);
      acc += h7 * (x[c - 7]! + x[c + 7]!);
      acc += h8 * (x[c - 8]! + x[c + 8]!);
      acc += h9 * (x[c - 9]! + x[c + 9]!);
      acc += h10 * (x[c - 10]! + x[c + 10]!);
      acc += h11 * (x[c - 11]! + x[c + 11]!);
      acc += h12 * (x[c - 12]! + x[c + 12]!);
      acc += h13 * (x[c - 13]! + x[c + 13]!);
      acc += h14 * (x[c - 14]! + x[c + 14]!);
      acc += h15 * (x[c - 15]! + x[c + 15]!);
      acc += h16 * (x[c - 16]! + x[c + 16]!);
      y[m] = acc;
    } else {
      let acc = h0 * x[c]!;
      for (let k = 1; k <= 16; k++) {
        if (c - k >= 0) acc += hs[k]! * x[c - k]!;
        if (c + k < x.length) acc += hs[k]! * x[c + k]!;
      }
      y[m] = acc;
    }
  }
}
