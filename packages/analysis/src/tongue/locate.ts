// Segmentation plus post-processing: which pixels are tongue, how many tongue-like regions the
// network saw, and the smoothed outline.
import type { RgbImage } from './decode.js';
import { components, fillHoles, majority, simplify, traceOutline, upsampleThreshold, type Point } from './mask.js';
import { segmentLogits, SEG_INPUT } from './segment.js';

export interface TongueRegion {
  /** 1 = tongue, one byte per working-image pixel: the largest region, holes filled, contour smoothed. */
  mask: Uint8Array;
  /** Pixels of the kept region. */
  area: number;
  /** Second-largest region / largest (0 when there is one): a second tongue in the photo. */
  secondRatio: number;
  /** Outline in working-image pixels. */
  polygon: Point[];
}

/** Majority-filter radius as a share of the working image's long side (about 3 px at 800 px). */
const SMOOTH_SHARE = 0.004;
/** Polygon simplification tolerance in working pixels. */
const OUTLINE_EPS = 1;

/** Post-processes raw logits into the tongue region (exported for the evaluation script). */
export function regionFromLogits(logits: Float32Array, S: number, w: number, h: number, smooth = true): TongueRegion {
  const raw = upsampleThreshold(logits, S, w, h);
  const { labels, areas } = components(raw, w, h);
  let best = 0;
  for (let i = 1; i < areas.length; i++) if (best === 0 || areas[i]! > areas[best]!) best = i;
  const sorted = areas.slice(1).sort((a, b) => b - a);
  const secondRatio = sorted.length > 1 ? sorted[1]! / sorted[0]! : 0;
  let mask: Uint8Array = new Uint8Array(w * h);
  if (best) for (let p = 0; p < mask.length; p++) mask[p] = labels[p] === best ? 1 : 0;
  if (best) {
    fillHoles(mask, w, h);
    if (smooth) {
      mask = majority(mask, w, h, Math.max(1, Math.round(SMOOTH_SHARE * Math.max(w, h))));
      // The filter can split a thin neck; keep the largest piece again.
      const again = components(mask, w, h);
      let keep = 0;
      for (let i = 1; i < again.areas.length; i++) if (keep === 0 || again.areas[i]! > again.areas[keep]!) keep = i;
      for (let p = 0; p < mask.length; p++) mask[p] = keep && again.labels[p] === keep ? 1 : 0;
    }
  }
  let area = 0;
  for (let p = 0; p < mask.length; p++) area += mask[p]!;
  const polygon = area ? simplify(traceOutline(mask, w, h), OUTLINE_EPS) : [];
  return { mask, area, secondRatio, polygon };
}

/** Runs the network on the working image and post-processes its output. */
export async function locateTongue(image: RgbImage): Promise<TongueRegion> {
  const logits = await segmentLogits(image);
  return regionFromLogits(logits, SEG_INPUT, image.width, image.height);
}
