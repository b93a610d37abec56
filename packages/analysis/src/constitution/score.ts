import {
  CONSTITUTION_ERRORS,
  type ConstitutionCode,
  type ConstitutionResult,
  type ConstitutionScale,
  type Sex,
} from '@tcm/contract';
import { CANONICAL_ID, SCALES, itemSex } from './questionnaire.js';
import { VERDICT_ZH, balancedVerdict, biasedVerdict, determine } from './determine.js';
import { fieldError } from './field-error.js';

export const CONSTITUTION_ENGINE_VERSION = 'constitution@1.0.0';

interface Answer {
  value: number;
  answeredAs: string;
}

/** Checks the raw input shape and every answer; returns answers keyed by canonical item id. */
export function readAnswers(input: unknown): { sex: Sex; answers: Map<string, Answer> } {
  if (!input || typeof input !== 'object' || Array.isArray(input))
    throw fieldError(CONSTITUTION_ERRORS.CONSTITUTION_INPUT_INVALID, 'input');
  const { sex, answers } = input as { sex?: unknown; answers?: unknown };
  if (sex !== 'female' && sex !== 'male')
    throw fieldError(CONSTITUTION_ERRORS.CONSTITUTION_SEX_INVALID, 'sex', { value: sex });
  if (!answers || typeof answers !== 'object' || Array.isArray(answers)) {
    throw fieldError(CONSTITUTION_ERRORS.CONSTITUTION_INPUT_INVALID, 'answers');
  }
  const out = new Map<string, Answer>();
  for (const [id, value] of Object.entries(answers as Record<string, unknown>)) {
    const canonical = CANONICAL_ID.get(id);
    if (!canonical) throw fieldError(CONSTITUTION_ERRORS.CONSTITUTION_UNKNOWN_ITEM, id);
    const restricted = itemSex(id);
    if (restricted && restricted !== sex)
      throw fieldError(CONSTITUTION_ERRORS.CONSTITUTION_WRONG_SEX_ITEM, id, { sex });
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > 5) {
      throw fieldError(CONSTITUTION_ERRORS.CONSTITUTION_ANSWER_OUT_OF_RANGE, id, { value });
    }
    const earlier = out.get(canonical);
    if (earlier && earlier.value !== value) {
      throw fieldError(CONSTITUTION_ERRORS.CONSTITUTION_SHARED_CONFLICT, `${earlier.answeredAs}/${id}`, {
        values: [earlier.value, value],
      });
    }
    if (!earlier) out.set(canonical, { value, answeredAs: id });
  }
  return { sex, answers: out };
}

const round2 = (x: number) => Math.round(x * 100) / 100;

/**
 * Scores the ZYYXH/T157-2009 questionnaire: raw sums (平和质 reverse items as 6 - answer),
 * transformed scores (raw - n) / (4n) x 100 on 0-100, and the verdicts of the standard.
 * `input` is a ConstitutionInput as sent, checked here (`readAnswers`), hence `unknown`.
 */
export function scoreConstitution(input: unknown): ConstitutionResult {
  const { sex, answers } = readAnswers(input);
  // Name every unanswered item at once, so a form can highlight them all.
  const missing = SCALES.flatMap((s) => s.items)
    .filter((item) => (!item.sex || item.sex === sex) && !answers.has(CANONICAL_ID.get(item.id) ?? item.id))
    .map((item) => item.id);
  if (missing.length)
    throw fieldError(CONSTITUTION_ERRORS.CONSTITUTION_ANSWER_MISSING, missing.join(', '), { missing });
  const partial = SCALES.map((scale) => {
    const items = scale.items
      .filter((item) => !item.sex || item.sex === sex)
      .map((item) => {
        const a = answers.get(CANONICAL_ID.get(item.id) ?? item.id)!;
        return {
          id: item.id,
          answeredAs: a.answeredAs,
          answer: a.value,
          scored: item.reverse ? 6 - a.value : a.value,
          reverse: item.reverse,
        };
      });
    const raw = items.reduce((sum, i) => sum + i.scored, 0);
    const transformed = ((raw - scale.n) / (4 * scale.n)) * 100;
    return { scale, items, raw, transformed };
  });
  const transformedByCode = Object.fromEntries(partial.map((p) => [p.scale.code, p.transformed])) as Record<
    ConstitutionCode,
    number
  >;
  const biasedScores = partial.filter((p) => p.scale.code !== 'A').map((p) => p.transformed);
  const scales: ConstitutionScale[] = partial.map(({ scale, items, raw, transformed }) => {
    const verdict = scale.code === 'A' ? balancedVerdict(transformed, biasedScores) : biasedVerdict(transformed);
    return {
      code: scale.code,
      zh: scale.zh,
      en: scale.en,
      n: scale.n,
      raw,
      transformed,
      display: round2(transformed),
      verdict,
      verdictZh: VERDICT_ZH[verdict],
      items,
    };
  });
  return {
    engine: { engine: CONSTITUTION_ENGINE_VERSION },
    standard: 'ZYYXH/T157-2009',
    sex,
    scales,
    summary: determine(transformedByCode),
  };
}
