// The fast filters and rounding against straightforward reference implementations: the fast
// versions only reorder memory access, so they must match exactly.
import { describe, expect, it } from 'vitest';
import { boxBlur, dilate, erode } from './filters.js';
import { roundHalfUp } from './stats.js';

/** Deterministic pseudo-random plane with smooth areas, steps and repeated values. */
function plane(w: number, h: number, seed: number): Float32Array {
  const out = new Float32Array(w * h);
  let s = seed;
  for (let i = 0; i < out.length; i++) {
    s = (s * 1103515245 + 12345) % 2147483648;
    const x = i % w;
    out[i] = s % 7 === 0 ? 50 : ((x * 3 + Math.floor(i / w)) % 40) + (s / 2147483648) * 20;
  }
  return out;
}

const at = (n: number, p: number): number => Math.min(n - 1, Math.max(0, p));

function referenceExtremum(src: Float32Array, w: number, h: number, r: number, max: boolean): Float32Array {
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let m = max ? -Infinity : Infinity;
      for (let dy = -r; dy <= r; dy++) {
        for (let dx = -r; dx <= r; dx++) {
          const v = src[at(h, y + dy) * w + at(w, x + dx)]!;
          m = max ? Math.max(m, v) : Math.min(m, v);
        }
      }
      out[y * w + x] = m;
    }
  }
  return out;
}

/** Separable box mean, one line at a time through an edge-padded buffer (the former code). */
function referenceBox(src: Float32Array, w: number, h: number, r: number): Float32Array {
  const pass = (input: Float32Array, horizontal: boolean): Float32Array => {
    const out = new Float32Array(w * h);
    const n = horizontal ? w : h;
    for (let j = 0; j < (horizontal ? h : w); j++) {
      const get = (i: number): number => input[horizontal ? j * w + at(w, i) : at(h, i) * w + j]!;
      let s = 0;
      for (let i = -r; i <= r; i++) s += get(i);
      for (let i = 0; i < n; i++) {
        out[horizontal ? j * w + i : i * w + j] = s * (1 / (2 * r + 1));
        s += get(i + r + 1) - get(i - r);
      }
    }
    return out;
  };
  return pass(pass(src, true), false);
}

describe('tongue feature filters', () => {
  for (const [w, h] of [
    [37, 29],
    [5, 4],
    [1, 9],
  ] as const) {
    const src = plane(w, h, w * 31 + h);
    for (const r of [1, 3, 4, 6]) {
      it(`dilate, erode and boxBlur match the reference (${w}x${h}, r=${r})`, () => {
        expect(dilate(src, w, h, r)).toEqual(referenceExtremum(src, w, h, r, true));
        expect(erode(src, w, h, r)).toEqual(referenceExtremum(src, w, h, r, false));
        expect(boxBlur(src, w, h, r)).toEqual(referenceBox(src, w, h, r));
      });
    }
  }

  it('roundHalfUp matches Math.round', () => {
    const xs = [0, 0.5, 1.5, 2.5, -0.5, -1.5, 0.49999999999999994, -0.49999999999999994, 4503599627370495.5, 599.95];
    for (let k = 0; k < 20000; k++) xs.push((k - 10000) / 7.3, (k - 10000) * 0.05, k / 10 + 0.05);
    for (const x of xs) expect(roundHalfUp(x) + 0).toBe(Math.round(x) + 0);
  });
});
