// TCM inspection classes from color: complexion (五色), gloss (光泽) and lip color.
// Rules on CIELAB values with documented thresholds (docs/face.md); they were set on
// published skin-color ranges for East Asian skin (L* 55-70, a* 8-16, b* 14-22) and are
// starting points, not validated cut-offs.
import type { Complexion, FaceLab, FaceResult } from '@tcm/contract';
import { labToLch, type ItaCategory } from '../color/index.js';
import { round } from './image-ops.js';
import words from './words.json' with { type: 'json' };

/** The engine's own words of each 五色 class (words.json). */
const COMPLEXION_LABELS: Record<Complexion, { zh: string; en: string }> = words.complexions;

/** 五色 class of the median skin color (forehead, nose, cheeks, chin); first rule that holds wins. */
export function classifyComplexion(lab: FaceLab, ita: number, itaCat: ItaCategory): FaceResult['complexion'] {
  const { C, h } = labToLch(lab.a, lab.b);
  const rules: [Complexion, boolean, string][] = [
    ['dark', lab.L < 40, 'L* < 40'],
    ['pale', lab.L >= 68 && C < 16 && lab.a < 10, 'L* >= 68 and C* < 16 and a* < 10'],
    ['blue_green', lab.a < 6 && h >= 75, 'a* < 6 and hue >= 75°'],
    ['red', lab.a >= 17 || (lab.a >= 14 && h < 45), 'a* >= 17, or a* >= 14 and hue < 45°'],
    ['yellow', lab.b >= 24 && h >= 62, 'b* >= 24 and hue >= 62°'],
  ];
  const hit = rules.find((r) => r[1]);
  const cls: Complexion = hit ? hit[0] : 'normal';
  return {
    class: cls,
    label: COMPLEXION_LABELS[cls],
    rule: hit ? hit[2] : 'no rule held',
    evidence: { L: lab.L, a: lab.a, b: lab.b, chroma: round(C, 1), hueDeg: round(h, 1), ita: round(ita, 1) },
    // The rules describe color changes of light-to-intermediate skin; on brown and dark skin
    // (ITA <= 10°) L* is low by nature, so the class says little.
    reliable: itaCat !== 'brown' && itaCat !== 'dark',
  };
}

/**
 * 有光泽 / 少光泽: lustrous when the skin shows specular sheen (highlights >= 0.5 % of skin
 * pixels, "moist") or is evenly bright (interquartile range of L* at most 10 % of its median,
 * "clear"); otherwise little lustre (dull, blotchy or shadowed).
 */
export function classifyGloss(highlightShare: number, skinIqrL: number, skinL: number): FaceResult['gloss'] {
  const evenness = skinIqrL / Math.max(skinL, 1);
  const lustrous = highlightShare >= 0.005 || evenness <= 0.1;
  return {
    class: lustrous ? 'lustrous' : 'dull',
    label: lustrous ? { zh: '有光泽', en: 'lustre' } : { zh: '少光泽', en: 'little lustre' },
    evidence: {
      highlightPercent: round(100 * highlightShare),
      skinIqrL: round(skinIqrL, 1),
      relativeIqr: round(evenness, 3),
    },
  };
}

const LIP_LABELS = {
  pale: { zh: '淡白', en: 'pale' },
  light_red: { zh: '淡红', en: 'light red' },
  red: { zh: '红', en: 'red' },
  dark_purple: { zh: '紫暗', en: 'dark purple' },
} as const;

/** Lip color class of the median lip CIELAB: dark purple, pale, red, else light red (normal). */
export function classifyLips(lab: FaceLab, itaCat: ItaCategory): FaceResult['lips'] {
  const { C, h } = labToLch(lab.a, lab.b);
  const cls: keyof typeof LIP_LABELS =
    lab.L < 40 && h < 35 ? 'dark_purple' : lab.a < 14 || C < 16 ? 'pale' : lab.a >= 28 ? 'red' : 'light_red';
  return {
    class: cls,
    label: LIP_LABELS[cls],
    lab,
    evidence: { chroma: round(C, 1), hueDeg: round(h, 1) },
    // Lips are darker and browner with deeper skin tones: the same caveat as the complexion.
    reliable: itaCat !== 'brown' && itaCat !== 'dark',
  };
}
