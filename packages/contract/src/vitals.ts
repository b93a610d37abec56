import { z } from 'zod';
import { defineErrors } from './errors.js';
import { engineVersionSchema } from './engine.js';
import { localizedTextSchema, sexSchema } from './constitution.js';

/**
 * One set of measurements; every field optional (a record holds what was measured).
 * Units: height cm, weight kg, blood pressure mmHg, pulse and heart rate bpm, SpO2 %,
 * fasting glucose / triglycerides / total, HDL and LDL cholesterol mmol/L, uric acid µmol/L.
 */
export const vitalsSchema = z.object({
  heightCm: z.number().optional(),
  weightKg: z.number().optional(),
  systolic: z.number().optional(),
  diastolic: z.number().optional(),
  pulseRate: z.number().optional(),
  heartRate: z.number().optional(),
  spo2: z.number().optional(),
  glucose: z.number().optional(),
  tg: z.number().optional(),
  tc: z.number().optional(),
  hdl: z.number().optional(),
  ldl: z.number().optional(),
  uricAcid: z.number().optional(),
});
export type Vitals = z.infer<typeof vitalsSchema>;
export type VitalsField = keyof Vitals;

/** An earlier record of the same person; date is ISO 8601 (yyyy-mm-dd or full timestamp). */
export const vitalsRecordSchema = z.object({ date: z.string(), vitals: vitalsSchema });
export type VitalsRecord = z.infer<typeof vitalsRecordSchema>;

export const vitalsInputSchema = z.object({
  sex: sexSchema.optional(),
  /** Date of the current measurement (ISO 8601); defaults to after every history record. */
  date: z.string().optional(),
  vitals: vitalsSchema,
  history: z.array(vitalsRecordSchema).optional(),
});
export type VitalsInput = z.infer<typeof vitalsInputSchema>;

/** Named apart from the report model's riskLevelSchema (same values) so both can be exported from the index. */
export const vitalsRiskLevelSchema = z.enum(['low', 'medium', 'high']);
export type VitalsRiskLevel = z.infer<typeof vitalsRiskLevelSchema>;

/** Measures judged each on its own band table (pulse and heart rate bpm, SpO2 %, labs mmol/L or µmol/L). */
const SINGLE_MEASURES = ['pulseRate', 'heartRate', 'spo2', 'glucose', 'tg', 'tc', 'hdl', 'ldl', 'uricAcid'] as const;

export const vitalsIndicatorSchema = z.enum(['bmi', 'bloodPressure', ...SINGLE_MEASURES]);
export type VitalsIndicator = z.infer<typeof vitalsIndicatorSchema>;

export const indicatorAssessmentSchema = z.object({
  indicator: vitalsIndicatorSchema,
  name: localizedTextSchema,
  /** The measured (or, for BMI, computed) value; blood pressure gives systolic here. */
  value: z.number(),
  /** The measured inputs behind the value (weight and height for BMI, both pressures for BP). */
  inputs: z.record(z.string(), z.number()),
  unit: z.string(),
  /** Band code of the reference table, e.g. overweight, high_normal, impaired. */
  band: z.string(),
  level: vitalsRiskLevelSchema,
  reason: localizedTextSchema,
  /** The low-risk range as printed on a report. */
  reference: localizedTextSchema,
  source: z.string(),
});
export type IndicatorAssessment = z.infer<typeof indicatorAssessmentSchema>;

export const trendFieldSchema = z.enum(['weightKg', 'bmi', 'systolic', 'diastolic', ...SINGLE_MEASURES]);

export const vitalsTrendSchema = z.object({
  field: trendFieldSchema,
  unit: z.string(),
  points: z.array(z.object({ date: z.string(), value: z.number() })),
  /** Latest minus the one before it, in the field's unit. */
  change: z.number(),
  changePercent: z.number().nullable(),
  direction: z.enum(['up', 'down', 'stable']),
  /** Latest minus the first record. */
  changeSinceFirst: z.number(),
  /** Whether the latest value moved toward (improving) or away from (worsening) the low-risk range. */
  assessment: z.enum(['improving', 'worsening', 'steady', 'not_rated']),
  text: localizedTextSchema,
});
export type VitalsTrend = z.infer<typeof vitalsTrendSchema>;

export const vitalsResultSchema = z.object({
  engine: engineVersionSchema,
  referenceTable: z.string(),
  indicators: z.array(indicatorAssessmentSchema),
  /** The highest level over the indicators; null when nothing was measured. */
  overall: vitalsRiskLevelSchema.nullable(),
  trends: z.array(vitalsTrendSchema),
  notes: z.array(localizedTextSchema),
});
export type VitalsResult = z.infer<typeof vitalsResultSchema>;

/** Vitals errors: 3520xxx. The message names the field (e.g. history[1].vitals.weightKg). */
export const VITALS_ERRORS = defineErrors({
  VITALS_INPUT_INVALID: { code: 3520001, status: 400, zh: '体征输入格式错误', en: 'Vitals input has the wrong shape' },
  VITALS_NOT_A_NUMBER: {
    code: 3520002,
    status: 400,
    zh: '体征数值必须是有限数字',
    en: 'A vitals value must be a finite number',
  },
  VITALS_IMPLAUSIBLE: {
    code: 3520003,
    status: 400,
    zh: '体征数值超出生理可能范围',
    en: 'A vitals value is outside the physiologically plausible range',
  },
  VITALS_SYSTOLIC_NOT_ABOVE_DIASTOLIC: {
    code: 3520004,
    status: 400,
    zh: '收缩压必须高于舒张压',
    en: 'Systolic pressure must be higher than diastolic pressure',
  },
  VITALS_LIPIDS_INCONSISTENT: {
    code: 3520005,
    status: 400,
    zh: '高/低密度脂蛋白胆固醇不能高于总胆固醇',
    en: 'HDL or LDL cholesterol cannot exceed total cholesterol',
  },
  VITALS_DATE_INVALID: {
    code: 3520006,
    status: 400,
    zh: '记录日期无效',
    en: 'A record date is not a valid ISO 8601 date',
  },
  VITALS_UNKNOWN_FIELD: { code: 3520007, status: 400, zh: '未知的体征字段', en: 'Unknown vitals field' },
});
