// The features without expert labels are decided by rules on measured values; their thresholds
// are measured on the TonguExpert photos by training/tongue-features/rules.py (rules.json).
import type { TongueBodyColor, TongueCoatingColor } from '@tcm/contract';
import { modelJson } from '../platform.js';
import { clamp01, sigmoid } from './stats.js';

type Lab3 = [number, number, number];

export interface Rules {
  moisture: { dryBelowHighlightShare: number; moistAboveHighlightShare: number };
  shape: { thinBelowRatio: number; swollenAboveRatio: number };
  spots: { pricklesAbovePer1000px: number; stasisAbovePer1000px: number };
  peeled: { mirrorBelowCoverage: number; mirrorGlossAboveHighlightShare: number; partialZoneRatio: number };
  coatingGreyBlack: { maxL: number; maxChroma: number };
  darkBody: { purpleBelowHue: number; crimsonBelowL: number; crimsonAboveA: number };
  centroids: {
    body: Record<'pale' | 'light_red' | 'dark', Lab3>;
    coating: Record<'white' | 'light_yellow' | 'yellow', Lab3>;
  };
}

export const RULES: Rules = modelJson<Rules>('tongue-features', 'rules.json');

/** Probabilities of ordered labels from a value and the cut-offs between them (soft steps). */
export function ordinal<T extends string>(
  value: number,
  labels: readonly T[],
  cuts: readonly number[],
  softness: number,
): Record<T, number> {
  // P(label >= k) = sigmoid((value - cut_k) / softness); differences give each label.
  const ge = cuts.map((c) => sigmoid((value - c) / softness));
  const out = {} as Record<T, number>;
  labels.forEach((l, k) => {
    const above = k === 0 ? 1 : ge[k - 1]!;
    const next = k < ge.length ? ge[k]! : 0;
    out[l] = clamp01(above - Math.min(above, next));
  });
  return out;
}

export function argmax<T extends string>(p: Record<T, number>): T {
  let best: T | null = null;
  for (const k of Object.keys(p) as T[]) if (best === null || p[k] > p[best]) best = k;
  return best!;
}

/** Which of red, crimson and purple a body the model reads as darker than light red is. */
export function darkShade(L: number, a: number, b: number): 'red' | 'crimson' | 'purple' {
  const hue = (Math.atan2(b, a) * 180) / Math.PI;
  if (hue < RULES.darkBody.purpleBelowHue) return 'purple';
  if (L < RULES.darkBody.crimsonBelowL && a > RULES.darkBody.crimsonAboveA) return 'crimson';
  return 'red';
}

function nearest<K extends string>(lab: Lab3, centroids: Record<K, Lab3>): K {
  let best: K | null = null;
  let bestD = Infinity;
  for (const k of Object.keys(centroids) as K[]) {
    const c = centroids[k];
    const d = (lab[0] - c[0]) ** 2 + (lab[1] - c[1]) ** 2 + (lab[2] - c[2]) ** 2;
    if (d < bestD) {
      bestD = d;
      best = k;
    }
  }
  return best!;
}

/** Body color of a zone: nearest expert-class centroid in CIELAB (ΔE*ab), dark split by shade. */
export function zoneBodyColor(lab: Lab3): TongueBodyColor {
  const c = nearest(lab, RULES.centroids.body);
  return c === 'dark' ? darkShade(lab[0], lab[1], lab[2]) : c;
}

export function isGreyBlack(L: number, a: number, b: number): boolean {
  return L < RULES.coatingGreyBlack.maxL && Math.hypot(a, b) < RULES.coatingGreyBlack.maxChroma;
}

/** Coating color of a zone: grey-black rule, else the nearest expert-class centroid. */
export function zoneCoatingColor(lab: Lab3): TongueCoatingColor {
  return isGreyBlack(lab[0], lab[1], lab[2]) ? 'grey_black' : nearest(lab, RULES.centroids.coating);
}
