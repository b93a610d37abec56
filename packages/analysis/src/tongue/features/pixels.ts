// Sorts the tongue's pixels into specular highlight, shadow, coating and body, and into the four
// zones of tongue diagnosis. Coating is separated from the body in CIELAB: coating (苔) is the
// whiter, less red layer, so within one tongue it has a lower a* than the exposed body (舌质).
import { HEAP, type Alloc } from '../../common/scratch.js';
import type { TongueCrop } from './prepare.js';
import { binnedQuantiles, binPlane, type BinnedPlane } from './quantile.js';
import { otsu } from './stats.js';

export const PIXEL_BODY = 0;
export const PIXEL_COATING = 1;
export const PIXEL_HIGHLIGHT = 2;
export const PIXEL_SHADOW = 3;

export const ZONE_TIP = 0;
export const ZONE_CENTRE = 1;
export const ZONE_ROOT = 2;
export const ZONE_SIDES = 3;

/** Thresholds of the pixel classes; docs/tongue-features.md gives how they were measured. */
export const PIXEL_RULES = {
  /** A highlight is this much brighter than the tongue's median L* ... */
  highlightDeltaL: 18,
  /** ... and at most this chroma (specular reflection keeps the light's color). */
  highlightMaxChroma: 22,
  /** A shadow (crack floors, the mouth's edge) is this much darker than the median L*. */
  shadowDeltaL: 22,
  /** Otsu's split of a* is accepted as coating/body when the class means differ at least this much. */
  minSplitGap: 7,
  /** Without a clear split, pixels below this a* still count as coating (a white-coated tongue). */
  absoluteCoatingA: 9,
} as const;

/** Row position (0 = root, 1 = tip) where the tip zone starts, and where the root zone ends. */
export const TIP_START = 0.8;
export const ROOT_END = 1 / 3;
/** Share of each row's width, from either edge, that belongs to the sides. */
export const SIDE_SHARE = 0.2;

export interface PixelMaps {
  /** Tongue pixel indices. */
  tongue: Int32Array;
  /** Tongue pixel indices by class and zone: groups[cls][zone]. */
  groups: Int32Array[][];
  /** L*, a*, b* and chroma binned for quantiles. */
  binned: { L: BinnedPlane; a: BinnedPlane; b: BinnedPlane; C: BinnedPlane };
  /** Class of each crop pixel (only meaningful on the tongue). */
  cls: Uint8Array;
  /** Zone of each crop pixel (only meaningful on the tongue). */
  zone: Uint8Array;
  /** Chroma C*ab per crop pixel. */
  chroma: Float32Array;
  /** a* threshold below which a pixel counts as coating. */
  coatingA: number;
  /** Gap between the mean a* of the two Otsu classes. */
  splitGap: number;
  /** Median L* of the tongue. */
  medianL: number;
  /** First and last tongue row, and the left/right edge of every row (-1 without tongue). */
  top: number;
  bottom: number;
  left: Int32Array;
  right: Int32Array;
}

