import vitalsErrors from './errors/vitals.json' with { type: 'json' };
import { z } from 'zod';
import { defineErrors, type ErrorDef } from './errors.js';
import { engineVersionSchema } from './engine.js';
import { localizedTextSchema, sexSchema } from './constitution.js';
import { ruleParams } from './validation-text.js';

/**
 * Physiologically plausible range [min, max] (inclusive) of each measurement. A value outside it
 * is a typing or device error and is rejected (VITALS_IMPLAUSIBLE) by the request schemas, the
 * web form and the vitals engine alike: this table is their one source.
 * Units: height cm, weight kg, blood pressure mmHg, pulse and heart rate bpm, SpO2 %,
 * fasting glucose / triglycerides / total, HDL and LDL cholesterol mmol/L, uric acid µmol/L.
 */
export const VITALS_PLAUSIBLE = {
  heightCm: [50, 250],
  weightKg: [2, 350],
  systolic: [50, 300],
  diastolic: [20, 200],
  pulseRate: [20, 250],
  heartRate: [20, 250],
  spo2: [50, 100],
  glucose: [0.5, 50],
  tg: [0.1, 60],
  tc: [0.5, 30],
  hdl: [0.05, 6],
  ldl: [0.05, 20],
  uricAcid: [30, 1500],
} as const satisfies Record<string, readonly [number, number]>;
export type VitalsField = keyof typeof VITALS_PLAUSIBLE;
export const VITALS_FIELD_NAMES = Object.keys(VITALS_PLAUSIBLE) as VitalsField[];

/** One optional number per field, shaped by `of` (plain, or bounded by the plausible range). */
const fieldsOf = <T extends z.ZodType>(of: (field: VitalsField) => T) =>
  Object.fromEntries(VITALS_FIELD_NAMES.map((f) => [f, of(f).optional()])) as { [F in VitalsField]: z.ZodOptional<T> };

/**
 * Measurements as stored and answered: shape only, so records saved before the ranges were
 * enforced at the request stay readable. Requests use `vitalsSchema`.
 */
export const storedVitalsSchema = z.object(fieldsOf(() => z.number()));

/** Cross-field rules: systolic above diastolic, HDL/LDL below total cholesterol. */
function checkConsistency(v: z.infer<typeof storedVitalsSchema>, ctx: z.RefinementCtx) {
  if (v.systolic !== undefined && v.diastolic !== undefined && v.systolic <= v.diastolic) {
    const def = VITALS_ERRORS.VITALS_SYSTOLIC_NOT_ABOVE_DIASTOLIC;
    ctx.addIssue({ code: 'custom', path: ['systolic'], message: def.en, params: ruleParams(def) });
  }
  for (const part of ['hdl', 'ldl'] as const) {
    const value = v[part];
    if (value !== undefined && v.tc !== undefined && value >= v.tc) {
      const def = VITALS_ERRORS.VITALS_LIPIDS_INCONSISTENT;
      ctx.addIssue({ code: 'custom', path: [part], message: def.en, params: ruleParams(def) });
    }
  }
}

/**
 * One set of measurements as a request carries it; every field optional (a record holds what
 * was measured), each within its plausible range, and the cross-field rules hold.
 */
export const vitalsSchema = z
  .object(fieldsOf((f) => z.number().min(VITALS_PLAUSIBLE[f][0]).max(VITALS_PLAUSIBLE[f][1])))
  .superRefine(checkConsistency);
export type Vitals = z.infer<typeof vitalsSchema>;

/** A problem of one set of measurements: the catalog error, the field (e.g. systolic) and the values. */
export interface VitalsProblem {
  error: ErrorDef;
  field: string | null;
  detail: Record<string, unknown>;
}

const strictVitalsSchema = vitalsSchema.strict();

/**
 * The first problem of raw measurements by `vitalsSchema` (unknown fields refused too; null
 * means not measured), as a coded vitals error, or the cleaned values. Shared by the web form
 * (before submitting) and the vitals engine so both say the same.
 */
export function checkVitals(raw: unknown): { ok: true; vitals: Vitals } | { ok: false; problem: VitalsProblem } {
  const input =
    raw && typeof raw === 'object' && !Array.isArray(raw)
      ? Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== null && v !== undefined))
      : raw;
  const r = strictVitalsSchema.safeParse(input);
  if (r.success) return { ok: true, vitals: r.data };
  const issue = r.error.issues[0]!;
  const field = issue.code === 'unrecognized_keys' ? (issue.keys[0] ?? null) : ((issue.path[0] as string) ?? null);
  const value = field !== null ? (input as Record<string, unknown>)[field] : undefined;
  const problem = (error: ErrorDef, detail: Record<string, unknown> = {}) => ({
    ok: false as const,
    problem: { error, field, detail },
  });
  switch (issue.code) {
    case 'unrecognized_keys':
      return problem(VITALS_ERRORS.VITALS_UNKNOWN_FIELD);
    case 'too_small':
    case 'too_big': {
      const [min, max] = VITALS_PLAUSIBLE[field as VitalsField];
      return problem(VITALS_ERRORS.VITALS_IMPLAUSIBLE, { value, min, max });
    }
    case 'custom': {
      const error = Object.values(VITALS_ERRORS).find((e) => e.code === issue.params?.code)!;
      const v = input as Vitals;
      return problem(
        error,
        field === 'systolic' ? { systolic: v.systolic, diastolic: v.diastolic } : { [field!]: value, tc: v.tc },
      );
    }
    // Every other zod problem is a value that is not a plain number (named, not `default`, so a
    // code a zod upgrade adds shows here: lint switch-exhaustiveness-check).
    case 'invalid_type':
    case 'invalid_format':
    case 'invalid_value':
    case 'invalid_union':
    case 'invalid_key':
    case 'invalid_element':
    case 'not_multiple_of':
      return field === null
        ? problem(VITALS_ERRORS.VITALS_INPUT_INVALID)
        : problem(VITALS_ERRORS.VITALS_NOT_A_NUMBER, { value });
  }
}

/**
 * Every field with a problem, each with its first problem (issue 32: a form marks all invalid
 * vitals at once, not only the first). Empty when the values pass.
 */
export function vitalsProblems(raw: Record<string, unknown>): VitalsProblem[] {
  const out: VitalsProblem[] = [];
  const seen = new Set<string>();
  // Each field alone first (range, type), then the cross-field rules on the fields that passed.
  for (const [field, value] of Object.entries(raw)) {
    if (value === null || value === undefined) continue;
    const r = checkVitals({ [field]: value });
    if (!r.ok) {
      out.push(r.problem);
      seen.add(field);
    }
  }
  const clean = Object.fromEntries(
    Object.entries(raw).filter(([f, v]) => !seen.has(f) && v !== null && v !== undefined),
  );
  for (let r = checkVitals(clean); !r.ok && r.problem.field !== null; r = checkVitals(clean)) {
    out.push(r.problem);
    delete clean[r.problem.field];
  }
  return out;
}

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
export const VITALS_ERRORS = defineErrors(vitalsErrors);
