// Segmentation plus post-processing: which pixels are tongue, how many tongue-like regions the
// network saw, and the outline. The clean-up runs on the network's own S x S logit grid (cheap),
// and the full-resolution mask is the zero level of the bilinearly upsampled logits, so the
// contour is smooth and sub-cell accurate without a full-resolution morphology pass:
//  - largest component: positive cells 8-connected to the largest positive region are kept;
//    the logits of every other positive cell are set to a negative value;
//  - holes: non-positive cells not 4-connected to the border get a positive value;
//  - smoothing: the logits get a light [1 2 1]/4 blur first (removes one-cell wiggles).
import { HEAP, type Alloc } from '../common/scratch.js';
import type { RgbImage } from './decode.js';
import { components, fillHoles, simplify, traceOutline, upsampleThreshold, type Point } from './mask.js';
import { MIN_TONGUE_AREA } from './quality.js';
import { segmentLogits, SEG_INPUT } from './segment.js';

export interface TongueRegion {
  /** 1 = tongue, one byte per working-image pixel. */
  mask: Uint8Array;
  /** Pixels of the tongue. */
  area: number;
  /** Second-largest tongue-like region / largest, in logit cells (0 when there is none of tongue size). */
  secondRatio: number;
  /** Outline in working-image pixels. */
  polygon: Point[];
}

/** Polygon simplification tolerance in working pixels. */
const OUTLINE_EPS = 1;
/** Logit value given to removed regions and to filled holes. */
const SET = 4;

/** Separable [1 2 1]/4 blur of an S x S grid (edges clamped). */
export function blurGrid(g: Float32Array, S: number, al: Alloc = HEAP): Float32Array {
  const tmp = al.f32(g.length);
  const out = al.f32(g.length);
  for (let y = 0; y < S; y++)
    for (let x = 0; x < S; x++) {
      const r = y * S;
      tmp[r + x] = (g[r + Math.max(0, x - 1)]! + 2 * g[r + x]! + g[r + Math.min(S - 1, x + 1)]!) / 4;
    }
  for (let y = 0; y < S; y++)
    for (let x = 0; x < S; x++)
      out[y * S + x] =
        (tmp[Math.max(0, y - 1) * S + x]! + 2 * tmp[y * S + x]! + tmp[Math.min(S - 1, y + 1) * S + x]!) / 4;
  return out;
}

/** Keeps the largest positive region of the logit grid and fills its holes (returns a new grid). */
export function cleanGrid(
  logits: Float32Array,
  S: number,
  al: Alloc = HEAP,
): { grid: Float32Array; secondRatio: number; cells: number } {
  const pos = al.u8(S * S);
  for (let i = 0; i < pos.length; i++) pos[i] = logits[i]! > 0 ? 1 : 0;
  const { labels, areas } = components(pos, S, S, al);
  let best = 0;
  for (let i = 1; i < areas.length; i++) if (best === 0 || areas[i]! > areas[best]!) best = i;
  // A second region counts only when it is itself big enough to be a tongue (a speck of lip
  // next to a small tongue is not a second person).
  const sorted = areas.slice(1).sort((a, b) => b - a);
  const second = sorted[1] ?? 0;
  const secondRatio = second >= MIN_TONGUE_AREA * S * S ? second / sorted[0]! : 0;
  const grid = al.f32(logits.length);
  grid.set(logits);
  const keep = al.u8(S * S);
  for (let i = 0; i < grid.length; i++) {
    if (best && labels[i] === best) keep[i] = 1;
    else if (grid[i]! > 0) grid[i] = -SET;
  }
  if (best) {
    // fillHoles works in place; keep stays the region without its holes.
    const copy = al.u8(keep.length);
    copy.set(keep);
    const filled = fillHoles(copy, S, S, al);
    for (let i = 0; i < grid.length; i++) if (filled[i] && !keep[i]) grid[i] = SET;
  }
  return { grid, secondRatio, cells: best ? areas[best]! : 0 };
}

const shoelace = (poly: Point[]) => {
  let a = 0;
  for (let i = 0; i < poly.length; i++) {
    const [x0, y0] = poly[i]!;
    const [x1, y1] = poly[(i + 1) % poly.length]!;
    a += x0 * y1 - x1 * y0;
  }
  return Math.abs(a / 2);
};

/** Post-processes raw logits into the tongue region at w x h (exported for the evaluation script). */
export function regionFromLogits(
  logits: Float32Array,
  S: number,
  w: number,
  h: number,
  smooth = true,
  al: Alloc = HEAP,
): TongueRegion {
  const { grid, secondRatio, cells } = cleanGrid(smooth ? blurGrid(logits, S, al) : logits, S, al);
  let mask = upsampleThreshold(grid, S, w, h, al);
  let area = 0;
  for (let p = 0; p < mask.length; p++) area += mask[p]!;
  if (!cells || !area) return { mask: new Uint8Array(w * h), area: 0, secondRatio: 0, polygon: [] };
  let polygon = traceOutline(mask, w, h);
  // A speck cut off at a bilinear saddle could come first in raster order: then keep the
  // largest piece at full resolution (rare, so its cost is not paid on every photo).
  if (shoelace(polygon) < 0.5 * area) {
    const { labels, areas } = components(mask, w, h);
    let best = 1;
    for (let i = 2; i < areas.length; i++) if (areas[i]! > areas[best]!) best = i;
    mask = mask.map((_, p) => (labels[p] === best ? 1 : 0));
    area = areas[best]!;
    polygon = traceOutline(mask, w, h);
  }
  return { mask, area, secondRatio, polygon: simplify(polygon, OUTLINE_EPS) };
}

/** Runs the network on the working image and post-processes its output. */
export async function locateTongue(image: RgbImage, al: Alloc = HEAP): Promise<TongueRegion> {
  const logits = await segmentLogits(image, al);
  return regionFromLogits(logits, SEG_INPUT, image.width, image.height, true, al);
}
