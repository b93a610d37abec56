// Input of the sides network (training/tongue-features/train_sides.py): the two lateral edges of
// the tongue, where teeth leave their marks, straightened into one small image. For each of
// STRIP_ROWS rows sampled evenly between SIDE_FROM and SIDE_TO of the tongue's length (tip at the
// bottom), the crop's tongue pixels are read from OUTSIDE px beyond the edge to STRIP_DEPTH - OUTSIDE px inside it:
// the left edge into columns 0..STRIP_DEPTH-1, the right edge mirrored into the columns after, so
// the outside is at both borders and the insides meet in the middle. Straightening makes every
// scallop look alike wherever it is and however the tongue is shaped; what it removes, the edge's
// own wiggle, is kept as a fifth plane: the inward offset of the edge from its course smoothed
// over SMOOTH_ROWS rows (the same measure as contour.ts), 128 = on course, +8 per crop pixel
// inward.
import { HEAP, type Alloc } from '../../common/scratch.js';
import { SIDE_FROM, SIDE_TO, SMOOTH_ROWS } from './contour.js';
import type { TongueCrop } from './prepare.js';

export const STRIP_ROWS = 128;
export const STRIP_DEPTH = 32;
const OUTSIDE = 8;
export const STRIP_PLANES = 5;
export const STRIP_WIDTH = 2 * STRIP_DEPTH;

/** Row-wise left and right tongue edges of the crop (-1 where a row has no tongue). */
function rowEdges(crop: TongueCrop, al: Alloc): { left: Int32Array; right: Int32Array; top: number; bottom: number } {
  const { w, h, mask } = crop;
  const left = al.i32(h).fill(-1);
  const right = al.i32(h).fill(-1);
  let top = -1;
  let bottom = -1;
  for (let y = 0; y < h; y++) {
    const row = y * w;
    let x0 = 0;
    while (x0 < w && !mask[row + x0]) x0++;
    if (x0 === w) continue;
    let x1 = w - 1;
    while (!mask[row + x1]) x1--;
    left[y] = x0;
    right[y] = x1;
    if (top < 0) top = y;
    bottom = y;
  }
  return { left, right, top, bottom };
}

/** Mean over a window of 2r + 1 (clipped at the ends). */
function smoothed(x: Float32Array, r: number, al: Alloc): Float32Array {
  const out = al.f32(x.length);
  for (let i = 0; i < x.length; i++) {
    const a = Math.max(0, i - r);
    const b = Math.min(x.length - 1, i + r);
    let s = 0;
    for (let k = a; k <= b; k++) s += x[k]!;
    out[i] = s / (b - a + 1);
  }
  return out;
}

/** The straightened sides as 8-bit planes R, G, B, mask, edge offset; each STRIP_ROWS x STRIP_WIDTH. */
export function sideStrips(crop: TongueCrop, al: Alloc = HEAP): Uint8Array {
  const { w, mask, rgb } = crop;
  const P = STRIP_ROWS * STRIP_WIDTH;
  const out = al.u8(STRIP_PLANES * P);
  const { left, right, top, bottom } = rowEdges(crop, al);
  if (top < 0) return out;
  const length = bottom - top + 1;
  const y0 = top + Math.round(SIDE_FROM * (length - 1));
  const y1 = top + Math.round(SIDE_TO * (length - 1));
  const rows = y1 - y0 + 1;
  // Edges of the side rows, a missing row taking its predecessor's edge (as contour.ts does).
  const xl = al.f32(rows);
  const xr = al.f32(rows);
  for (let k = 0; k < rows; k++) {
    const y = y0 + k;
    xl[k] = left[y]! < 0 ? (k > 0 ? xl[k - 1]! : 0) : left[y]!;
    xr[k] = right[y]! < 0 ? (k > 0 ? xr[k - 1]! : 0) : right[y]!;
  }
  const r = (SMOOTH_ROWS - 1) / 2;
  const sl = smoothed(xl, r, al);
  const sr = smoothed(xr, r, al);
  const offsetByte = (d: number): number => Math.max(0, Math.min(255, Math.round(128 + 8 * d)));
  for (let j = 0; j < STRIP_ROWS; j++) {
    const k = Math.min(rows - 1, Math.round((j * (rows - 1)) / Math.max(1, STRIP_ROWS - 1)));
    const y = y0 + k;
    const row = y * w;
    const sides: [number, number, number][] = [
      [xl[k]!, 1, offsetByte(xl[k]! - sl[k]!)],
      [xr[k]!, -1, offsetByte(sr[k]! - xr[k]!)],
    ];
    for (let s = 0; s < 2; s++) {
      const [edge, dir, off] = sides[s]!;
      for (let i = 0; i < STRIP_DEPTH; i++) {
        // Left strip: column i reads edge - OUTSIDE + i; right strip mirrored so that its
        // outside is at the image's right border.
        const col = s === 0 ? i : STRIP_WIDTH - 1 - i;
        const o = j * STRIP_WIDTH + col;
        out[4 * P + o] = off;
        const x = edge + dir * (i - OUTSIDE);
        if (x < 0 || x >= w) continue;
        const p = row + x;
        // Tongue pixels only, as in networkInput: what lies beyond the edge (lips, teeth, the
        // mouth) depends on the framing, and the mask plane already says where the edge is.
        if (!mask[p]) continue;
        out[o] = rgb[3 * p]!;
        out[P + o] = rgb[3 * p + 1]!;
        out[2 * P + o] = rgb[3 * p + 2]!;
        out[3 * P + o] = 255;
      }
    }
  }
  return out;
}
