// Turns the measurement vector into the labelled features of the contract.
import type {
  TongueBodyColour,
  TongueCoatingColour,
  TongueFeatures,
  TongueLab,
  TongueZone,
} from '@tcm/contract';
import type { Measurement, Measures } from './measure.js';
import { argmax, ordinal } from './rules.js';
import { clamp01 } from './stats.js';

const lab = (x: readonly number[]): TongueLab => ({ L: round(x[0]!), a: round(x[1]!), b: round(x[2]!) });
const round = (x: number, d = 2): number => Math.round(x * 10 ** d) / 10 ** d;

function pick(v: Measures, keys: string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const k of keys) out[k] = round(v[k] ?? Number.NaN, 4);
  return out;
}

function probs<T extends string>(p: Record<T, number>): Record<T, number> {
  const out = {} as Record<T, number>;
  for (const k of Object.keys(p) as T[]) out[k] = round(p[k], 4);
  return out;
}

/** Body colour rule thresholds on the median body CIELAB (see docs/tongue-features.md). */
export const BODY_RULES = {
  /** Below this a* the exposed body reads pale (淡白). */
  paleA: 20,
  /** From this a* on it reads red (红), from crimsonA on crimson (绛) when also dark. */
  redA: 30,
  crimsonA: 36,
  crimsonMaxL: 52,
  /** Hue angle (degrees, atan2(b*, a*)) below which a dark body reads purple (紫). */
  purpleHue: 8,
} as const;

export function bodyColourOf(L: number, a: number, b: number): TongueBodyColour {
  const hue = (Math.atan2(b, a) * 180) / Math.PI;
  if (a < BODY_RULES.paleA) return 'pale';
  if (hue < BODY_RULES.purpleHue) return 'purple';
  if (a >= BODY_RULES.crimsonA && L < BODY_RULES.crimsonMaxL) return 'crimson';
  if (a >= BODY_RULES.redA) return 'red';
  return 'light_red';
}

/** Coating colour rule thresholds on the median coating CIELAB. */
export const COATING_RULES = {
  lightYellowB: 14,
  yellowB: 20,
  /** A coating darker than this L* with little chroma reads grey-black (灰黑). */
  greyMaxL: 45,
  greyMaxChroma: 14,
} as const;

export function coatingColourOf(L: number, a: number, b: number): TongueCoatingColour {
  if (L < COATING_RULES.greyMaxL && Math.hypot(a, b) < COATING_RULES.greyMaxChroma) return 'grey_black';
  if (b >= COATING_RULES.yellowB) return 'yellow';
  if (b >= COATING_RULES.lightYellowB) return 'light_yellow';
  return 'white';
}

function oneHot<T extends string>(labels: readonly T[], label: T): Record<T, number> {
  const out = {} as Record<T, number>;
  for (const l of labels) out[l] = l === label ? 1 : 0;
  return out;
}

