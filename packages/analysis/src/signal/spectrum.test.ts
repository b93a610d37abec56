import { describe, expect, it } from 'vitest';
import { autocorrelation, crossCorrelation, nextPow2 } from './spectrum.js';

// Deterministic test signal: a few tones plus pseudo-random noise.
function signal(n: number, seed: number): Float64Array {
  let s = seed;
  const rnd = () => (s = (s * 1103515245 + 12345) >>> 0) / 2 ** 32 - 0.5;
  return Float64Array.from({ length: n }, (_, i) => Math.sin(0.07 * i) + 0.5 * Math.cos(0.31 * i + 1) + rnd());
}

describe('FFT correlations equal the direct sums', () => {
  it('cross-correlation of a window against a longer stretch, short and long lags', () => {
    for (const [w, maxLag] of [
      [147, 147],
      [586, 586],
      [3, 100],
      [50, 7],
    ] as const) {
      const b = signal(w + maxLag, w);
      const a = b.slice(0, w);
      a[0] = a[0]! + 0.3; // a differs from b's head, so the test sees which input is which
      const c = crossCorrelation(a, b, maxLag);
      for (let lag = 0; lag <= maxLag; lag++) {
        let d = 0;
        for (let j = 0; j < w; j++) d += a[j]! * b[j + lag]!;
        expect(c[lag]!).toBeCloseTo(d, 9);
      }
    }
  });

  it('autocorrelation of a zero-padded frame', () => {
    const x = signal(441, 7);
    const maxLag = 220;
    const r = autocorrelation(x, nextPow2(441 + maxLag), maxLag);
    for (const lag of [0, 1, 2, 50, 149, 220]) {
      let d = 0;
      for (let j = 0; j + lag < x.length; j++) d += x[j]! * x[j + lag]!;
      expect(r[lag]!).toBeCloseTo(d, 9);
    }
  });
});
