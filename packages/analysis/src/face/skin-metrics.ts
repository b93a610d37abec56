// Structure metrics on the normalized face (NORM_FACE_WIDTH px ear to ear, ~0.35 mm/px):
// spots, wrinkles, texture and pores. Each works on L* only, so that skin color itself does
// not count as a spot; every threshold is in L* units relative to the local surroundings.
import type { FaceMetric } from '@tcm/contract';
import type { FaceFrame } from './face-frame.js';
import { components, round, smooth, unionPixels } from './image-ops.js';

/** Saturating 0-100 score: 100 (1 - e^(-x / k)); k is the value that scores 63. */
export const saturate = (x: number, k: number): number => round(100 * (1 - Math.exp(-Math.max(0, x) / k)), 1);

export interface Spot {
  /** Frame pixels. */
  x: number;
  y: number;
  r: number;
}

interface Planes {
  /** Local darkness against a wide (r=8 px, ~3 mm) neighborhood: smooth8(L) - L. */
  darkWide: Float32Array;
  /** Fine high-pass: smooth2(L) - L. */
  darkFine: Float32Array;
}

function planes(frame: FaceFrame): Planes {
  const { L, width, height } = frame;
  const wide = smooth(L, width, height, 8);
  const fine = smooth(L, width, height, 2);
  const darkWide = new Float32Array(L.length);
  const darkFine = new Float32Array(L.length);
  for (let i = 0; i < L.length; i++) {
    darkWide[i] = wide[i]! - L[i]!;
    darkFine[i] = fine[i]! - L[i]!;
  }
  return { darkWide, darkFine };
}

// Contrast thresholds scale with skin lightness: the same pigment gives a smaller L* step
// on dark skin. 0.09 * L* is 6 L* units on L* = 65 skin.
/** Mean contrast (share of skin L*) above which a dark blob is not pigment. */
const MAX_SPOT_CONTRAST = 0.35;
const spotThreshold = (skinL: number) => Math.max(2.5, 0.09 * skinL);
const lineThreshold = (skinL: number) => Math.max(1.5, 0.05 * skinL);

function maskOf(idx: Int32Array, plane: Float32Array, threshold: number, size: number): Uint8Array {
  const m = new Uint8Array(size);
  for (const p of idx) if (plane[p]! > threshold) m[p] = 1;
  return m;
}

function shapeOf(pix: Int32Array, width: number): { cx: number; cy: number; long: number; short: number } {
  let x0 = Infinity,
    y0 = Infinity,
    x1 = -Infinity,
    y1 = -Infinity,
    sx = 0,
    sy = 0;
  for (const p of pix) {
    const x = p % width;
    const y = (p - x) / width;
    x0 = Math.min(x0, x);
    y0 = Math.min(y0, y);
    x1 = Math.max(x1, x);
    y1 = Math.max(y1, y);
    sx += x;
    sy += y;
  }
  const long = Math.max(x1 - x0, y1 - y0) + 1;
  return { cx: sx / pix.length, cy: sy / pix.length, long, short: pix.length / long };
}

export interface StructureMetrics {
  spots: FaceMetric;
  wrinkles: FaceMetric;
  texture: FaceMetric;
  pores: FaceMetric;
  spotList: Spot[];
}

/** Spots, wrinkles, texture and pores of the normalized face (scores 0-100, higher = more). */
export function structureMetrics(frame: FaceFrame, skinL: number): StructureMetrics {
  const { width, height, skin, regions } = frame;
  const { darkWide, darkFine } = planes(frame);
  const n = width * height;

  // Spots: compact dark blobs 6-400 px (~0.7-50 mm²) at least spotThreshold darker than
  // their 3 mm surroundings, not elongated (hairs and lines are wrinkles' business) and not
  // darker than MAX_SPOT_CONTRAST of the skin's L*.
  const tSpot = spotThreshold(skinL);
  const spotList: Spot[] = [];
  let spotArea = 0;
  let spotContrast = 0;
  const spotMask = new Uint8Array(n);
  for (const c of components(maskOf(skin, darkWide, tSpot, n), width, height, 400)) {
    if (c.length < 6) continue;
    const s = shapeOf(c, width);
    if (s.long / Math.max(1, s.short) > 3) continue;
    let contrast = 0;
    for (const p of c) contrast += darkWide[p]!;
    // Far darker than pigment gets (hair at the hairline, a nostril, a deep shadow).
    if (contrast / c.length > MAX_SPOT_CONTRAST * skinL) continue;
    spotList.push({ x: s.cx, y: s.cy, r: Math.sqrt(c.length / Math.PI) });
    spotArea += c.length;
    spotContrast += contrast;
    for (const p of c) spotMask[p] = 1;
  }
  const spotShare = spotArea / Math.max(1, skin.length);
  const spots: FaceMetric = {
    score: saturate(spotShare, 0.02),
    evidence: {
      count: spotList.length,
      areaPercent: round(100 * spotShare),
      meanContrastL: round(spotContrast / Math.max(1, spotArea), 1),
      thresholdL: round(tSpot, 1),
    },
  };

  // Wrinkles: thin dark lines (fine high-pass above lineThreshold) forming components at
  // least 12 px (~4 mm) long and 3 times longer than wide, in the forehead, under-eye and cheeks.
  const zone = unionPixels(
    regions.forehead,
    regions.leftUnderEye,
    regions.rightUnderEye,
    regions.leftCheek,
    regions.rightCheek,
  );
  const tLine = lineThreshold(skinL);
  let lineLength = 0;
  let lines = 0;
  for (const c of components(maskOf(zone, darkFine, tLine, n), width, height, 3000)) {
    if (c.length < 6) continue;
    const s = shapeOf(c, width);
    if (s.long < 12 || s.long / Math.max(1, s.short) < 3) continue;
    lineLength += s.long;
    lines++;
  }
  // Line length per 1000 px of zone (≈ mm of line per cm² at 0.35 mm/px, times ~2.9).
  const lineDensity = (1000 * lineLength) / Math.max(1, zone.length);
  const wrinkles: FaceMetric = {
    score: saturate(lineDensity, 25),
    evidence: { lines, lengthPer1000px: round(lineDensity, 1), thresholdL: round(tLine, 1) },
  };

  // Texture: spread (standard deviation, L* units) of the fine high-pass over skin outside
  // spots; saturates with k = 3 L*.
  let s1 = 0,
    s2 = 0,
    m = 0;
  for (const p of skin) {
    if (spotMask[p]) continue;
    const v = darkFine[p]!;
    s1 += v;
    s2 += v * v;
    m++;
  }
  const sd = Math.sqrt(Math.max(0, s2 / Math.max(1, m) - (s1 / Math.max(1, m)) ** 2));
  const texture: FaceMetric = { score: saturate(sd, 3), evidence: { highPassSdL: round(sd, 2) } };

  // Pores: local minima of L* in nose and cheeks, 1-8 px blobs (~0.1-1 mm²) at least half a
  // line threshold darker than the 1 mm surroundings, per 1000 px of those regions.
  const poreZone = unionPixels(regions.nose, regions.leftCheek, regions.rightCheek);
  let pores = 0;
  for (const c of components(maskOf(poreZone, darkFine, 0.6 * tLine, n), width, height, 8)) {
    if (c.length >= 1 && !c.some((p) => spotMask[p])) pores++;
  }
  const poreDensity = (1000 * pores) / Math.max(1, poreZone.length);
  const poresMetric: FaceMetric = {
    score: saturate(poreDensity, 15),
    evidence: { count: pores, per1000px: round(poreDensity, 1) },
  };

  return { spots, wrinkles, texture, pores: poresMetric, spotList };
}
