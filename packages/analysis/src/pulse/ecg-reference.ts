import { bandpass, movingAverage, quantile } from '../signal/index.js';
import { pickPeaks } from './beats.js';

/**
 * R-peak detection on an ECG lead after Pan & Tompkins (1985): band-pass 5–15 Hz, derivative,
 * squaring, 150 ms moving integration, then peaks of the integrated energy at least 0.25 s
 * apart; each R peak is refined to the largest band-passed deflection within ±75 ms. Used as the
 * reference heart rate the pulse engine is checked against.
 */
export function detectRPeaks(ecg: ArrayLike<number>, rate: number): number[] {
  const f = bandpass(ecg, 5, 15, rate);
  const n = f.length;
  const e = new Float64Array(n);
  for (let i = 2; i + 2 < n; i++) {
    const d = (2 * f[i + 2]! + f[i + 1]! - f[i - 1]! - 2 * f[i - 2]!) / 8;
    e[i] = d * d;
  }
  const integ = movingAverage(e, Math.round(0.15 * rate));
  const thr = 0.3 * quantile(integ, 0.98);
  const coarse = pickPeaks(integ, thr, Math.round(0.25 * rate));
  const half = Math.round(0.075 * rate);
  // The polarity of the QRS is that of its largest deflections.
  let sumPos = 0;
  let sumNeg = 0;
  for (const c of coarse)
    for (let i = Math.max(0, c - half); i <= Math.min(n - 1, c + half); i++) {
      sumPos = Math.max(sumPos, f[i]!);
      sumNeg = Math.max(sumNeg, -f[i]!);
    }
  const sign = sumPos >= sumNeg ? 1 : -1;
  return coarse.map((c) => {
    let best = c;
    for (let i = Math.max(0, c - half); i <= Math.min(n - 1, c + half); i++)
      if (sign * f[i]! > sign * f[best]!) best = i;
    return best;
  });
}

/** Mean heart rate (bpm) from R-peak sample indices at `rate` Hz. */
export function meanRateBpm(peaks: readonly number[], rate: number): number {
  if (peaks.length < 2) return NaN;
  return (60 * (peaks.length - 1)) / ((peaks[peaks.length - 1]! - peaks[0]!) / rate);
}
