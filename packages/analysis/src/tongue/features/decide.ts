// Turns the measurement vector and the learned probabilities into the labelled features of the
// contract, each with the measured values behind it.
import {
  TONGUE_BODY_COLORS,
  TONGUE_COATING_COLORS,
  type TongueBodyColor,
  type TongueCoatingColor,
  type TongueFeatures,
  type TongueLab,
  type TongueZone,
} from '@tcm/contract';
import type { Measurement, Measures } from './measure.js';
import type { LearnedFeatures, Probs } from './learned.js';
import { argmax, darkShade, isGreyBlack, ordinal, RULES, zoneBodyColor, zoneCoatingColor } from './rules.js';
import { clamp01 } from './stats.js';

const round = (x: number, d = 4): number => Math.round(x * 10 ** d) / 10 ** d;
const lab = (x: readonly number[]): TongueLab => ({ L: round(x[0]!, 2), a: round(x[1]!, 2), b: round(x[2]!, 2) });

function pick(v: Measures, keys: string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const k of keys) out[k] = round(v[k] ?? Number.NaN);
  return out;
}

function rounded<T extends string>(p: Record<T, number>): Record<T, number> {
  const out = {} as Record<T, number>;
  for (const k of Object.keys(p) as T[]) out[k] = round(clamp01(p[k]));
  return out;
}

function typed<T extends string>(labels: readonly T[], p: Probs): Record<T, number> {
  const out = {} as Record<T, number>;
  for (const l of labels) out[l] = p[l] ?? 0;
  return out;
}

/** Body color: the learned pale / light red / darker, "darker" split into red, crimson, purple by shade. */
function bodyProbabilities(p: Probs, L: number, a: number, b: number): Record<TongueBodyColor, number> {
  const out = typed(TONGUE_BODY_COLORS, { pale: p.pale ?? 0, light_red: p.light_red ?? 0 });
  out[darkShade(L, a, b)] = p.dark ?? 0;
  return out;
}

/** Coating color: the learned white / light yellow / yellow, unless the grey-black rule holds. */
function coatingProbabilities(p: Probs, L: number, a: number, b: number): Record<TongueCoatingColor, number> {
  if (isGreyBlack(L, a, b)) return typed(TONGUE_COATING_COLORS, { grey_black: 1 });
  return typed(TONGUE_COATING_COLORS, p);
}

const gradeScore = (p: Probs): number => clamp01((p.light ?? 0) * 0.5 + (p.severe ?? 0));

/**
 * `colour`: the colour measurements of the light-normalised crop (color-norm.ts); body and
 * coating colour, their rules and their evidence read these, the other features `m`.
 */
