/**
 * Windowed sin(x)/x interpolation and peak refinement, as the Praat manual describes for its
 * pitch and point-process analyses: values between samples are read from a raised-cosine
 * windowed sinc of a given depth, and maxima are refined by Brent-style golden search.
 */

/** Value of y at fractional index x (0-based) with a windowed sinc of `depth` samples per side. */
export function interpolateSinc(y: ArrayLike<number>, x: number, depth: number): number {
  const n = y.length;
  if (n < 1) return NaN;
  if (x >= n - 1) return y[n - 1]!;
  if (x <= 0) return y[0]!;
  const left = Math.floor(x);
  const right = left + 1;
  if (x === left) return y[left]!;
  let d = Math.min(depth, right, n - 1 - left);
  if (d <= 0) return y[Math.round(x)]!;
  if (d === 1) return y[left]! + (x - left) * (y[right]! - y[left]!);
  d = Math.max(d, 1);
  const lo = right - d;
  const hi = left + d;
  // The window's cosine advances by a fixed angle per sample: rotate it instead of calling cos.
  return (
    sincSide(y, left, lo, -1, Math.PI * (x - left), x - lo + 1) +
    sincSide(y, right, hi, 1, Math.PI * (right - x), hi - x + 1)
  );
}

function sincSide(y: ArrayLike<number>, from: number, to: number, step: 1 | -1, a0: number, span: number): number {
  let a = a0;
  let halfSin = 0.5 * Math.sin(a);
  const aa0 = a / span;
  const daa = Math.PI / span;
  let c = Math.cos(aa0);
  let s = Math.sin(aa0);
  const cd = Math.cos(daa);
  const sd = Math.sin(daa);
  let result = 0;
  for (let i = from; step < 0 ? i >= to : i <= to; i += step) {
    result += (y[i]! * halfSin * (1 + c)) / a;
    a += Math.PI;
    halfSin = -halfSin;
    const c2 = c * cd - s * sd;
    s = s * cd + c * sd;
    c = c2;
  }
  return result;
}

const GOLD = 0.3819660112501051;

/** Maximises f on [a, b] by golden-section search with parabolic steps (Brent); returns [x, f(x)]. */
export function maximizeBrent(
  f: (x: number) => number,
  a: number,
  b: number,
  tol = 1e-10,
  maxIter = 60,
): [number, number] {
  let x = a + GOLD * (b - a);
  let w = x;
  let v = x;
  let fx = -f(x);
  let fw = fx;
  let fv = fx;
  let d = 0;
  let e = 0;
  for (let it = 0; it < maxIter; it++) {
    const m = 0.5 * (a + b);
    const tol1 = tol * Math.abs(x) + 1e-12;
    const tol2 = 2 * tol1;
    if (Math.abs(x - m) <= tol2 - 0.5 * (b - a)) break;
    let useGolden = true;
    if (Math.abs(e) > tol1) {
      const r = (x - w) * (fx - fv);
      let q = (x - v) * (fx - fw);
      let p = (x - v) * q - (x - w) * r;
      q = 2 * (q - r);
      if (q > 0) p = -p;
      q = Math.abs(q);
      const eTemp = e;
      e = d;
      if (!(Math.abs(p) >= Math.abs(0.5 * q * eTemp) || p <= q * (a - x) || p >= q * (b - x))) {
        d = p / q;
        const u = x + d;
        if (u - a < tol2 || b - u < tol2) d = m - x >= 0 ? tol1 : -tol1;
        useGolden = false;
      }
    }
    if (useGolden) {
      e = x >= m ? a - x : b - x;
      d = GOLD * e;
    }
    const u = Math.abs(d) >= tol1 ? x + d : x + (d >= 0 ? tol1 : -tol1);
    const fu = -f(u);
    if (fu <= fx) {
      if (u >= x) a = x;
      else b = x;
      v = w;
      fv = fw;
      w = x;
      fw = fx;
      x = u;
      fx = fu;
    } else {
      if (u < x) a = u;
      else b = u;
      if (fu <= fw || w === x) {
        v = w;
        fv = fw;
        w = u;
        fw = fu;
      } else if (fu <= fv || v === x || v === w) {
        v = u;
        fv = fu;
      }
    }
  }
  return [x, -fx];
}

/**
 * Refines a sampled maximum at index i (0-based) to a fractional position using sinc
 * interpolation of the given depth; returns [position, value].
 */
export function improveMaximum(y: ArrayLike<number>, i: number, depth: number): [number, number] {
  if (i <= 0 || i >= y.length - 1) return [i, y[i]!];
  if (depth <= 0) {
    const dy = 0.5 * (y[i + 1]! - y[i - 1]!);
    const d2y = 2 * y[i]! - y[i - 1]! - y[i + 1]!;
    return d2y > 0 ? [i + dy / d2y, y[i]! + (0.5 * dy * dy) / d2y] : [i, y[i]!];
  }
  // 1e-8 relative is far below a sample's thousandth at any lag and halves the iterations.
  return maximizeBrent((x) => interpolateSinc(y, x, depth), i - 1, i + 1, 1e-8);
}