export function classifyPixels(crop: TongueCrop, al: Alloc = HEAP): PixelMaps {
  const { w, h, mask, L, a, b } = crop;
  const tongue = al.i32(crop.count);
  const left = new Int32Array(h).fill(-1);
  const right = new Int32Array(h).fill(-1);
  let top = -1;
  let bottom = -1;
  let k = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (!mask[i]) continue;
      tongue[k++] = i;
      if (left[y]! < 0) left[y] = x;
      right[y] = x;
      if (top < 0) top = y;
      bottom = y;
    }
  }
  const n = tongue.length;
  const chroma = al.f32(w * h);
  // Indexed loops over the tongue list (not for...of): this function runs over every tongue
  // pixel several times and is the features' largest single cost.
  for (let k = 0; k < n; k++) {
    const i = tongue[k]!;
    chroma[i] = Math.sqrt(a[i]! * a[i]! + b[i]! * b[i]!);
  }
  const binned = {
    L: binPlane(L, 0, 100, tongue, al),
    a: binPlane(a, -60, 100, tongue, al),
    b: binPlane(b, -60, 100, tongue, al),
    C: binPlane(chroma, 0, 130, tongue, al),
  };
  const [medianL] = binnedQuantiles(binned.L, tongue, [0.5]) as [number];
  const cls = al.u8(w * h);
  const colour = al.i32(n);
  let nColor = 0;
  for (let k = 0; k < n; k++) {
    const i = tongue[k]!;
    if (L[i]! > medianL + PIXEL_RULES.highlightDeltaL && chroma[i]! < PIXEL_RULES.highlightMaxChroma) {
      cls[i] = PIXEL_HIGHLIGHT;
    } else if (L[i]! < medianL - PIXEL_RULES.shadowDeltaL) cls[i] = PIXEL_SHADOW;
    else colour[nColor++] = i;
  }
  const colorIdx = colour.subarray(0, nColor);
  const t = colorIdx.length > 0 ? otsu(a, colorIdx, -10, 60) : 0;
  let s0 = 0;
  let n0 = 0;
  let s1 = 0;
  let n1 = 0;
  for (let k = 0; k < nColor; k++) {
    const i = colorIdx[k]!;
    if (a[i]! < t) {
      s0 += a[i]!;
      n0++;
    } else {
      s1 += a[i]!;
      n1++;
    }
  }
  const splitGap = n0 > 0 && n1 > 0 ? s1 / n1 - s0 / n0 : 0;
  const coatingA = splitGap >= PIXEL_RULES.minSplitGap ? t : Math.min(t, PIXEL_RULES.absoluteCoatingA);
  for (let k = 0; k < nColor; k++) {
    const i = colorIdx[k]!;
    cls[i] = a[i]! < coatingA ? PIXEL_COATING : PIXEL_BODY;
  }

  const zone = al.u8(w * h);
  const len = Math.max(1, bottom - top);
  // The tongue list is in row order: the row advances instead of a division per pixel.
  let y = top;
  for (let k = 0; k < n; k++) {
    const i = tongue[k]!;
    while (i >= (y + 1) * w) y++;
    const x = i - y * w;
    const t01 = (y - top) / len;
    const rowW = Math.max(1, right[y]! - left[y]!);
    const u = (x - left[y]!) / rowW;
    if (t01 >= TIP_START) zone[i] = ZONE_TIP;
    else if (t01 < ROOT_END) zone[i] = ZONE_ROOT;
    else if (u < SIDE_SHARE || u > 1 - SIDE_SHARE) zone[i] = ZONE_SIDES;
    else zone[i] = ZONE_CENTRE;
  }
  // Two passes (count, then fill) into typed arrays: no growing lists on every photo.
  const counts = new Int32Array(16);
  for (let k = 0; k < n; k++) {
    const i = tongue[k]!;
    counts[cls[i]! * 4 + zone[i]!]!++;
  }
  const flat = Array.from(counts, (c) => new Int32Array(c));
  const fill = new Int32Array(16);
  for (let k = 0; k < n; k++) {
    const i = tongue[k]!;
    const g = cls[i]! * 4 + zone[i]!;
    flat[g]![fill[g]!++] = i;
  }
  const groups = [0, 1, 2, 3].map((c) => flat.slice(c * 4, c * 4 + 4));
  return { tongue, groups, binned, cls, zone, chroma, coatingA, splitGap, medianL, top, bottom, left, right };
}

/** Tongue pixels of the given classes and zones, as one index array. */
export function pixelsOf(
  maps: PixelMaps,
  classes: readonly number[],
  zones: readonly number[] = [0, 1, 2, 3],
): Int32Array {
  let n = 0;
  for (const c of classes) for (const z of zones) n += maps.groups[c]![z]!.length;
  const out = new Int32Array(n);
  let k = 0;
  for (const c of classes) {
    for (const z of zones) {
      out.set(maps.groups[c]![z]!, k);
      k += maps.groups[c]![z]!.length;
    }
  }
  return out;
}
