// Measures every number the feature decisions use, as one flat, named vector: the learned models
// read it (the same code wrote their training data, so training and use cannot drift apart) and
// the result shows the relevant entries as evidence.
import type { TongueCrop } from './prepare.js';
import {
  classifyPixels,
  select,
  PIXEL_BODY,
  PIXEL_COATING,
  PIXEL_HIGHLIGHT,
  PIXEL_SHADOW,
  ZONE_CENTRE,
  ZONE_ROOT,
  ZONE_SIDES,
  ZONE_TIP,
  type PixelMaps,
} from './pixels.js';
import { quantilesAt, meanAt } from './stats.js';
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
/** Below this share of the tongue a class is too small to give its own colour. */
const MIN_CLASS_SHARE = 0.02;

function labQuantiles(v: Measures, prefix: string, crop: TongueCrop, idx: Int32Array, qs: readonly number[]): void {
  for (const [ch, plane] of [
    ['L', crop.L],
    ['a', crop.a],
    ['b', crop.b],
  ] as const) {
    const q = quantilesAt(plane, idx, qs);
    qs.forEach((p, k) => (v[`${prefix}_${ch}_p${Math.round(p * 100)}`] = q[k]!));
  }
}

function median3(crop: TongueCrop, idx: Int32Array): [number, number, number] {
  return [
    quantilesAt(crop.L, idx, [0.5])[0]!,
    quantilesAt(crop.a, idx, [0.5])[0]!,
    quantilesAt(crop.b, idx, [0.5])[0]!,
  ];
}

export function measure(crop: TongueCrop): Measurement {
  const maps = classifyPixels(crop);
  const { tongue, cls, zone } = maps;
  const n = tongue.length;
  const v: Measures = {};
  const body = select(maps, (i) => cls[i] === PIXEL_BODY);
  const coating = select(maps, (i) => cls[i] === PIXEL_COATING);
  const coloured = select(maps, (i) => cls[i] === PIXEL_BODY || cls[i] === PIXEL_COATING);
  const highlight = select(maps, (i) => cls[i] === PIXEL_HIGHLIGHT);
  const shadow = select(maps, (i) => cls[i] === PIXEL_SHADOW);
  const nColoured = Math.max(1, coloured.length);

  labQuantiles(v, 'all', crop, tongue, QS5);
  // A tongue without measurable body (fully coated) or coating gives the other class's colour,
  // so the vector never holds NaN; `coverage` tells the models which case it is.
  const bodyIdx = body.length >= MIN_CLASS_SHARE * n ? body : coloured;
  const coatIdx = coating.length >= MIN_CLASS_SHARE * n ? coating : coloured;
  labQuantiles(v, 'body', crop, bodyIdx, QS3);
  labQuantiles(v, 'coat', crop, coatIdx, QS3);
  v.coverage = coating.length / nColoured;
  v.highlight_share = highlight.length / n;
  v.shadow_share = shadow.length / n;
  v.split_gap = maps.splitGap;
  v.coating_a_threshold = maps.coatingA;
  v.body_chroma_p50 = quantilesAt(maps.chroma, bodyIdx, [0.5])[0]!;
  v.coat_chroma_p50 = quantilesAt(maps.chroma, coatIdx, [0.5])[0]!;
  v.body_hue = (Math.atan2(v.body_b_p50!, v.body_a_p50!) * 180) / Math.PI;
  v.coat_hue = (Math.atan2(v.coat_b_p50!, v.coat_a_p50!) * 180) / Math.PI;
  v.body_minus_coat_a = v.body_a_p50! - v.coat_a_p50!;
  v.coat_L_std = Math.sqrt(
    Math.max(0, meanAt(squared(crop.L, coatIdx), coatIdx) - meanAt(crop.L, coatIdx) ** 2),
  );

  const zones: ZoneMeasure[] = [];
  const names = ['tip', 'centre', 'root', 'sides'];
  for (const z of [ZONE_TIP, ZONE_CENTRE, ZONE_ROOT, ZONE_SIDES]) {
    const all = select(maps, (i) => zone[i] === z && (cls[i] === PIXEL_BODY || cls[i] === PIXEL_COATING));
    const zb = select(maps, (i) => zone[i] === z && cls[i] === PIXEL_BODY);
    const zc = select(maps, (i) => zone[i] === z && cls[i] === PIXEL_COATING);
    const zoneN = select(maps, (i) => zone[i] === z).length;
    const cov = all.length > 0 ? zc.length / all.length : 0;
    const bodyLab = median3(crop, zb.length >= 20 ? zb : all.length > 0 ? all : tongue);
    const coatLab = zc.length >= 20 ? median3(crop, zc) : null;
    const allLab = median3(crop, all.length > 0 ? all : tongue);
    const name = names[z]!;
    v[`${name}_L`] = allLab[0];
    v[`${name}_a`] = allLab[1];
    v[`${name}_b`] = allLab[2];
    v[`${name}_coverage`] = cov;
    zones.push({ area: zoneN / n, body: bodyLab, coating: coatLab, coverage: cov });
  }
  Object.assign(v, measureTexture(crop, maps), measureContour(crop, maps));
  return { v, zones, maps };
}

function squared(plane: Float32Array, idx: Int32Array): Float32Array {
  const out = new Float32Array(plane.length);
  for (const i of idx) out[i] = plane[i]! * plane[i]!;
  return out;
}