export function decide(m: Measurement, learned: LearnedFeatures, colour: Measures = m.v): TongueFeatures {
  const { v, zones } = m;
  const bodyLab = [colour.body_L_p50!, colour.body_a_p50!, colour.body_b_p50!] as const;
  const coatLab = [colour.coat_L_p50!, colour.coat_a_p50!, colour.coat_b_p50!] as const;
  const bodyP = bodyProbabilities(learned.body, ...bodyLab);
  const coatP = coatingProbabilities(learned.coating, ...coatLab);
  const coverage = clamp01(v.coverage!);
  const thickP = typed(['thin', 'thick'] as const, learned.thickness);
  const greasyP = typed(['not_greasy', 'greasy'] as const, learned.greasy);

  // Peeled: mirror = no separable coating and a glossy surface; partial = coating missing from
  // the center or the root while the other one is coated (peeled patches where coating lies).
  const { mirrorBelowCoverage, mirrorGlossAboveHighlightShare, partialZoneRatio } = RULES.peeled;
  const cc = v.centre_coverage!;
  const rc = v.root_coverage!;
  const patchy = Math.max(cc, rc) > 0.3 && Math.min(cc, rc) < partialZoneRatio * Math.max(cc, rc);
  const mirror = coverage < mirrorBelowCoverage && v.highlight_share! > mirrorGlossAboveHighlightShare;
  const peeledLabel = mirror ? 'mirror' : patchy ? 'partial' : 'none';
  const peeledP = typed(['none', 'partial', 'mirror'] as const, { [peeledLabel]: 1 });

  const { dryBelowHighlightShare: dry, moistAboveHighlightShare: moist } = RULES.moisture;
  const hs = v.highlight_share!;
  const moistureP = ordinal(hs, ['dry', 'normal', 'moist'] as const, [dry, moist], Math.max(1e-4, (moist - dry) / 12));

  const { pricklesAbovePer1000px: pr, stasisAbovePer1000px: st } = RULES.spots;
  const prickles = v.prickle_per_1000px! > pr;
  const stasis = v.stasis_per_1000px! > st;
  const spotLabel = prickles && stasis ? 'both' : prickles ? 'prickles' : stasis ? 'stasis_spots' : 'none';

  const { thinBelowRatio: thin, swollenAboveRatio: swollen } = RULES.shape;
  const ratio = v.width_length_ratio!;
  const shapeP = ordinal(
    ratio,
    ['thin', 'normal', 'swollen'] as const,
    [thin, swollen],
    Math.max(1e-3, (swollen - thin) / 12),
  );

  const zoneOf = (k: number): TongueZone => {
    const z = zones[k]!;
    return {
      area: round(z.area),
      bodyLab: lab(z.body),
      coatingLab: z.coating ? lab(z.coating) : null,
      coatingCoverage: round(clamp01(z.coverage)),
      coatingThickness: round(clamp01(z.coverage * (thickP.thick + 0.5))),
      bodyColour: zoneBodyColor(z.body),
      coatingColour: z.coating ? zoneCoatingColor(z.coating) : null,
    };
  };
  const bodyLabel = argmax(bodyP);
  const coatLabel = argmax(coatP);
  return {
    bodyColor: {
      label: bodyLabel,
      score: round(bodyP[bodyLabel]),
      probabilities: rounded(bodyP),
      method: 'model',
      evidence: pick(colour, ['body_L_p50', 'body_a_p50', 'body_b_p50', 'body_chroma_p50', 'body_hue', 'coverage']),
      lab: lab(bodyLab),
    },
    coatingColor: {
      label: coatLabel,
      score: round(coatP[coatLabel]),
      probabilities: rounded(coatP),
      method: coatLabel === 'grey_black' ? 'rule' : 'model',
      evidence: pick(colour, ['coat_L_p50', 'coat_a_p50', 'coat_b_p50', 'coat_chroma_p50', 'coat_hue', 'coverage']),
      lab: lab(coatLab),
    },
    coatingThickness: {
      label: argmax(thickP),
      score: round(thickP.thick),
      probabilities: rounded(thickP),
      method: 'model',
      evidence: pick(v, ['coverage', 'coat_L_std', 'centre_coverage', 'root_coverage']),
      coverage: round(coverage),
    },
    greasy: {
      label: argmax(greasyP),
      score: round(greasyP.greasy),
      probabilities: rounded(greasyP),
      method: 'model',
      evidence: pick(v, ['coverage', 'coat_L_std', 'highlight_share']),
    },
    peeled: {
      label: peeledLabel,
      score: round(clamp01(1 - coverage)),
      probabilities: rounded(peeledP),
      method: 'rule',
      evidence: pick(v, ['coverage', 'centre_coverage', 'root_coverage']),
    },
    moisture: {
      label: argmax(moistureP),
      score: round(clamp01(hs / (2 * moist))),
      probabilities: rounded(moistureP),
      method: 'rule',
      evidence: pick(v, ['highlight_share', 'glint_per_1000px']),
    },
    cracks: {
      label: argmax(learned.cracks as Record<'none' | 'light' | 'severe', number>),
      score: round(gradeScore(learned.cracks)),
      probabilities: rounded(typed(['none', 'light', 'severe'] as const, learned.cracks)),
      method: 'model',
      evidence: pick(v, ['crack_long_share', 'crack_long_count', 'crack_max_len', 'th_gt8_mid', 'v2_gt2_ctr']),
    },
    toothMarks: {
      label: argmax(learned.teeth as Record<'none' | 'light' | 'severe', number>),
      score: round(gradeScore(learned.teeth)),
      probabilities: rounded(typed(['none', 'light', 'severe'] as const, learned.teeth)),
      method: 'model',
      evidence: pick(v, ['dent_p90', 'dent_max', 'scallops_1pct', 'edge_rms', 'solidity', 'width_length_ratio']),
    },
    spots: {
      label: spotLabel,
      score: round(clamp01((v.prickle_per_1000px! / pr + v.stasis_per_1000px! / Math.max(st, 1e-3)) / 4)),
      probabilities: typed(['none', 'prickles', 'stasis_spots', 'both'] as const, { [spotLabel]: 1 }),
      method: 'rule',
      evidence: pick(v, ['prickle_per_1000px', 'stasis_per_1000px']),
    },
    shape: {
      label: argmax(shapeP),
      score: round(clamp01((ratio - thin) / Math.max(1e-3, swollen - thin))),
      probabilities: rounded(shapeP),
      method: 'rule',
      evidence: pick(v, ['width_length_ratio', 'fill_ratio', 'solidity', 'width_at_75']),
      widthLengthRatio: round(ratio),
    },
    zones: { tip: zoneOf(0), centre: zoneOf(1), root: zoneOf(2), sides: zoneOf(3) },
    pixels: m.maps.tongue.length,
  };
}
