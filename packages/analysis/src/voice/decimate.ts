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
  const x = s.samples;
  const n = Math.floor(x.length / factor);
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
  const y = new Float64Array(n);
  // Output sample m sits on input sample m·factor + off, so the filter is one aligned dot product.
  const off = Math.floor((factor - 1) / 2);
  foldedFilter(x, h.subarray(half), half, factor, off, y);
  const dx = s.dx * factor;
  return { samples: y, dx, x1: s.x1 + off * s.dx, duration: n * dx };
}

/**
 * y[m] = sum_k h[|k|] x[m·factor + off + k] for |k| <= half, with the symmetric taps folded
 * (half the products) and taps past the ends dropped. A function of its own so that the JIT
 * optimises it whole rather than only its loop.
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
