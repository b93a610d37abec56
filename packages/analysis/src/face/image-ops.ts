// Small numeric helpers on planar float images and pixel-index lists.

/** Mean filter of a width x height plane over a (2r+1)^2 window (edges clamped), via a summed-area table. */
export function boxBlur(src: Float32Array, width: number, height: number, r: number): Float32Array {
  const W = width + 1;
  const sat = new Float64Array(W * (height + 1));
  for (let y = 0; y < height; y++) {
    let row = 0;
    for (let x = 0; x < width; x++) {
      row += src[y * width + x]!;
      sat[(y + 1) * W + x + 1] = sat[y * W + x + 1]! + row;
    }
  }
  const out = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    const ya = Math.max(0, y - r);
    const yb = Math.min(height, y + r + 1);
    for (let x = 0; x < width; x++) {
      const xa = Math.max(0, x - r);
      const xb = Math.min(width, x + r + 1);
      const s = sat[yb * W + xb]! - sat[ya * W + xb]! - sat[yb * W + xa]! + sat[ya * W + xa]!;
      out[y * width + x] = s / ((yb - ya) * (xb - xa));
    }
  }
  return out;
}

/** Approximately Gaussian blur (two box passes) with radius r. */
export const smooth = (src: Float32Array, width: number, height: number, r: number): Float32Array =>
  boxBlur(boxBlur(src, width, height, r), width, height, r);

/** Values of `plane` at `idx`, sorted ascending. */
export function sortedAt(plane: Float32Array, idx: Int32Array): Float32Array {
  const v = new Float32Array(idx.length);
  for (let i = 0; i < idx.length; i++) v[i] = plane[idx[i]!]!;
  return v.sort();
}

/** Quantile q (0-1) of an ascending array; NaN when empty. */
export function quantile(sorted: Float32Array, q: number): number {
  if (sorted.length === 0) return NaN;
  const pos = Math.min(sorted.length - 1, Math.max(0, q * (sorted.length - 1)));
  const lo = Math.floor(pos);
  const hi = Math.min(sorted.length - 1, lo + 1);
  return sorted[lo]! + (pos - lo) * (sorted[hi]! - sorted[lo]!);
}

/** Median of `plane` over `idx`. */
export const medianAt = (plane: Float32Array, idx: Int32Array): number => quantile(sortedAt(plane, idx), 0.5);

/** Sorted union of several sorted index lists. */
export function unionPixels(...lists: Int32Array[]): Int32Array {
  const all = new Int32Array(lists.reduce((s, l) => s + l.length, 0));
  let k = 0;
  for (const l of lists) {
    all.set(l, k);
    k += l.length;
  }
  all.sort();
  let n = 0;
  for (let i = 0; i < all.length; i++) if (i === 0 || all[i] !== all[i - 1]) all[n++] = all[i]!;
  return all.slice(0, n);
}

/** Clamps x into 0..1. */
export const clamp01 = (x: number): number => (Number.isFinite(x) ? Math.min(1, Math.max(0, x)) : 0);

/** Rounds to `d` decimals (for evidence values). */
export const round = (x: number, d = 2): number => (Number.isFinite(x) ? Math.round(x * 10 ** d) / 10 ** d : 0);

/** 4-connected components of the pixels flagged in `mask` (1 = on), each as its pixel indices. */
export function components(mask: Uint8Array, width: number, height: number, maxArea: number): Int32Array[] {
  const seen = new Uint8Array(mask.length);
  const out: Int32Array[] = [];
  const stack: number[] = [];
  const pix: number[] = [];
  const push = (q: number) => {
    if (mask[q] && !seen[q]) {
      seen[q] = 1;
      stack.push(q);
    }
  };
  for (let s = 0; s < mask.length; s++) {
    if (!mask[s] || seen[s]) continue;
    seen[s] = 1;
    stack.push(s);
    pix.length = 0;
    while (stack.length) {
      const p = stack.pop()!;
      pix.push(p);
      const x = p % width;
      const y = (p - x) / width;
      if (x > 0) push(p - 1);
      if (x < width - 1) push(p + 1);
      if (y > 0) push(p - width);
      if (y < height - 1) push(p + width);
    }
    // Huge blobs are shadows or hair, never a spot or a line: skip without keeping them.
    if (pix.length <= maxArea) out.push(Int32Array.from(pix));
  }
  return out;
}
