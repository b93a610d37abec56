/** Small statistics helpers shared by the signal engines. */

/** Arithmetic mean; NaN for an empty array. */
export function mean(x: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < x.length; i++) s += x[i]!;
  return x.length ? s / x.length : NaN;
}

/** Sample standard deviation (n - 1); NaN with fewer than two values. */
export function sd(x: ArrayLike<number>): number {
  if (x.length < 2) return NaN;
  const m = mean(x);
  let s = 0;
  for (let i = 0; i < x.length; i++) s += (x[i]! - m) ** 2;
  return Math.sqrt(s / (x.length - 1));
}

/** Quantile by linear interpolation between order statistics (q in [0, 1]). */
export function quantile(x: ArrayLike<number>, q: number): number {
  if (!x.length) return NaN;
  const s = Array.from(x).sort((a, b) => a - b);
  const pos = (s.length - 1) * Math.min(1, Math.max(0, q));
  const lo = Math.floor(pos);
  const hi = Math.min(s.length - 1, lo + 1);
  return s[lo]! + (s[hi]! - s[lo]!) * (pos - lo);
}

/** Median of the values. */
export const median = (x: ArrayLike<number>): number => quantile(x, 0.5);

/** Pearson correlation of two equally long arrays; 0 when either is constant. */
export function correlation(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const n = Math.min(a.length, b.length);
  let ma = 0;
  let mb = 0;
  for (let i = 0; i < n; i++) {
    ma += a[i]!;
    mb += b[i]!;
  }
  ma /= n;
  mb /= n;
  let sab = 0;
  let saa = 0;
  let sbb = 0;
  for (let i = 0; i < n; i++) {
    const da = a[i]! - ma;
    const db = b[i]! - mb;
    sab += da * db;
    saa += da * da;
    sbb += db * db;
  }
  return saa > 0 && sbb > 0 ? sab / Math.sqrt(saa * sbb) : 0;
}

/** Rounds to a number of decimals, keeping JSON output short. */
export const round = (x: number, decimals = 3): number => {
  const f = 10 ** decimals;
  return Math.round(x * f) / f;
};
