// Color metrics: redness, shine, dark circles and skin tone (ITA), from the CIELAB planes
// of the normalized face.
import type { FaceMetric, FaceResult } from '@tcm/contract';
import { itaAngle, itaCategory, labToLch, type ItaCategory } from '../color/index.js';
import type { FaceFrame } from './face-frame.js';
import words from './words.json' with { type: 'json' };
import { clamp01, medianAt, quantilesAt, round, unionPixels } from './image-ops.js';
import { saturate } from './skin-metrics.js';

/** The engine's own words of each skin-tone category (words.json). */
const ITA_LABELS: Record<ItaCategory, { zh: string; en: string }> = words.skinTones;

export interface ColorMetrics {
  redness: FaceMetric;
  shine: FaceMetric;
  darkCircles: FaceMetric;
  skinTone: FaceResult['metrics']['skinTone'];
  /** Share of skin pixels that are specular highlights (0-1), also the gloss evidence. */
  highlightShare: number;
}

/** Redness, shine, dark circles (0-100, higher = more) and the ITA skin tone. */
export function colorMetrics(frame: FaceFrame): ColorMetrics {
  const { L, a, b, regions, skin } = frame;

  // Redness: 90th percentile of a* over cheeks and nose, 10 -> 0 and 30 -> 100; the share of
  // pixels 5 a* above the skin median (red patches) is reported with it.
  const redZone = unionPixels(regions.leftCheek, regions.rightCheek, regions.nose);
  const a90 = quantilesAt(a, redZone, [0.9])[0]!;
  const aMed = medianAt(a, skin);
  let patches = 0;
  for (const p of redZone) if (a[p]! > aMed + 5) patches++;
  const redness: FaceMetric = {
    score: round(100 * clamp01((a90 - 10) / 20), 1),
    evidence: {
      a90: round(a90, 1),
      aMedian: round(aMed, 1),
      redPatchPercent: round((100 * patches) / Math.max(1, redZone.length)),
    },
  };

  // Shine: specular highlights, i.e. skin pixels brighter than both median + 15 L* and the
  // upper outlier fence p75 + IQR (so that strong side light alone does not count), and less
  // saturated than the skin median; the share saturates with k = 3 %.
  const [q25, LMed, q75] = quantilesAt(L, skin, [0.25, 0.5, 0.75]) as [number, number, number];
  const fence = Math.max(LMed + 15, 2 * q75 - q25);
  const cMed = labToLch(aMed, medianAt(b, skin)).C;
  let hi = 0;
  for (const p of skin) if (L[p]! > fence && Math.hypot(a[p]!, b[p]!) < cMed) hi++;
  const highlightShare = hi / Math.max(1, skin.length);
  const shine: FaceMetric = {
    score: saturate(highlightShare, 0.03),
    evidence: { highlightPercent: round(100 * highlightShare), skinL: round(LMed, 1), thresholdL: round(fence, 1) },
  };

  // Dark circles: how much darker the under-eye is than the cheek below it (ΔL*),
  // 0 -> 0 and 12 -> 100, averaged over the sides with enough pixels.
  const sides: { dL: number; da: number; db: number }[] = [];
  for (const [eye, cheek] of [
    [regions.leftUnderEye, regions.leftCheek],
    [regions.rightUnderEye, regions.rightCheek],
  ] as const) {
    if (eye.length < 30 || cheek.length < 30) continue;
    sides.push({
      dL: medianAt(L, cheek) - medianAt(L, eye),
      da: medianAt(a, eye) - medianAt(a, cheek),
      db: medianAt(b, eye) - medianAt(b, cheek),
    });
  }
  const mean = (k: 'dL' | 'da' | 'db') => (sides.length ? sides.reduce((s, v) => s + v[k], 0) / sides.length : 0);
  const darkCircles: FaceMetric = {
    score: round(100 * clamp01(mean('dL') / 12), 1),
    evidence: {
      deltaL: round(mean('dL'), 1),
      deltaA: round(mean('da'), 1),
      deltaB: round(mean('db'), 1),
      sides: sides.length,
    },
  };

  // Skin tone: ITA of the median L*, b* of forehead, cheeks and chin (the nose shines).
  const toneZone = unionPixels(regions.forehead, regions.leftCheek, regions.rightCheek, regions.chin);
  const lab = {
    L: round(medianAt(L, toneZone), 1),
    a: round(medianAt(a, toneZone), 1),
    b: round(medianAt(b, toneZone), 1),
  };
  const ita = itaAngle(lab.L, lab.b);
  const category = itaCategory(ita);
  return {
    redness,
    shine,
    darkCircles,
    skinTone: { ita: round(ita, 1), category, label: ITA_LABELS[category], lab },
    highlightShare,
  };
}
