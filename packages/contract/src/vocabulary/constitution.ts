import type { ConstitutionCode, ConstitutionVerdict } from '../constitution.js';
import type { Words } from './word.js';

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

export const CONSTITUTION_TYPE_WORDS: Words<ConstitutionType> = {
  balanced: { zh: '平和质', en: 'Balanced' },
  qiDeficiency: { zh: '气虚质', en: 'Qi deficiency' },
  yangDeficiency: { zh: '阳虚质', en: 'Yang deficiency' },
  yinDeficiency: { zh: '阴虚质', en: 'Yin deficiency' },
  phlegmDamp: { zh: '痰湿质', en: 'Phlegm-dampness' },
  dampHeat: { zh: '湿热质', en: 'Damp-heat' },
  bloodStasis: { zh: '血瘀质', en: 'Blood stasis' },
  qiStagnation: { zh: '气郁质', en: 'Qi stagnation' },
  inherited: { zh: '特禀质', en: 'Inherited special (allergic)' },
};

/** The standard's verdicts (是 / 基本是 / 倾向是 / 否). */
export const VERDICT_WORDS: Words<ConstitutionVerdict> = {
  yes: { zh: '是', en: 'Yes' },
  basically_yes: { zh: '基本是', en: 'Basically yes' },
  tendency: { zh: '倾向是', en: 'Tendency' },
  no: { zh: '否', en: 'No' },
};

/** Risk levels of the vitals and of the report (spec §9: low, medium; high for the vitals bands). */
export const RISK_LEVEL_WORDS: Words<'low' | 'medium' | 'high'> = {
  low: { zh: '低', en: 'Low' },
  medium: { zh: '中', en: 'Medium' },
  high: { zh: '高', en: 'High' },
};
