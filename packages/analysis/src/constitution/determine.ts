import {
  CONSTITUTION_ERRORS,
  constitutionSummaryText,
  type ConstitutionCode,
  type ConstitutionSummary,
  type ConstitutionVerdict,
} from '@tcm/contract';
import { BIASED_CODES, SCALES } from './questionnaire.js';
import { fieldError } from './field-error.js';

/** Thresholds of the standard's determination table, in transformed-score points (0-100). */
export const THRESHOLDS = { balancedMin: 60, biasedYes: 40, biasedTendency: 30 } as const;

export const VERDICT_ZH = { yes: '是', basically_yes: '基本是', tendency: '倾向是', no: '否' } as const;

/** Verdict of one biased type from its unrounded transformed score: >=40 是, 30<=x<40 倾向是, else 否. */
export function biasedVerdict(transformed: number): ConstitutionVerdict {
  if (transformed >= THRESHOLDS.biasedYes) return 'yes';
  if (transformed >= THRESHOLDS.biasedTendency) return 'tendency';
  return 'no';
}

/** Verdict of 平和质 from its transformed score and the eight biased scores (all unrounded). */
export function balancedVerdict(balanced: number, biased: readonly number[]): ConstitutionVerdict {
  if (balanced < THRESHOLDS.balancedMin) return 'no';
  if (biased.every((x) => x < THRESHOLDS.biasedTendency)) return 'yes';
  if (biased.every((x) => x < THRESHOLDS.biasedYes)) return 'basically_yes';
  return 'no';
}

/**
 * The determination of ZYYXH/T157-2009 from transformed scores (0-100 per type letter),
 * including the case the standard leaves unlabeled. Scores are compared unrounded.
 */
export function determine(transformed: Readonly<Record<ConstitutionCode, number>>): ConstitutionSummary {
  for (const s of SCALES) {
    const v = transformed[s.code];
    if (typeof v !== 'number' || !Number.isFinite(v) || v < 0 || v > 100) {
      throw fieldError(CONSTITUTION_ERRORS.CONSTITUTION_SCORES_INVALID, s.code, { value: v });
    }
  }
  const byScore = [...BIASED_CODES].sort((a, b) => transformed[b] - transformed[a]);
  const types = byScore.filter((c) => biasedVerdict(transformed[c]) === 'yes');
  const tendencies = byScore.filter((c) => biasedVerdict(transformed[c]) === 'tendency');
  const balanced = balancedVerdict(
    transformed.A,
    BIASED_CODES.map((c) => transformed[c]),
  );
  const undetermined = balanced === 'no' && types.length === 0 && tendencies.length === 0;
  return { balanced, types, tendencies, undetermined, text: constitutionSummaryText(balanced, types, tendencies) };
}
