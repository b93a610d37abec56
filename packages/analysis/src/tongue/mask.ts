// Mask building blocks: bilinear upsampling of logits with a threshold, connected components,
// hole filling, box sums, outline tracing and polygon simplification.
import { HEAP, type Alloc } from '../common/scratch.js';

export type Point = [number, number];

/** Upsamples a S x S logit grid to w x h (half-pixel centers, as torch align_corners=false) and thresholds at 0. */
export function upsampleThreshold(logits: Float32Array, S: number, w: number, h: number, al: Alloc = HEAP): Uint8Array {
  const out = al.u8(w * h);
  const x0 = al.i32(w);
  const fx = al.f32(w);
  for (let x = 0; x < w; x++) {
    const s = Math.min(Math.max(((x + 0.5) * S) / w - 0.5, 0), S - 1);
    x0[x] = Math.floor(s);
    fx[x] = s - x0[x]!;
  }
  // Output columns in runs that share one pair of grid columns (x0 never decreases).
  const runStart: number[] = [];
  for (let x = 0; x < w; x++) if (x === 0 || x0[x] !== x0[x - 1]) runStart.push(x);
  runStart.push(w);
  for (let y = 0; y < h; y++) {
    const s = Math.min(Math.max(((y + 0.5) * S) / h - 0.5, 0), S - 1);
    const r0 = Math.floor(s) * S;
    const r1 = Math.min(Math.floor(s) + 1, S - 1) * S;
    const fy = s - Math.floor(s);
    const row = y * w;
    for (let k = 0; k + 1 < runStart.length; k++) {
      const xs = runStart[k]!;
      const xe = runStart[k + 1]!;
      const a = x0[xs]!;
      const b = Math.min(a + 1, S - 1);
      const tl = logits[r0 + a]!;
      const tr = logits[r0 + b]!;
      const bl = logits[r1 + a]!;
      const br = logits[r1 + b]!;
      // A bilinear blend of four values of one sign keeps that sign: most cells need no
      // per-pixel arithmetic (all tongue or all background), only those on the outline.
      if (tl > 0 && tr > 0 && bl > 0 && br > 0) {
        out.fill(1, row + xs, row + xe);
        continue;
      }
      if (tl <= 0 && tr <= 0 && bl <= 0 && br <= 0) continue;
      for (let x = xs; x < xe; x++) {
        const f = fx[x]!;
        const top = tl + (tr - tl) * f;
        const bot = bl + (br - bl) * f;
        out[row + x] = top + (bot - top) * fy > 0 ? 1 : 0;
      }
    }
  }
  return out;
}

export interface Components {
  /** Component label per pixel (0 = background, 1.. = component). */
  labels: Int32Array;
  /** Pixel count per label (index 0 unused). */
  areas: number[];
}

/** 8-connected components of a binary mask (flood fill with an explicit stack). */
export function components(mask: Uint8Array, w: number, h: number, al: Alloc = HEAP): Components {
  const labels = al.i32(w * h);
  const areas = [0];
  const stack = al.i32(w * h);
  for (let start = 0; start < mask.length; start++) {
    if (!mask[start] || labels[start]) continue;
    const id = areas.length;
    let top = 0;
    let area = 0;
    stack[top++] = start;
    labels[start] = id;
    while (top) {
      const p = stack[--top]!;
      area++;
      const x = p % w;
      const y = (p - x) / w;
      for (let dy = -1; dy <= 1; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= h) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          if (xx < 0 || xx >= w) continue;
          const q = yy * w + xx;
          if (mask[q] && !labels[q]) {
            labels[q] = id;
            stack[top++] = q;
          }
        }
      }
    }
    areas.push(area);
  }
  return { labels, areas };
}

/** Fills holes: background not 4-connected to the image border becomes foreground (in place). */
export function fillHoles(mask: Uint8Array, w: number, h: number, al: Alloc = HEAP): Uint8Array {
  const outside = al.u8(w * h);
  const stack = al.i32(w * h);
  let top = 0;
  const seed = (p: number) => {
    if (!mask[p] && !outside[p]) {
      outside[p] = 1;
      stack[top++] = p;
    }
  };
  for (let x = 0; x < w; x++) {
    seed(x);
    seed((h - 1) * w + x);
  }
  for (let y = 0; y < h; y++) {
    seed(y * w);
    seed(y * w + w - 1);
  }
  while (top) {
    const p = stack[--top]!;
    const x = p % w;
    if (x > 0) seed(p - 1);
    if (x < w - 1) seed(p + 1);
    if (p >= w) seed(p - w);
    if (p < (h - 1) * w) seed(p + w);
  }
  for (let p = 0; p < mask.length; p++) if (!outside[p]) mask[p] = 1;
  return mask;
}

