// Polygon rasterisation: the regions are polygons on the landmark mesh and every measure
// works on the list of pixel indices inside one.

export type Point = [number, number];

/** Indices (y * width + x) of the pixels whose centers lie inside `poly` (even-odd rule). */
export function polygonPixels(poly: readonly Point[], width: number, height: number): Int32Array {
  if (poly.length < 3) return new Int32Array(0);
  let y0 = Infinity;
  let y1 = -Infinity;
  for (const [, y] of poly) {
    y0 = Math.min(y0, y);
    y1 = Math.max(y1, y);
  }
  const out: number[] = [];
  const xs: number[] = [];
  const top = Math.max(0, Math.ceil(y0 - 0.5));
  const bottom = Math.min(height - 1, Math.floor(y1 - 0.5));
  for (let y = top; y <= bottom; y++) {
    const cy = y + 0.5;
    xs.length = 0;
    for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
      const [xi, yi] = poly[i]!;
      const [xj, yj] = poly[j]!;
      if (yi > cy !== yj > cy) xs.push(xi + ((cy - yi) * (xj - xi)) / (yj - yi));
    }
    xs.sort((p, q) => p - q);
    for (let k = 0; k + 1 < xs.length; k += 2) {
      const from = Math.max(0, Math.ceil(xs[k]! - 0.5));
      const to = Math.min(width - 1, Math.floor(xs[k + 1]! - 0.5));
      for (let x = from; x <= to; x++) out.push(y * width + x);
    }
  }
  return Int32Array.from(out);
}

/** Pixels of `a` that are not in `b` (both sorted ascending, as polygonPixels returns them). */
export function subtractPixels(a: Int32Array, b: Int32Array): Int32Array {
  const out: number[] = [];
  let j = 0;
  for (const v of a) {
    while (j < b.length && b[j]! < v) j++;
    if (j >= b.length || b[j] !== v) out.push(v);
  }
  return Int32Array.from(out);
}

/** Point between p and q: p + t (q - p). */
export const lerp = (p: Point, q: Point, t: number): Point => [p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])];

/** Bounding box [x, y, width, height] of a point set. */
export function boundingBox(points: readonly Point[]): [number, number, number, number] {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const [x, y] of points) {
    x0 = Math.min(x0, x);
    y0 = Math.min(y0, y);
    x1 = Math.max(x1, x);
    y1 = Math.max(y1, y);
  }
  return [x0, y0, x1 - x0, y1 - y0];
}
