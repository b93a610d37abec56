import type { PulseDiagram } from '@tcm/contract';
import { movingAverage, round } from '../signal/index.js';

/**
 * Pulse-diagram (脉图) landmarks on the averaged beat, following the definitions collected in
 * shared/domain/pulse-parameters.md: onset U at sample 0 (baseline 0), main peak P (h1, t1),
 * tidal wave T between P and the notch (h3), dicrotic notch V (h4, t4), dicrotic wave D (h5,
 * measured above the notch), t5 = t - t4, w = width of the main wave at 2/3 of h1 (its upper
 * third). Where the notch is only an inflection (common in finger PPG), V is the point of
 * greatest upward curvature and D the following point of least steep descent.
 */

function localMax(x: ArrayLike<number>, a: number, b: number): number[] {
  const out: number[] = [];
  for (let i = Math.max(1, a); i <= Math.min(x.length - 2, b); i++)
    if (x[i]! > x[i - 1]! && x[i]! >= x[i + 1]!) out.push(i);
  return out;
}

function argBest(x: ArrayLike<number>, a: number, b: number, sign: 1 | -1): number {
  let best = -1;
  for (let i = Math.max(0, a); i <= Math.min(x.length - 1, b); i++)
    if (best < 0 || sign * x[i]! > sign * x[best]!) best = i;
  return best;
}

/** Measures the landmarks; `template` from onset (baseline 0), `rate` in Hz, `period` in s. */
export function measureDiagram(template: Float64Array, rate: number, period: number): PulseDiagram {
  const x = movingAverage(template, Math.max(1, Math.round(0.016 * rate)) | 1);
  const n = x.length;
  const s = (i: number) => i / rate;
  const d1 = new Float64Array(n);
  for (let i = 1; i + 1 < n; i++) d1[i] = (x[i + 1]! - x[i - 1]!) / 2;
  const d2 = new Float64Array(n);
  for (let i = 1; i + 1 < n; i++) d2[i] = x[i + 1]! - 2 * x[i]! + x[i - 1]!;
  const p = argBest(x, 0, Math.floor(0.6 * n), 1);
  const h1 = x[p]! - x[0]!;
  // Notch and dicrotic wave: a real trough followed by a rise, else the inflection pair.
  const lo = p + Math.round(0.06 * rate);
  const hi = Math.min(n - 2, p + Math.round(0.5 * rate), Math.floor(0.85 * n));
  let v = -1;
  let dWave = -1;
  // The deepest trough followed by a rise is the notch; a shallower one before it separates
  // the main and tidal waves (主波峡, h2), which is not reported.
  for (const m of localMax(
    Array.from(x, (vv) => -vv),
    lo,
    hi,
  )) {
    const after = localMax(x, m + 1, Math.min(n - 2, m + Math.round(0.25 * rate)));
    if (after.length && x[after[0]!]! - x[m]! > 0.005 * h1 && (v < 0 || x[m]! < x[v]!)) {
      v = m;
      dWave = after[0]!;
    }
  }
  if (v < 0 && hi > lo) {
    v = argBest(d2, lo, hi, 1);
    const after = localMax(d1, v + 1, Math.min(n - 2, v + Math.round(0.2 * rate)));
    dWave = after.length ? after[0]! : -1;
  }
  // Tidal wave: a second peak between P and V, else the point where the descent slows most.
  let tWave = -1;
  if (v > p + 2) {
    const peaksBetween = localMax(x, p + 2, v - 1);
    if (peaksBetween.length) tWave = peaksBetween[peaksBetween.length - 1]!;
    else {
      const slow = localMax(d1, p + 2, v - 2);
      if (slow.length) tWave = slow.reduce((b, i) => (d1[i]! > d1[b]! ? i : b));
    }
  }
  // Width at the upper third: interpolated crossings of 2/3 h1 either side of P.
  const level = x[0]! + (2 / 3) * h1;
  let l = p;
  while (l > 0 && x[l]! > level) l--;
  let r = p;
  while (r < n - 1 && x[r]! > level) r++;
  const cross = (a: number, b: number) => a + ((level - x[a]!) / (x[b]! - x[a]! || 1)) * (b - a);
  const w = l > 0 && r < n - 1 ? s(cross(r - 1, r) - cross(l, l + 1)) : null;
  const h3 = tWave >= 0 ? x[tWave]! - x[0]! : null;
  const h4 = v >= 0 ? x[v]! - x[0]! : null;
  const h5 = v >= 0 && dWave >= 0 ? Math.max(0, x[dWave]! - x[v]!) : null;
  const t4 = v >= 0 ? s(v) : null;
  const ratio = (a: number | null) => (a === null || !(h1 > 0) ? null : round(a / h1, 4));
  const sig = (a: number | null, dp = 4) => (a === null ? null : round(a, dp));
  return {
    h1: round(h1, 6),
    h3: sig(h3, 6),
    h4: sig(h4, 6),
    h5: sig(h5, 6),
    t1: round(s(p), 4),
    t4: sig(t4),
    t5: t4 === null ? null : round(period - t4, 4),
    t: round(period, 4),
    w: sig(w),
    h3_h1: ratio(h3),
    h4_h1: ratio(h4),
    h5_h1: ratio(h5),
    w_t: w === null ? null : round(w / period, 4),
    t1_t: round(s(p) / period, 4),
  };
}
