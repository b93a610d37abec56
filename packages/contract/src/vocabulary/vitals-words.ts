import type { VitalsIndicator } from '../vitals.js';
import type { Words } from './word.js';

/**
 * Names of the vitals indicators (advice keys `risk:<indicator>`). Source: the vitals engine's
 * reference table, `packages/analysis/src/vitals/reference-table.json` (blood pressure, judged
 * from systolic and diastolic together, is named by `vitals/assess.ts`); a test in
 * @tcm/analysis keeps them equal.
 */
export const VITALS_INDICATOR_WORDS: Words<VitalsIndicator> = {
  bmi: { zh: '体重指数', en: 'Body mass index' },
  bloodPressure: { zh: '血压', en: 'Blood pressure' },
  pulseRate: { zh: '脉率', en: 'Pulse rate' },
  heartRate: { zh: '心率', en: 'Heart rate' },
  spo2: { zh: '血氧饱和度', en: 'Blood oxygen saturation' },
  glucose: { zh: '空腹血糖', en: 'Fasting glucose' },
  tg: { zh: '甘油三酯', en: 'Triglycerides' },
  tc: { zh: '总胆固醇', en: 'Total cholesterol' },
  hdl: { zh: '高密度脂蛋白胆固醇', en: 'HDL cholesterol' },
  ldl: { zh: '低密度脂蛋白胆固醇', en: 'LDL cholesterol' },
  uricAcid: { zh: '血尿酸', en: 'Uric acid' },
};

/**
 * The reference table's band codes, worded to stand after the indicator's name
 * (`risk:bmi:underweight` → 体重指数 · 体重过低). The table words each band with its indicator
 * inside (收缩压偏低); these are the short forms for a list of keys.
 */
export const VITALS_BAND_WORDS = {
  underweight: { zh: '体重过低', en: 'underweight' },
  normal: { zh: '正常', en: 'normal' },
  overweight: { zh: '超重', en: 'overweight' },
  obese: { zh: '肥胖', en: 'obese' },
  very_low: { zh: '明显偏低', en: 'markedly low' },
  low: { zh: '偏低', en: 'low' },
  high_normal: { zh: '正常高值', en: 'high-normal' },
  high: { zh: '偏高', en: 'high' },
  very_high: { zh: '明显升高', en: 'markedly high' },
  very_slow: { zh: '过慢', en: 'very slow' },
  slow: { zh: '偏慢', en: 'slow' },
  fast: { zh: '偏快', en: 'fast' },
  very_fast: { zh: '过快', en: 'very fast' },
  impaired: { zh: '受损', en: 'impaired' },
  diabetic: { zh: '达到糖尿病范围', en: 'in the diabetic range' },
  borderline: { zh: '边缘升高', en: 'borderline-high' },
} as const satisfies Words<string>;
export type VitalsBand = keyof typeof VITALS_BAND_WORDS;
