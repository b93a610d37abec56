import reportErrors from './errors/report.json' with { type: 'json' };
import { z } from 'zod';
import { defineErrors } from './errors.js';
import { engineVersionSchema } from './engine.js';
import { CONSTITUTION_TYPES } from './vocabulary/constitution.js';
import { constitutionResultVerdictSchema } from './constitution.js';

/**
 * The report area's models: what the PDF renderer of `@tcm/report` draws. They are
 * presentation-level on purpose: the server maps engine results onto them (already rounded,
 * already worded in the report's language), so the renderer never depends on an engine's raw
 * output shape. Every section of the health report is optional; a missing one is left out.
 *
 * A `label` is either a key of the report dictionary (`@tcm/report`'s `labels.ts`, e.g.
 * `vitals.systolic`), shown in the report's language, or literal text shown as written.
 */

export const REPORT_ERRORS = defineErrors(reportErrors);

export const reportLanguageSchema = z.enum(['zh', 'en']);
export type ReportLanguage = z.infer<typeof reportLanguageSchema>;

export const riskLevelSchema = z.enum(['low', 'medium', 'high']);
export type RiskLevel = z.infer<typeof riskLevelSchema>;

const label = z.string().min(1).max(200);
const text = z.string().max(2000);
/** A calendar date or date-time, ISO 8601 (`2026-11-22` or `2026-11-22T09:30:00+08:00`). */
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}([T ][0-9:.]+(Z|[+-]\d{2}:?\d{2})?)?$/, 'ISO 8601 date');
/** A point in image pixel coordinates (x to the right, y down, origin top-left). */
const point = z.tuple([z.number().finite(), z.number().finite()]);
const polygon = z.array(point).min(3);

