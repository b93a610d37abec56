// Small numeric helpers shared by the feature measurements.

export function meanAt(values: Float32Array, idx: Int32Array | number[]): number {
  if (idx.length === 0) return Number.NaN;
  let s = 0;
  for (let i = 0; i < idx.length; i++) s += values[idx[i]!]!;
  return s / idx.length;
}

/**
 * Mean of the indexed values (0 for none) and the share strictly above each threshold, in one
 * pass: the texture measures take a dozen such numbers from each of several planes.
 */
export function summarize(
  values: Float32Array,
  idx: Int32Array,
  thresholds: readonly number[],
): { mean: number; shares: number[] } {
  const n = idx.length;
  const counts = new Float64Array(thresholds.length);
  let s = 0;
  for (let k = 0; k < n; k++) {
    const x = values[idx[k]!]!;
    s += x;
    for (let t = 0; t < thresholds.length; t++) if (x > thresholds[t]!) counts[t]!++;
  }
  return { mean: n ? s / n : 0, shares: Array.from(counts, (c) => (n ? c / n : 0)) };
}

/** Otsu threshold of the indexed values on a 256-bin histogram over [lo, hi]. */
export function otsu(values: Float32Array, idx: Int32Array, lo: number, hi: number): number {
  const bins = 256;
  const hist = new Float64Array(bins);
  const k = (bins - 1) / (hi - lo);
  for (let i = 0; i < idx.length; i++) {
    const b = roundHalfUp((values[idx[i]!]! - lo) * k);
    hist[Math.min(bins - 1, Math.max(0, b))]! += 1;
  }
  let total = 0;
  let sum = 0;
  for (let i = 0; i < bins; i++) {
    total += hist[i]!;
    sum += i * hist[i]!;
  }
  let w0 = 0;
  let s0 = 0;
  let best = 0;
  let bestVar = -1;
  for (let i = 0; i < bins; i++) {
    w0 += hist[i]!;
    if (w0 === 0) continue;
    const w1 = total - w0;
    if (w1 === 0) break;
    s0 += i * hist[i]!;
    const m0 = s0 / w0;
    const m1 = (sum - s0) / w1;
    const v = w0 * w1 * (m0 - m1) ** 2;
    if (v > bestVar) {
      bestVar = v;
      best = i;
    }
  }
  return lo + (best + 0.5) / k;
}

/**
 * Math.round(v) (ties toward +infinity) for any finite v, up to the sign of a zero result: V8
 * does not inline Math.round here and calls it at ~10 ns a value, while Math.floor is one
 * instruction. v - floor(v) is exact (Sterbenz), so the tie test matches Math.round's.
 */
export function roundHalfUp(v: number): number {
  const f = Math.floor(v);
  return v - f >= 0.5 ? f + 1 : f;
}

export const clamp01 = (x: number): number => (x < 0 ? 0 : x > 1 ? 1 : x);
export const sigmoid = (x: number): number => 1 / (1 + Math.exp(-x));

/** Softmax of logits. */
export function softmax(z: readonly number[]): number[] {
  const m = Math.max(...z);
  const e = z.map((v) => Math.exp(v - m));
  const s = e.reduce((p, c) => p + c, 0);
  return e.map((v) => v / s);
}