export function decide(m: Measurement): TongueFeatures {
  const { v, zones } = m;
  const bodyLab = [v.body_L_p50!, v.body_a_p50!, v.body_b_p50!];
  const coatLab = [v.coat_L_p50!, v.coat_a_p50!, v.coat_b_p50!];
  const body = bodyColourOf(bodyLab[0]!, bodyLab[1]!, bodyLab[2]!);
  const coat = coatingColourOf(coatLab[0]!, coatLab[1]!, coatLab[2]!);
  const bodyP = oneHot(['pale', 'light_red', 'red', 'crimson', 'purple'] as const, body);
  const coatP = oneHot(['white', 'light_yellow', 'yellow', 'grey_black'] as const, coat);

  const coverage = clamp01(v.coverage!);
  const thickIndex = clamp01((coverage - 0.3) / 0.5);
  const thickP = ordinal(thickIndex, ['thin', 'thick'] as const, [0.5], 0.1);
  const greasyIndex = clamp01(coverage * (1 - Math.min(1, v.coat_L_std! / 12)));
  const greasyP = ordinal(greasyIndex, ['not_greasy', 'greasy'] as const, [0.45], 0.08);
  const peeledP = ordinal(1 - coverage, ['none', 'partial', 'mirror'] as const, [0.85, 0.97], 0.03);
  const moistP = ordinal(-v.highlight_share!, ['moist', 'normal', 'dry'] as const, [-0.03, -0.004], 0.003);
  const crackScore = clamp01(v.crack_long_share! / 0.06);
  const crackP = ordinal(crackScore, ['none', 'light', 'severe'] as const, [0.25, 0.6], 0.06);
  const toothScore = clamp01(v.dent_p90! / 3);
  const toothP = ordinal(toothScore, ['none', 'light', 'severe'] as const, [0.35, 0.7], 0.06);
  const prickles = v.prickle_per_1000px! > 2;
  const stasis = v.stasis_per_1000px! > 0.5;
  const spotLabel = prickles && stasis ? 'both' : prickles ? 'prickles' : stasis ? 'stasis_spots' : 'none';
  const shapeP = ordinal(v.width_length_ratio!, ['thin', 'normal', 'swollen'] as const, [0.72, 1.0], 0.03);

  const zoneOf = (k: number): TongueZone => {
    const z = zones[k]!;
    return {
      area: round(z.area, 4),
      bodyLab: lab(z.body),
      coatingLab: z.coating ? lab(z.coating) : null,
      coatingCoverage: round(clamp01(z.coverage), 4),
      coatingThickness: round(clamp01((z.coverage - 0.3) / 0.5), 4),
      bodyColour: bodyColourOf(z.body[0], z.body[1], z.body[2]),
      coatingColour: z.coating ? coatingColourOf(z.coating[0], z.coating[1], z.coating[2]) : null,
    };
  };
  const grade = (p: Record<'none' | 'light' | 'severe', number>): number => clamp01(p.light * 0.5 + p.severe);
  return {
    bodyColor: {
      label: body,
      score: 1,
      probabilities: bodyP,
      method: 'rule',
      evidence: pick(v, ['body_L_p50', 'body_a_p50', 'body_b_p50', 'body_chroma_p50', 'body_hue']),
      lab: lab(bodyLab),
    },
    coatingColor: {
      label: coat,
      score: 1,
      probabilities: coatP,
      method: 'rule',
      evidence: pick(v, ['coat_L_p50', 'coat_a_p50', 'coat_b_p50', 'coat_chroma_p50', 'coverage']),
      lab: lab(coatLab),
    },
    coatingThickness: {
      label: argmax(thickP),
      score: round(thickIndex, 4),
      probabilities: probs(thickP),
      method: 'rule',
      evidence: pick(v, ['coverage', 'coat_L_std']),
      coverage: round(coverage, 4),
    },
    greasy: {
      label: argmax(greasyP),
      score: round(greasyIndex, 4),
      probabilities: probs(greasyP),
      method: 'rule',
      evidence: pick(v, ['coverage', 'coat_L_std']),
    },
    peeled: {
      label: argmax(peeledP),
      score: round(clamp01(1 - coverage), 4),
      probabilities: probs(peeledP),
      method: 'rule',
      evidence: pick(v, ['coverage', 'centre_coverage', 'root_coverage']),
    },
    moisture: {
      label: argmax(moistP),
      score: round(clamp01(v.highlight_share! / 0.05), 4),
      probabilities: probs(moistP),
      method: 'rule',
      evidence: pick(v, ['highlight_share', 'glint_per_1000px']),
    },
    cracks: {
      label: argmax(crackP),
      score: round(grade(crackP), 4),
      probabilities: probs(crackP),
      method: 'rule',
      evidence: pick(v, ['crack_long_share', 'crack_long_count', 'th_gt8_ctr', 'v2_gt2_ctr']),
    },
    toothMarks: {
      label: argmax(toothP),
      score: round(grade(toothP), 4),
      probabilities: probs(toothP),
      method: 'rule',
      evidence: pick(v, ['dent_p90', 'scallops_1pct', 'edge_rms', 'width_length_ratio']),
    },
    spots: {
      label: spotLabel,
      score: round(clamp01((v.prickle_per_1000px! / 4 + v.stasis_per_1000px!) / 2), 4),
      probabilities: oneHot(['none', 'prickles', 'stasis_spots', 'both'] as const, spotLabel),
      method: 'rule',
      evidence: pick(v, ['prickle_per_1000px', 'stasis_per_1000px']),
    },
    shape: {
      label: argmax(shapeP),
      score: round(clamp01((v.width_length_ratio! - 0.6) / 0.6), 4),
      probabilities: probs(shapeP),
      method: 'rule',
      evidence: pick(v, ['width_length_ratio', 'fill_ratio', 'solidity']),
      widthLengthRatio: round(v.width_length_ratio!, 4),
    },
    zones: { tip: zoneOf(0), centre: zoneOf(1), root: zoneOf(2), sides: zoneOf(3) },
    pixels: m.maps.tongue.length,
  };
}
