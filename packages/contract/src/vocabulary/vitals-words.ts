import words from './vitals-words.json' with { type: 'json' };
import { vitalsIndicatorSchema } from '../vitals.js';
import { wordsFor } from './word.js';

/**
 * Names of the vitals indicators (advice keys `risk:<indicator>`). Source: the vitals engine's
 * reference table, `packages/analysis/src/vitals/reference-table.json` (blood pressure, judged
 * from systolic and diastolic together, is named by `vitals/assess.ts`); a test in
 * @tcm/analysis keeps them equal.
 */
export const VITALS_INDICATOR_WORDS = wordsFor(
  'vitals-words.indicators',
  vitalsIndicatorSchema.options,
  words.indicators,
);

/**
 * The reference table's band codes, worded to stand after the indicator's name
 * (`risk:bmi:underweight` → 体重指数 · 体重过低). The table words each band with its indicator
 * inside (收缩压偏低); these are the short forms for a list of keys.
 */
export const VITALS_BAND_WORDS = wordsFor(
  'vitals-words.bands',
  Object.keys(words.bands) as (keyof typeof words.bands)[],
  words.bands,
);
export type VitalsBand = keyof typeof VITALS_BAND_WORDS;