/** Box sums of a 0/1 mask over (2r+1)^2 windows (clipped at the borders), via a summed-area table. */
export function boxSum(mask: Uint8Array, w: number, h: number, r: number, al: Alloc = HEAP): Int32Array {
  const W = w + 1;
  const sat = al.i32(W * (h + 1));
  for (let y = 0; y < h; y++) {
    let run = 0;
    for (let x = 0; x < w; x++) {
      run += mask[y * w + x]!;
      sat[(y + 1) * W + x + 1] = sat[y * W + x + 1]! + run;
    }
  }
  const out = al.i32(w * h);
  for (let y = 0; y < h; y++) {
    const ya = Math.max(0, y - r);
    const yb = Math.min(h, y + r + 1);
    for (let x = 0; x < w; x++) {
      const xa = Math.max(0, x - r);
      const xb = Math.min(w, x + r + 1);
      out[y * w + x] = sat[yb * W + xb]! - sat[ya * W + xb]! - sat[yb * W + xa]! + sat[ya * W + xa]!;
    }
  }
  return out;
}

/** Outer boundary of the component containing the first set pixel (Moore-neighbor tracing), clockwise. */
export function traceOutline(mask: Uint8Array, w: number, h: number): Point[] {
  let start = -1;
  for (let p = 0; p < mask.length; p++)
    if (mask[p]) {
      start = p;
      break;
    }
  if (start < 0) return [];
  const at = (x: number, y: number) => x >= 0 && y >= 0 && x < w && y < h && mask[y * w + x] === 1;
  // Neighbors clockwise starting west (image y down).
  const dirs: Point[] = [
    [-1, 0],
    [-1, -1],
    [0, -1],
    [1, -1],
    [1, 0],
    [1, 1],
    [0, 1],
    [-1, 1],
  ];
  const sx = start % w;
  const sy = (start - sx) / w;
  const out: Point[] = [];
  let cx = sx;
  let cy = sy;
  // Radial sweep: scan the 8 neighbors clockwise starting just after the one we came from. The
  // start pixel is the first in raster order, so we may pretend we came from its west.
  let back = 0;
  let firstDir = -1;
  const limit = 4 * mask.length;
  for (let step = 0; step < limit; step++) {
    let d = -1;
    for (let k = 1; k <= 8; k++) {
      const c = (back + k) % 8;
      if (at(cx + dirs[c]![0], cy + dirs[c]![1])) {
        d = c;
        break;
      }
    }
    if (d < 0) return [[sx, sy]]; // a lone pixel
    // Jacob's stopping rule: back at the start and about to repeat the first move.
    if (cx === sx && cy === sy) {
      if (firstDir === d) break;
      if (firstDir < 0) firstDir = d;
    }
    out.push([cx, cy]);
    cx += dirs[d]![0];
    cy += dirs[d]![1];
    back = (d + 4) % 8;
  }
  return out;
}

/** Douglas-Peucker simplification of a closed polygon to within `eps` pixels. */
export function simplify(points: Point[], eps: number): Point[] {
  if (points.length < 4) return points;
  // Split the ring at the point farthest from the first, simplify both open halves.
  let far = 0;
  let best = -1;
  for (let i = 1; i < points.length; i++) {
    const d = (points[i]![0] - points[0]![0]) ** 2 + (points[i]![1] - points[0]![1]) ** 2;
    if (d > best) {
      best = d;
      far = i;
    }
  }
  const keep = new Uint8Array(points.length + 1);
  const ring = [...points, points[0]!];
  const stack: [number, number][] = [
    [0, far],
    [far, ring.length - 1],
  ];
  keep[0] = keep[far] = keep[ring.length - 1] = 1;
  while (stack.length) {
    const [a, b] = stack.pop()!;
    const [ax, ay] = ring[a]!;
    const [bx, by] = ring[b]!;
    const len = Math.hypot(bx - ax, by - ay) || 1;
    let idx = -1;
    let dmax = eps;
    for (let i = a + 1; i < b; i++) {
      const [px, py] = ring[i]!;
      const d = Math.abs((bx - ax) * (ay - py) - (ax - px) * (by - ay)) / len;
      if (d > dmax) {
        dmax = d;
        idx = i;
      }
    }
    if (idx >= 0) {
      keep[idx] = 1;
      stack.push([a, idx], [idx, b]);
    }
  }
  return points.filter((_, i) => keep[i]);
}
