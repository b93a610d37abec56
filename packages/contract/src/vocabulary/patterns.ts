import words from './patterns.json' with { type: 'json' };
import { wordsFor } from './word.js';

/**
 * The syndrome patterns the synthesis engine writes (`PatternResult.id`, advice keys
 * `pattern:<id>`). Source: our own synthesis knowledge base,
 * `packages/analysis/src/synthesis/knowledge-base.json` (`patterns[].id/zh/en`, which cites the
 * textbook and standards behind each pattern); the knowledge-base test in @tcm/analysis fails
 * when the two lists or their words differ. The words are data, patterns.json.
 */
export const SYNTHESIS_PATTERN_IDS = [
  'qi_deficiency',
  'yang_deficiency',
  'yin_deficiency',
  'blood_deficiency',
  'qi_blood_deficiency',
  'phlegm_dampness',
  'damp_heat',
  'blood_stasis',
  'qi_stagnation',
  'liver_fire',
  'liver_yang_rising',
  'spleen_deficiency_dampness',
  'excess_heat',
  'cold_dampness',
] as const;
export type SynthesisPatternId = (typeof SYNTHESIS_PATTERN_IDS)[number];

export const PATTERN_WORDS = wordsFor('patterns', SYNTHESIS_PATTERN_IDS, words.patterns);