/** An embedded photo: JPEG or PNG bytes as base64, with its pixel size. */
export const reportImageSchema = z.object({
  mime: z.enum(['image/jpeg', 'image/png']),
  base64: z.string().min(16),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type ReportImage = z.infer<typeof reportImageSchema>;

/** A measured finding: what was seen, its value, and the numbers behind it. */
export const findingRowSchema = z.object({
  name: label,
  value: z.string().max(200),
  /** The model's probability (0-1) for the value shown, where a model gave one. */
  probability: z.number().min(0).max(1).optional(),
  evidence: text.optional(),
});
export type FindingRow = z.infer<typeof findingRowSchema>;

/** A verdict with the evidence that supports it (pulse class, voice reading, complexion). */
export const verdictSchema = z.object({ label, evidence: z.array(text).default([]) });

/** Reference range: either bound may be open; `text` overrides the printed form. */
export const referenceRangeSchema = z.object({
  low: z.number().finite().optional(),
  high: z.number().finite().optional(),
  text: z.string().max(80).optional(),
});

export const reportHeaderSchema = z.object({
  organisation: z.string().min(1).max(120),
  /** The organisation's own line at the foot of every page (back-office settings, docs/site.md). */
  footer: z.string().max(80).optional(),
  title: z.string().max(120).optional(),
  reportId: z.string().min(1).max(64),
  date: isoDate,
  language: reportLanguageSchema,
  person: z.object({
    name: z.string().min(1).max(80),
    sex: z.enum(['male', 'female']).optional(),
    /** Age in years. */
    age: z.number().int().min(0).max(130).optional(),
    id: z.string().max(64).optional(),
  }),
});

export const vitalsRowSchema = z.object({
  indicator: label,
  value: z.union([z.number().finite(), z.string().max(40)]),
  unit: z.string().max(20).default(''),
  reference: referenceRangeSchema.optional(),
  risk: riskLevelSchema,
  reason: text.optional(),
});
export type VitalsRow = z.infer<typeof vitalsRowSchema>;

const sectionBase = { version: engineVersionSchema.optional(), summary: text.optional() };

export const tongueSectionSchema = z.object({
  ...sectionBase,
  photo: reportImageSchema.optional(),
  /** Outline of the tongue mask in the photo's pixel coordinates. */
  outline: polygon.optional(),
  features: z.array(findingRowSchema).default([]),
});

export const faceSectionSchema = z.object({
  ...sectionBase,
  photo: reportImageSchema.optional(),
  /** Regions in photo pixels: a polygon, or a box [x, y, width, height]. */
  regions: z
    .array(
      z.object({
        name: label,
        polygon: polygon.optional(),
        box: z.tuple([z.number(), z.number(), z.number(), z.number()]).optional(),
      }),
    )
    .default([]),
  complexion: verdictSchema.optional(),
  features: z.array(findingRowSchema).default([]),
  /**
   * Cosmetic skin measures, 0-100, higher = more pronounced (the face engine's scores: more
   * spots, deeper wrinkles, more redness), drawn as neutral bars: no population bands exist.
   */
  skinScores: z
    .array(z.object({ name: label, score: z.number().min(0).max(100), lowConfidence: z.boolean().optional() }))
    .default([]),
});

/** A measured value as a section's table shows it: its label, the value as printed and its unit. */
const measuredValue = { name: label, value: z.string().max(40), unit: z.string().max(20).default('') };

export const pulseSectionSchema = z.object({
  ...sectionBase,
  waveform: z
    .object({
      /** Sample rate in Hz. */
      rateHz: z.number().positive().max(100000),
      samples: z.array(z.number().finite()).min(2).max(20000),
      /** Indices of detected beat peaks, drawn as markers. */
      peaks: z.array(z.number().int().nonnegative()).optional(),
    })
    .optional(),
  parameters: z.array(z.object({ ...measuredValue, evidence: text.optional() })).default([]),
  pulseClass: verdictSchema.optional(),
});

export const voiceSectionSchema = z.object({
  ...sectionBase,
  measures: z.array(z.object({ ...measuredValue, reference: referenceRangeSchema.optional() })).default([]),
  reading: verdictSchema.optional(),
});

/** The nine types by their vocabulary ids (vocabulary/constitution.ts). */
export const constitutionTypeSchema = z.enum(CONSTITUTION_TYPES);
/** The engine's verdicts as it writes them (one id, snake case, issue 38): `constitution.verdict.<id>`. */
export const constitutionVerdictSchema = constitutionResultVerdictSchema;

export const constitutionSectionSchema = z.object({
  ...sectionBase,
  /** Transformed scores 0-100 of ZYYXH/T157-2009, one per type. */
  scores: z
    .array(
      z.object({ type: constitutionTypeSchema, score: z.number().min(0).max(100), verdict: constitutionVerdictSchema }),
    )
    .min(1)
    .max(9),
});

export const syndromeSectionSchema = z.object({
  ...sectionBase,
  patterns: z
    .array(
      z.object({
        name: label,
        /** Knowledge-base score, 0-100. */
        score: z.number().min(0).max(100),
        /** Confidence, 0-1. */
        confidence: z.number().min(0).max(1),
        evidence: z.array(text).default([]),
      }),
    )
    .min(1),
});

export const adviceGroupSchema = z.object({ category: label, items: z.array(text).min(1) });

export const trendSeriesSchema = z.object({
  indicator: label,
  unit: z.string().max(20).default(''),
  reference: referenceRangeSchema.optional(),
  points: z
    .array(z.object({ date: isoDate, value: z.number().finite() }))
    .min(1)
    .max(500),
});

export const healthReportSchema = z.object({
  kind: z.literal('health-report'),
  header: reportHeaderSchema,
  vitals: z
    .object({
      rows: z.array(vitalsRowSchema).min(1),
      version: engineVersionSchema.optional(),
      source: z.string().max(200).optional(),
    })
    .optional(),
  tongue: tongueSectionSchema.optional(),
  face: faceSectionSchema.optional(),
  pulse: pulseSectionSchema.optional(),
  voice: voiceSectionSchema.optional(),
  constitution: constitutionSectionSchema.optional(),
  syndromes: syndromeSectionSchema.optional(),
  advice: z.object({ groups: z.array(adviceGroupSchema).min(1) }).optional(),
  trends: z.object({ series: z.array(trendSeriesSchema).min(1) }).optional(),
  /** Replaces the dictionary's decision-support disclaimer when given. */
  disclaimer: text.optional(),
  /**
   * The parts of a partial record that could not be analyzed (issue 32), printed under the header:
   * `part` a label (the part's section, e.g. `section.constitution`), `reason` its failure worded
   * from its code in the report's language. What is missing is said, never left out in silence.
   */
  missing: z
    .array(z.object({ part: label, reason: text }))
    .max(10)
    .optional(),
});
export type HealthReport = z.infer<typeof healthReportSchema>;
export type HealthReportInput = z.input<typeof healthReportSchema>;

export const herbSchema = z.object({
  name: z.string().min(1).max(40),
  /** Dose in grams. */
  doseG: z.number().positive().max(500),
  /** Unit printed after the dose when it is not grams (大枣 3 枚); `doseG` then holds the count. */
  unit: z.string().max(4).optional(),
  /** Special handling, e.g. 先煎 decoct first, 后下 add late, 包煎 wrap. */
  note: z.string().max(40).optional(),
});

export const medicalRecordSchema = z.object({
  kind: z.literal('medical-record'),
  header: reportHeaderSchema.extend({ department: z.string().max(60).optional() }),
  visit: z.object({ type: z.enum(['first', 'followUp']), number: z.number().int().positive().optional() }),
  chiefComplaint: text,
  presentIllness: text.optional(),
  history: text.optional(),
  fourDiagnosis: z.object({
    inspection: text.optional(),
    listening: text.optional(),
    inquiry: text.optional(),
    palpation: text.optional(),
  }),
  diagnosis: z.object({
    tcmDisease: text.optional(),
    tcmSyndrome: text.optional(),
    western: z.array(text).default([]),
  }),
  treatmentPrinciple: text.optional(),
  prescription: z
    .object({
      name: z.string().max(80).optional(),
      herbs: z.array(herbSchema).min(1).max(60),
      /** Number of doses (剂). */
      doses: z.number().int().positive().max(365),
      preparation: text.optional(),
      usage: text.optional(),
      /**
       * Every safety warning the screen shows beside this prescription (十八反, 十九畏, pregnancy,
       * dose), in the document's language: what the pharmacist and patient take away carries them.
       */
      warnings: z.array(text).max(120).default([]),
      /** The prescribing doctor's written reason for keeping the prescription despite the warnings. */
      /** `at`: when, as printed (e.g. "2026-12-02 09:30 UTC"). */
      acknowledgement: z.object({ reason: text, by: z.string().max(60), at: z.string().max(40) }).optional(),
    })
    .optional(),
  advice: text.optional(),
  doctor: z.object({
    name: z.string().min(1).max(60),
    title: z.string().max(60).optional(),
    signedAt: isoDate.optional(),
  }),
});
export type MedicalRecord = z.infer<typeof medicalRecordSchema>;
export type MedicalRecordInput = z.input<typeof medicalRecordSchema>;

/** Any document the report renderer accepts, told apart by `kind`. */
export const reportDocumentSchema = z.discriminatedUnion('kind', [healthReportSchema, medicalRecordSchema]);
export type ReportDocument = z.infer<typeof reportDocumentSchema>;
