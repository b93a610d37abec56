// Photo quality: the checks that stop an analysis (no tongue, more than one: thrown EngineError)
// and the ones that only warn (quality.issues: the readings may be affected, retake advised).
// Every threshold was set from the distributions that calibrate-quality.ts prints over the
// dataset photos (every fourth) and over degraded copies of them; docs/tongue.md has the figures.
import { TONGUE_ERRORS, type QualityIssue, type TongueErrorDef } from '@tcm/contract';
import { EngineError } from '../common/engine-error.js';
import type { QualityMeasures } from './measures.js';

/** Below this share of the photo the largest region is noise or lips, not a tongue. */
export const MIN_TONGUE_AREA = 0.01;
/** A second region at least this fraction of the largest is a second tongue. */
export const MAX_SECOND_RATIO = 0.3;
/**
 * Too small: narrower than this in working pixels (the dataset's narrowest tongue is about 350 px; under
 * 160 px a 1 mm crack or prickle is about one pixel) or under this share of the frame.
 */
export const MIN_WIDTH_PX = 160;
export const MIN_AREA_FRACTION = 0.04;
/** Focus (measures.ts) under which the photo is blurred: dataset p0.5 1.57; blur sigma 3 p99.5 1.50. */
export const MIN_SHARPNESS = 1.5;
/** Median tongue L*: dataset p0.5 53.2 / p99.5 83.4; darkened x0.45 median 30.9; brightened x1.8 p5 88.4. */
export const MIN_MEDIAN_L = 35;
export const MAX_MEDIAN_L = 88;
/** Washed-out share of the tongue: dataset p99.5 0.014; brightened x1.8 median 0.54. */
export const MAX_CLIPPED = 0.05;
/**
 * Color cast, judged on the mean color of the lips and skin around the tongue (a true purple or
 * yellow tongue does not count): dataset hue p0.5-p99.5 18.7-49.3 degrees, chroma p99.5 34.7.
 */
export const RING_HUE_RANGE: readonly [number, number] = [10, 65];
export const MAX_RING_CHROMA = 40;
/** Under this chroma the ring is near grey and its hue says nothing. */
export const MIN_RING_CHROMA_FOR_HUE = 4;

const issue = (def: TongueErrorDef): QualityIssue => ({ code: String(def.code), message: def.en, tip: def.tip.en });
const round = (v: number, d = 3) => Math.round(v * 10 ** d) / 10 ** d;

/** Throws when the photo shows no tongue or more than one (nothing to analyze). */
export function checkTonguePresent(m: Pick<QualityMeasures, 'areaFraction' | 'secondRatio'>): void {
  if (m.areaFraction < MIN_TONGUE_AREA)
    throw new EngineError(TONGUE_ERRORS.TONGUE_NOT_FOUND, {
      areaFraction: round(m.areaFraction, 4),
      min: MIN_TONGUE_AREA,
    });
  if (m.secondRatio >= MAX_SECOND_RATIO)
    throw new EngineError(TONGUE_ERRORS.TONGUE_SEVERAL, { secondRatio: round(m.secondRatio), max: MAX_SECOND_RATIO });
}

/** The warnings for a photo with one tongue, with the measured values as evidence. */
export function assessQuality(m: QualityMeasures): {
  ok: boolean;
  issues: QualityIssue[];
  evidence: Record<string, number>;
} {
  const issues: QualityIssue[] = [];
  if (m.widthPx < MIN_WIDTH_PX || m.areaFraction < MIN_AREA_FRACTION)
    issues.push(issue(TONGUE_ERRORS.TONGUE_TOO_SMALL));
  if (m.sharpness < MIN_SHARPNESS) issues.push(issue(TONGUE_ERRORS.TONGUE_BLURRED));
  if (m.medianL < MIN_MEDIAN_L) issues.push(issue(TONGUE_ERRORS.TONGUE_TOO_DARK));
  else if (m.medianL > MAX_MEDIAN_L || m.clipped > MAX_CLIPPED) issues.push(issue(TONGUE_ERRORS.TONGUE_OVEREXPOSED));
  const hueOff =
    m.ringChroma >= MIN_RING_CHROMA_FOR_HUE && (m.ringHue < RING_HUE_RANGE[0] || m.ringHue > RING_HUE_RANGE[1]);
  if (hueOff || m.ringChroma > MAX_RING_CHROMA) issues.push(issue(TONGUE_ERRORS.TONGUE_COLOR_CAST));
  const evidence: Record<string, number> = {
    areaFraction: round(m.areaFraction, 4),
    widthPx: m.widthPx,
    secondRatio: round(m.secondRatio),
    sharpness: round(m.sharpness, 2),
    medianL: round(m.medianL, 1),
    clipped: round(m.clipped, 4),
    ringHue: round(m.ringHue, 1),
    ringChroma: round(m.ringChroma, 1),
  };
  return { ok: issues.length === 0, issues, evidence };
}
