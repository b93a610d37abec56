// Small numeric helpers on planar float images and pixel-index lists.

// Running mean over 2r+1 samples along one line (`count` samples `stride` apart from
// `start`); at the ends the mean of the part inside the image.
function meanLine(src: Float32Array, dst: Float32Array, start: number, stride: number, count: number, r: number): void {
  let s = 0;
  let n = 0;
  for (let k = 0; k < Math.min(r, count); k++) {
    s += src[start + k * stride]!;
    n++;
  }
  for (let k = 0; k < count; k++) {
    if (k + r < count) {
      s += src[start + (k + r) * stride]!;
      n++;
    }
    if (k - r - 1 >= 0) {
      s -= src[start + (k - r - 1) * stride]!;
      n--;
    }
    dst[start + k * stride] = s / n;
  }
}

/** Mean filter of a width x height plane over a (2r+1)^2 window (edges: mean of the part inside). */
export function boxBlur(src: Float32Array, width: number, height: number, r: number): Float32Array {
  const tmp = new Float32Array(width * height);
  const out = new Float32Array(width * height);
  for (let y = 0; y < height; y++) meanLine(src, tmp, y * width, 1, width, r);
  for (let x = 0; x < width; x++) meanLine(tmp, out, x, width, height, r);
  return out;
}

/** Approximately Gaussian blur (two box passes) with radius r. */
export const smooth = (src: Float32Array, width: number, height: number, r: number): Float32Array =>
  boxBlur(boxBlur(src, width, height, r), width, height, r);

/**
 * Quantiles of `plane` over the pixels `idx`, read from a histogram of 0.05-unit bins over
 * -130..130 (every L*, a*, b* value), interpolated within the bin: exact to well under the
 * 0.1 the results are rounded to, and linear in the pixel count instead of a sort.
 */
export function quantilesAt(plane: Float32Array, idx: Int32Array, qs: readonly number[]): number[] {
  if (idx.length === 0) return qs.map(() => NaN);
  const lo = -130;
  const step = 0.05;
  const bins = 5200;
  const hist = new Uint32Array(bins);
  for (let i = 0; i < idx.length; i++) {
    const k = Math.floor((plane[idx[i]!]! - lo) / step);
    hist[k < 0 ? 0 : k >= bins ? bins - 1 : k]!++;
  }
  return qs.map((q) => {
    const target = Math.min(1, Math.max(0, q)) * idx.length;
    let acc = 0;
    for (let k = 0; k < bins; k++) {
      const c = hist[k]!;
      if (c && acc + c >= target) return lo + step * (k + (target - acc) / c);
      acc += c;
    }
    return lo + step * bins;
  });
}

/** Median of `plane` over `idx`. */
export const medianAt = (plane: Float32Array, idx: Int32Array): number => quantilesAt(plane, idx, [0.5])[0]!;

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
