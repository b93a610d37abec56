import words from './constitution.json' with { type: 'json' };
import { constitutionResultVerdictSchema, type ConstitutionCode } from '../constitution.js';
import { wordsFor } from './word.js';

/** The nine constitution types of ZYYXH/T157-2009 by stable id (the report model's ids). */
export const CONSTITUTION_TYPES = [
  'balanced',
  'qiDeficiency',
  'yangDeficiency',
  'yinDeficiency',
  'phlegmDamp',
  'dampHeat',
  'bloodStasis',
  'qiStagnation',
  'inherited',
] as const;
export type ConstitutionType = (typeof CONSTITUTION_TYPES)[number];

/** The standard's type letter (what the engine writes) → the type id. */
export const CONSTITUTION_TYPE_OF_CODE: { readonly [C in ConstitutionCode]: ConstitutionType } = {
  A: 'balanced',
  B: 'qiDeficiency',
  C: 'yangDeficiency',
  D: 'yinDeficiency',
  E: 'phlegmDamp',
  F: 'dampHeat',
  G: 'bloodStasis',
  H: 'qiStagnation',
  I: 'inherited',
};

export const CONSTITUTION_TYPE_WORDS = wordsFor('constitution.types', CONSTITUTION_TYPES, words.types);

/** The standard's verdicts (是 / 基本是 / 倾向是 / 否). */
export const VERDICT_WORDS = wordsFor('constitution.verdicts', constitutionResultVerdictSchema.options, words.verdicts);

/** Risk levels of the vitals and of the report (spec §9: low, medium; high for the vitals bands). */
export const RISK_LEVEL_WORDS = wordsFor(
  'constitution.riskLevels',
  ['low', 'medium', 'high'] as const,
  words.riskLevels,
);
