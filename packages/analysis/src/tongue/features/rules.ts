// The features without expert labels are decided by rules on measured values; every threshold
// is a named constant here, and docs/tongue-features.md says how it was measured.
import { clamp01, sigmoid } from './stats.js';

/** Probabilities of ordered labels from a value and the thresholds between them (soft steps). */
export function ordinal<T extends string>(value: number, labels: readonly T[], cuts: readonly number[], softness: number): Record<T, number> {
  // P(label >= k) = sigmoid((value - cut_k) / softness); differences give each label.
  const ge = cuts.map((c) => sigmoid((value - c) / softness));
  const out = {} as Record<T, number>;
  labels.forEach((l, k) => {
    const above = k === 0 ? 1 : ge[k - 1]!;
    const next = k < ge.length ? ge[k]! : 0;
    out[l] = clamp01(above - Math.min(above, next));
  });
  return out;
}

export function argmax<T extends string>(p: Record<T, number>): T {
  let best: T | null = null;
  for (const k of Object.keys(p) as T[]) if (best === null || p[k] > p[best]) best = k;
  return best!;
}
