import { correlation, median } from '../signal/index.js';

/**
 * Onset-aligned ensemble averaging in real time (no time stretching, so landmark times stay in
 * seconds). Each beat is taken from its onset to the next onset, its straight line between
 * the two feet subtracted (removes the wander left inside the beat), and averaged sample by
 * sample over the beats long enough to reach that sample.
 */

export interface Ensemble {
  /** Averaged beat from onset, baseline 0, in input units. */
  template: Float64Array;
  /** Correlation of each beat with the template (NaN for the last, open beat). */
  corr: number[];
  /** Peak-to-foot amplitude of each beat. */
  amp: number[];
}

function beatSegment(y: ArrayLike<number>, on: number, next: number, len: number): Float64Array {
  const span = next - on;
  const y0 = y[on]!;
  const slope = (y[next]! - y0) / span;
  const seg = new Float64Array(Math.min(len, span));
  for (let i = 0; i < seg.length; i++) seg[i] = y[on + i]! - (y0 + slope * i);
  return seg;
}

/** Builds the template from `y` (low-passed wave) and beat onsets; `use[k]` selects beats. */
export function ensembleAverage(
  y: ArrayLike<number>,
  onsets: readonly number[],
  use: (k: number) => boolean,
): Ensemble {
  const spans = onsets.slice(1).map((o, k) => o - onsets[k]!);
  const len = Math.max(2, Math.round(median(spans)));
  const sum = new Float64Array(len);
  const cnt = new Float64Array(len);
  const amp: number[] = [];
  const segs: Float64Array[] = [];
  for (let k = 0; k + 1 < onsets.length; k++) {
    const seg = beatSegment(y, onsets[k]!, onsets[k + 1]!, len);
    segs.push(seg);
    let mx = 0;
    for (const v of seg) mx = Math.max(mx, v);
    amp.push(mx);
    if (!use(k)) continue;
    for (let i = 0; i < seg.length; i++) {
      sum[i] = sum[i]! + seg[i]!;
      cnt[i] = cnt[i]! + 1;
    }
  }
  const template = new Float64Array(len);
  for (let i = 0; i < len; i++) template[i] = cnt[i]! > 0 ? sum[i]! / cnt[i]! : (template[i - 1] ?? 0);
  // Compare over the systolic part and the notch (80 % of the shorter of beat and template).
  const corr = segs.map((seg) => {
    const m = Math.floor(0.8 * Math.min(seg.length, len));
    return m >= 4 ? correlation(seg.subarray(0, m), template.subarray(0, m)) : 0;
  });
  corr.push(NaN);
  amp.push(NaN);
  return { template, corr, amp };
}
