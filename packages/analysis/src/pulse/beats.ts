import { autocorrelation, bandpass, nextPow2, quantile } from '../signal/index.js';

/**
 * Beat detection on a pulse wave (PPG or tonometer): band-pass 0.5–8 Hz (zero phase) to drop
 * baseline wander and tremor, then take the steepest upstroke of each beat. The upstroke is the
 * most stable fiducial point of a pulse wave and is not confused with the dicrotic wave, whose
 * rise is far slower.
 */

export interface Beats {
  /** Sample index of the steepest upstroke of each beat. */
  upstrokes: number[];
  /** Sample index of each beat's foot (onset, U). */
  onsets: number[];
  /** Sample index of each beat's main peak (P). */
  peaks: number[];
}

/** Minimum spacing of two beats (s): 240 bpm. */
export const REFRACTORY_S = 0.25;
/** Beats closer than this share of the dominant period are taken as tidal or dicrotic rises. */
export const REFRACTORY_SHARE = 0.55;

/**
 * Dominant beat period (s) from the autocorrelation of the band-passed wave (decimated to about
 * 50 Hz): the first lag between 0.2 and 2 s whose correlation reaches 80 % of the best one,
 * so that a multiple of the period is not taken for it. A long recording is cut into windows of
 * PERIOD_WINDOW_S (half overlapping) and the median of their periods is taken: a few seconds of
 * movement carry far more energy than the pulse and would otherwise set the period of the whole
 * recording (a hand swinging at 0.7 Hz made a 96 bpm pulse read as 42 bpm).
 */
export const PERIOD_WINDOW_S = 8;

export function dominantPeriod(y: ArrayLike<number>, rate: number): number {
  const step = Math.max(1, Math.floor(rate / 50));
  const m = Math.floor(y.length / step);
  const z = new Float64Array(m);
  for (let i = 0; i < m; i++) z[i] = y[i * step]!;
  const r = rate / step;
  const win = Math.round(PERIOD_WINDOW_S * r);
  if (m < 2 * win) return windowPeriod(z, r);
  const periods: number[] = [];
  for (let a = 0; a + win <= m; a += Math.round(win / 2)) {
    const p = windowPeriod(z.subarray(a, a + win), r);
    if (Number.isFinite(p)) periods.push(p);
  }
  periods.sort((a, b) => a - b);
  return periods.length ? periods[Math.floor(periods.length / 2)]! : REFRACTORY_S / REFRACTORY_SHARE;
}

function windowPeriod(z: Float64Array, r: number): number {
  const m = z.length;
  const maxLag = Math.min(m - 1, Math.round(2 * r));
  const minLag = Math.max(1, Math.round(0.2 * r));
  if (maxLag <= minLag + 1) return REFRACTORY_S / REFRACTORY_SHARE;
  const ac = autocorrelation(z, nextPow2(m + maxLag + 1), maxLag);
  let best = -Infinity;
  for (let k = minLag; k <= maxLag; k++) best = Math.max(best, ac[k]!);
  for (let k = minLag; k < maxLag; k++)
    if (ac[k]! >= 0.8 * best && ac[k]! >= ac[k - 1]! && ac[k]! >= ac[k + 1]!) return k / r;
  return REFRACTORY_S / REFRACTORY_SHARE;
}

/** Picks local maxima of `score` above `threshold`, strongest first, no two closer than `gap` samples. */
export function pickPeaks(score: ArrayLike<number>, threshold: number, gap: number): number[] {
  const cands: number[] = [];
  for (let i = 1; i + 1 < score.length; i++)
    if (score[i]! > threshold && score[i]! > score[i - 1]! && score[i]! >= score[i + 1]!) cands.push(i);
  cands.sort((a, b) => score[b]! - score[a]!);
  const taken = new Uint8Array(score.length);
  const out: number[] = [];
  for (const c of cands) {
    let free = true;
    for (let k = Math.max(0, c - gap + 1); k < Math.min(score.length, c + gap); k++)
      if (taken[k]) {
        free = false;
        break;
      }
    if (!free) continue;
    taken[c] = 1;
    out.push(c);
  }
  return out.sort((a, b) => a - b);
}

/** Detects beats; `x` raw samples, `rate` in Hz. */
export function detectBeats(x: ArrayLike<number>, rate: number): Beats {
  const y = bandpass(x, 0.5, 8, rate);
  const n = y.length;
  const d = new Float64Array(n);
  for (let i = 1; i + 1 < n; i++) d[i] = (y[i + 1]! - y[i - 1]!) * 0.5;
  const maxima: number[] = [];
  for (let i = 1; i + 1 < n; i++) if (d[i]! > 0 && d[i]! > d[i - 1]! && d[i]! >= d[i + 1]!) maxima.push(d[i]!);
  // Threshold relative to the typical strong upstroke, robust to a few artefact spikes.
  const thr = 0.3 * quantile(maxima, 0.9);
  const gap = Math.round(Math.max(REFRACTORY_S, REFRACTORY_SHARE * dominantPeriod(y, rate)) * rate);
  const upstrokes = pickPeaks(d, thr, gap);
  const onsets: number[] = [];
  const peaks: number[] = [];
  const back = Math.round(0.3 * rate);
  const fwd = Math.round(0.35 * rate);
  upstrokes.forEach((u, k) => {
    const prev = k > 0 ? upstrokes[k - 1]! : -Infinity;
    const next = k + 1 < upstrokes.length ? upstrokes[k + 1]! : Infinity;
    // Foot U: walk down the upstroke to the first trough before it. Taking the lowest point of
    // the whole look-back window instead let the foot jump to the notch before a late dicrotic
    // wave on every other beat, which blurred the averaged beat (docs/pulse.md).
    const lo = Math.max(0, u - back, prev + 1);
    let o = u;
    while (o > lo && y[o - 1]! <= y[o]!) o--;
    let p = u;
    for (let i = u; i <= Math.min(n - 1, u + fwd, next - 1); i++) if (y[i]! > y[p]!) p = i;
    onsets.push(o);
    peaks.push(p);
  });
  return { upstrokes, onsets, peaks };
}
