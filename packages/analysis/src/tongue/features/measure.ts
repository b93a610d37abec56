// Measures every number the feature decisions use, as one flat, named vector: the learned models
// read it (the same code wrote their training data, so training and use cannot drift apart) and
// the result shows the relevant entries as evidence.
import { HEAP, type Alloc } from '../../common/scratch.js';
import type { TongueCrop } from './prepare.js';
import {
  classifyPixels,
  pixelsOf,
  PIXEL_BODY,
  PIXEL_COATING,
  PIXEL_HIGHLIGHT,
  PIXEL_SHADOW,
  type PixelMaps,
} from './pixels.js';
import { binnedQuantiles, type BinnedPlane } from './quantile.js';
import { measureTexture } from './texture.js';
import { measureContour } from './contour.js';

export type Measures = Record<string, number>;

export interface ZoneMeasure {
  area: number;
  body: [number, number, number];
  coating: [number, number, number] | null;
  coverage: number;
}

export interface Measurement {
  v: Measures;
  zones: ZoneMeasure[];
  maps: PixelMaps;
}

const QS5 = [0.1, 0.25, 0.5, 0.75, 0.9] as const;
const QS3 = [0.25, 0.5, 0.75] as const;
/** Below this share of the tongue a class is too small to give its own color. */
const MIN_CLASS_SHARE = 0.02;
/** Fewest pixels of a class in a zone for the zone to report that class's color. */
const MIN_ZONE_PIXELS = 20;
const ZONE_NAMES = ['tip', 'centre', 'root', 'sides'] as const;
const COLORED = [PIXEL_BODY, PIXEL_COATING] as const;

function labQuantiles(v: Measures, prefix: string, maps: PixelMaps, idx: Int32Array, qs: readonly number[]): void {
  const planes: [string, BinnedPlane][] = [
    ['L', maps.binned.L],
    ['a', maps.binned.a],
    ['b', maps.binned.b],
  ];
  for (const [ch, plane] of planes) {
    const q = binnedQuantiles(plane, idx, qs);
    qs.forEach((p, k) => (v[`${prefix}_${ch}_p${Math.round(p * 100)}`] = q[k]!));
  }
}

function median3(maps: PixelMaps, idx: Int32Array): [number, number, number] {
  const { L, a, b } = maps.binned;
  return [binnedQuantiles(L, idx, [0.5])[0]!, binnedQuantiles(a, idx, [0.5])[0]!, binnedQuantiles(b, idx, [0.5])[0]!];
}

function stdAt(plane: Float32Array, idx: Int32Array): number {
  if (idx.length === 0) return 0;
  let s = 0;
  let s2 = 0;
  for (let k = 0; k < idx.length; k++) {
    const x = plane[idx[k]!]!;
    s += x;
    s2 += x * x;
  }
  const m = s / idx.length;
  return Math.sqrt(Math.max(0, s2 / idx.length - m * m));
}

/** Every measurement of the crop: its colours (measureColor) and its texture and contour. */
export function measure(crop: TongueCrop, al: Alloc = HEAP): Measurement {
  const m = measureColor(crop, al);
  Object.assign(m.v, measureTexture(crop, m.maps, al), measureContour(crop, m.maps));
  return m;
}

/**
 * The colour measurements alone (pixel classes, CIELAB percentiles of all, body and coating
 * pixels, coverage, zones): what the colour models and rules read, also of a light-normalised
 * copy of the crop (color-norm.ts).
 */
export function measureColor(crop: TongueCrop, al: Alloc = HEAP): Measurement {
  const maps = classifyPixels(crop, al);
  const { tongue } = maps;
  const n = tongue.length;
  const v: Measures = {};
  const body = pixelsOf(maps, [PIXEL_BODY]);
  const coating = pixelsOf(maps, [PIXEL_COATING]);
  const colored = pixelsOf(maps, COLORED);
  const highlight = pixelsOf(maps, [PIXEL_HIGHLIGHT]);
  const shadow = pixelsOf(maps, [PIXEL_SHADOW]);
  const nColored = Math.max(1, colored.length);

  labQuantiles(v, 'all', maps, tongue, QS5);
  // A tongue without measurable body (fully coated) or coating gives the other class's color,
  // so the vector never holds NaN; `coverage` tells the models which case it is.
  const bodyIdx = body.length >= MIN_CLASS_SHARE * n ? body : colored;
  const coatIdx = coating.length >= MIN_CLASS_SHARE * n ? coating : colored;
  labQuantiles(v, 'body', maps, bodyIdx, QS3);
  labQuantiles(v, 'coat', maps, coatIdx, QS3);
  v.coverage = coating.length / nColored;
  v.highlight_share = highlight.length / n;
  v.shadow_share = shadow.length / n;
  v.split_gap = maps.splitGap;
  v.coating_a_threshold = maps.coatingA;
  v.body_chroma_p50 = binnedQuantiles(maps.binned.C, bodyIdx, [0.5])[0]!;
  v.coat_chroma_p50 = binnedQuantiles(maps.binned.C, coatIdx, [0.5])[0]!;
  v.body_hue = (Math.atan2(v.body_b_p50!, v.body_a_p50!) * 180) / Math.PI;
  v.coat_hue = (Math.atan2(v.coat_b_p50!, v.coat_a_p50!) * 180) / Math.PI;
  v.body_minus_coat_a = v.body_a_p50! - v.coat_a_p50!;
  v.coat_L_std = stdAt(crop.L, coatIdx);

  const zones: ZoneMeasure[] = [];
  ZONE_NAMES.forEach((name, z) => {
    const all = pixelsOf(maps, COLORED, [z]);
    const zb = maps.groups[PIXEL_BODY]![z]!;
    const zc = maps.groups[PIXEL_COATING]![z]!;
    const zoneN = [0, 1, 2, 3].reduce((s, c) => s + maps.groups[c]![z]!.length, 0);
    const cov = all.length > 0 ? zc.length / all.length : 0;
    const allLab = median3(maps, all.length > 0 ? all : tongue);
    const bodyLab = zb.length >= MIN_ZONE_PIXELS ? median3(maps, zb) : allLab;
    const coatLab = zc.length >= MIN_ZONE_PIXELS ? median3(maps, zc) : null;
    v[`${name}_L`] = allLab[0];
    v[`${name}_a`] = allLab[1];
    v[`${name}_b`] = allLab[2];
    v[`${name}_coverage`] = cov;
    v[`${name}_body_L`] = bodyLab[0];
    v[`${name}_body_a`] = bodyLab[1];
    v[`${name}_body_b`] = bodyLab[2];
    zones.push({ area: zoneN / n, body: bodyLab, coating: coatLab, coverage: cov });
  });
  return { v, zones, maps };
}
