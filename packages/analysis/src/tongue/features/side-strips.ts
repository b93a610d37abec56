// Input of the sides network (training/tongue-features/train_sides.py): the two lateral edges of
// the tongue, where teeth leave their marks, straightened into one small image. For each of
// STRIP_ROWS rows sampled evenly from the side rows of contour.ts (SIDE_FROM to SIDE_TO of the
// tongue's length, tip at the bottom), the crop's tongue pixels are read from OUTSIDE px beyond
// the edge to STRIP_DEPTH - OUTSIDE px inside it: the left edge into columns 0..STRIP_DEPTH-1,
// the right edge mirrored into the columns after, so the outside is at both borders and the
// insides meet in the middle. Straightening makes every
// scallop look alike wherever it is and however the tongue is shaped; what it removes, the edge's
// own wiggle, is kept as a fifth plane: the inward offset of the edge from its course smoothed
// over SMOOTH_ROWS rows (the same measure as contour.ts), 128 = on course, +8 per crop pixel
// inward.
import { HEAP, type Alloc } from '../../common/scratch.js';
import { sideEdges, smooth, SMOOTH_ROWS } from './contour.js';
import type { PixelMaps } from './pixels.js';
import type { TongueCrop } from './prepare.js';

export const STRIP_ROWS = 128;
export const STRIP_DEPTH = 32;
const OUTSIDE = 8;
export const STRIP_PLANES = 5;
export const STRIP_WIDTH = 2 * STRIP_DEPTH;

/** The straightened sides as 8-bit planes R, G, B, mask, edge offset; each STRIP_ROWS x STRIP_WIDTH. */
export function sideStrips(crop: TongueCrop, maps: PixelMaps, al: Alloc = HEAP): Uint8Array {
  const { w, mask, rgb } = crop;
  const P = STRIP_ROWS * STRIP_WIDTH;
  const out = al.u8(STRIP_PLANES * P);
  if (maps.top < 0) return out;
  // The sides' edges and their smoothed course, exactly as the outline measures read them.
  const { y0, rows, xl, xr } = sideEdges(maps);
  const r = (SMOOTH_ROWS - 1) / 2;
  const sl = smooth(xl, r);
  const sr = smooth(xr, r);
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
