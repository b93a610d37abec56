import {
  CONSTITUTION_ERRORS,
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

const name = (code: ConstitutionCode) => SCALES.find((s) => s.code === code)!;
const joinZh = (codes: readonly ConstitutionCode[]) => codes.map((c) => name(c).zh).join('、');
const joinEn = (codes: readonly ConstitutionCode[]) => codes.map((c) => name(c).en.toLowerCase()).join(', ');

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
  return { balanced, types, tendencies, undetermined, text: summaryText(balanced, types, tendencies) };
}

function summaryText(
  balanced: ConstitutionVerdict,
  types: readonly ConstitutionCode[],
  tendencies: readonly ConstitutionCode[],
) {
  const tendZh = tendencies.length ? `有${joinZh(tendencies)}倾向` : '';
  const tendEn = tendencies.length ? `a tendency to ${joinEn(tendencies)}` : '';
  if (balanced === 'yes') return { zh: '平和质', en: 'Answers suggest a balanced constitution.' };
  if (balanced === 'basically_yes') {
    return {
      zh: tendZh ? `基本是平和质，${tendZh}` : '基本是平和质',
      en: `Answers suggest a basically balanced constitution${tendEn ? `, with ${tendEn}` : ''}.`,
    };
  }
  if (types.length) {
    return {
      zh: `是${joinZh(types)}${tendZh ? `，${tendZh}` : ''}`,
      en: `Answers suggest ${joinEn(types)} constitution${tendEn ? `, with ${tendEn}` : ''}.`,
    };
  }
  if (tendencies.length) return { zh: tendZh, en: `Answers suggest ${tendEn}.` };
  // The standard has no label here (balanced < 60 yet no biased type reaches 30): say so plainly.
  return {
    zh: '未能判定（不典型）：平和质转化分低于60，且无偏颇体质达到30',
    en: 'Undetermined (atypical): the balanced score is below 60 and no biased type reaches 30.',
  };
}
