import type { Sound } from './sound.js';

/**
 * Jitter and shimmer with Praat's definitions (Praat manual, "Voice 2. Jitter" and
 * "Voice 3. Shimmer"): periods between 0.1 ms and 20 ms, neighboring periods differing by at
 * most a factor 1.3, neighboring amplitudes by at most 1.6.
 */
export const PERIOD_FLOOR = 0.0001;
export const PERIOD_CEILING = 0.02;
export const MAX_PERIOD_FACTOR = 1.3;
export const MAX_AMPLITUDE_FACTOR = 1.6;

const okPair = (p1: number, p2: number): boolean =>
  p1 >= PERIOD_FLOOR &&
  p1 <= PERIOD_CEILING &&
  p2 >= PERIOD_FLOOR &&
  p2 <= PERIOD_CEILING &&
  Math.max(p1 / p2, p2 / p1) <= MAX_PERIOD_FACTOR;

function isPeriod(t: readonly number[], i: number): boolean {
  const p = t[i + 1]! - t[i]!;
  if (!(p >= PERIOD_FLOOR && p <= PERIOD_CEILING)) return false;
  if (i > 0) {
    const q = t[i]! - t[i - 1]!;
    if (q >= PERIOD_FLOOR && q <= PERIOD_CEILING && Math.max(p / q, q / p) > MAX_PERIOD_FACTOR) return false;
  }
  if (i + 2 < t.length) {
    const q = t[i + 2]! - t[i + 1]!;
    if (q >= PERIOD_FLOOR && q <= PERIOD_CEILING && Math.max(p / q, q / p) > MAX_PERIOD_FACTOR) return false;
  }
  return true;
}

/** Mean period (s) over the periods that pass the period rules. */
export function meanPeriod(t: readonly number[]): number {
  let s = 0;
  let n = 0;
  for (let i = 0; i + 1 < t.length; i++)
    if (isPeriod(t, i)) {
      s += t[i + 1]! - t[i]!;
      n++;
    }
  return n ? s / n : NaN;
}

/** Local jitter (fraction, not %): mean |difference of consecutive periods| / mean period. */
export function jitterLocal(t: readonly number[]): number {
  let periods = t.length - 1;
  if (periods < 2) return NaN;
  let sum = 0;
  for (let i = 1; i + 1 < t.length; i++) {
    const p1 = t[i]! - t[i - 1]!;
    const p2 = t[i + 1]! - t[i]!;
    if (okPair(p1, p2)) sum += Math.abs(p1 - p2);
    else periods--;
  }
  if (periods < 2) return NaN;
  return sum / (periods - 1) / meanPeriod(t);
}

/** Hann-windowed RMS around tmid, reaching widthLeft and widthRight seconds to each side. */
function hannRms(s: Sound, tmid: number, wl: number, wr: number): number {
  const a = Math.max(0, Math.ceil((tmid - wl - s.x1) / s.dx));
  const b = Math.min(s.samples.length - 1, Math.floor((tmid + wr - s.x1) / s.dx));
  if (b - a + 1 < 3) return NaN;
  let ss = 0;
  let ws = 0;
  for (let i = a; i <= b; i++) {
    const t = s.x1 + i * s.dx;
    const w = 0.5 + 0.5 * Math.cos((Math.PI * (t - tmid)) / (t < tmid ? wl : wr));
    const v = s.samples[i]! * w;
    ss += v * v;
    ws += w * w;
  }
  return Math.sqrt(ss / ws);
}

/** Local shimmer (fraction): mean |difference of consecutive period amplitudes| / mean amplitude. */
export function shimmerLocal(s: Sound, t: readonly number[]): number {
  const at: number[] = [];
  const amp: number[] = [];
  for (let i = 1; i + 1 < t.length; i++) {
    const p1 = t[i]! - t[i - 1]!;
    const p2 = t[i + 1]! - t[i]!;
    if (!okPair(p1, p2)) continue;
    const a = hannRms(s, t[i]!, 0.2 * p1, 0.2 * p2);
    if (a > 0) {
      at.push(t[i]!);
      amp.push(a);
    }
  }
  let num = 0;
  let n = 0;
  for (let i = 1; i < amp.length; i++) {
    const p = at[i]! - at[i - 1]!;
    if (!(p >= PERIOD_FLOOR && p <= PERIOD_CEILING)) continue;
    const a1 = amp[i - 1]!;
    const a2 = amp[i]!;
    if (Math.max(a1 / a2, a2 / a1) <= MAX_AMPLITUDE_FACTOR) {
      num += Math.abs(a1 - a2);
      n++;
    }
  }
  if (n < 1) return NaN;
  let den = 0;
  for (let i = 0; i + 1 < amp.length; i++) den += amp[i]!;
  den /= amp.length - 1;
  return den > 0 ? num / n / den : NaN;
}
