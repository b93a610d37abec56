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
 * Math.round(v) (ties toward +infinity) for any finite v, up to the sign of a zero result, without
 * a branch: V8 calls Math.round out of line (~10 ns a value here) and a data-dependent branch
 * mispredicts on pixel values. g = v - floor(v) is exact (Sterbenz) and g + 0.5 is exact except
 * for g = 0.5 - 2^-54, which would round up to 1: that one value is corrected.
 */
export function roundHalfUp(v: number): number {
  const f = Math.floor(v);
  const g = v - f;
  return f + ((g + 0.5) | 0) - (g === 0.49999999999999994 ? 1 : 0);
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
