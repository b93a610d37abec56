import diseaseErrors from './errors/disease.json' with { type: 'json' };
import { z } from 'zod';
import { tablePaging } from './paging.js';
import { defineErrors } from './errors.js';
import knowledgeData from './data/diseases.json' with { type: 'json' };

/**
 * The disease module (issue 23 item 2, docs/disease.md): a knowledge base of common chronic
 * conditions that disease users edit, and disease screenings that combine a person's diagnosis
 * records with disease questions into a risk with its evidence. Range 4300001-4300099.
 */
export const DISEASE_ERRORS = defineErrors(diseaseErrors);

export const DISEASE_PATHS = {
  /** GET: the knowledge base, one line per disease. */
  diseases: '/backend/disease/diseases',
  /** POST (on `diseases`): add a disease. DELETE (on `disease`): remove one you added. */
  /** GET: one disease with its questions, signs and sources; PUT: save the editable knowledge. */
  disease: (id: string) => `/backend/disease/diseases/${id}`,
  /** GET: done records of the caller's team that a screening may link. */
  records: '/backend/disease/records',
  /** GET: list; POST: screen a person. */
  screenings: '/backend/disease/screenings',
  screening: (id: string) => `/backend/disease/screenings/${id}`,
  screeningPdf: (id: string) => `/backend/disease/screenings/${id}/pdf`,
  /** GET: counts, risk mix and months per disease. */
  stats: '/backend/disease/stats',
} as const;

const word = (max: number) =>
  z.object({ zh: z.string().trim().min(1).max(max), en: z.string().trim().min(1).max(max) });
export const diseaseWordSchema = word(20000);
export type DiseaseWord = z.infer<typeof diseaseWordSchema>;
const slug = z.string().regex(/^[a-z][a-z0-9_]{1,62}$/, 'lower-case letters, digits and _');

// ---- the shipped reference data (packages/contract/src/data/diseases.json) ----

export const diseaseSourceSchema = z.object({
  kind: z.enum(['guideline', 'consensus', 'textbook']),
  title: z.string().min(1),
  edition: z.string().min(1),
});
export type DiseaseSource = z.infer<typeof diseaseSourceSchema>;

/** One answer option and the points it adds. */
export const screeningOptionSchema = z.object({ id: slug, text: diseaseWordSchema, points: z.number().min(0).max(10) });
export const screeningQuestionSchema = z.object({
  id: slug,
  text: diseaseWordSchema,
  options: z.array(screeningOptionSchema).min(2),
  source: z.string(),
});
export type ScreeningQuestion = z.infer<typeof screeningQuestionSchema>;

/**
 * A sign the platform's analyses can show: a finding key of the synthesis vocabulary
 * (`tongue.bodyColor`, `pulse.shape`, `vitals.glucose`, `inquiry.constitution.E`, ...) matched by
 * value (`is`) or by a score range (`min` inclusive, `below` exclusive), and its points.
 */
export const screeningSignSchema = z.object({
  key: z.string().regex(/^(tongue|face|pulse|voice|inquiry|vitals)\.[\w.]+$/),
  is: z.array(z.union([z.string(), z.boolean()])).optional(),
  min: z.number().optional(),
  below: z.number().optional(),
  points: z.number().min(0).max(10),
  source: z.string(),
});
export type ScreeningSign = z.infer<typeof screeningSignSchema>;

/** A common syndrome pattern of a disease and its manifestations (editable). */
export const diseasePatternSchema = z.object({
  /** The synthesis knowledge base's pattern id where one exists (its fit is scored), else the disease's own. */
  id: slug,
  name: word(200),
  tongue: word(1000),
  pulse: word(1000),
  face: word(1000),
  advice: word(4000),
  sources: z.array(z.string()).max(20),
});
export type DiseasePattern = z.infer<typeof diseasePatternSchema>;

/** What disease users edit. summary and advice are rich text (sanitised HTML). */
export const diseaseContentSchema = z.object({
  western: word(200),
  tcm: word(200),
  icd10: z.string().trim().max(40),
  summary: diseaseWordSchema,
  advice: diseaseWordSchema,
  patterns: z.array(diseasePatternSchema).min(1).max(20),
  sources: z.array(z.string()).max(40),
});
export type DiseaseContent = z.infer<typeof diseaseContentSchema>;

export const diseaseDefinitionSchema = diseaseContentSchema.extend({
  id: slug,
  questions: z.array(screeningQuestionSchema).min(1),
  signs: z.array(screeningSignSchema).min(1),
});
export type DiseaseDefinition = z.infer<typeof diseaseDefinitionSchema>;

export const diseaseKnowledgeSchema = z.object({
  version: z.string(),
  note: z.string(),
  sources: z.record(z.string(), diseaseSourceSchema),
  diseases: z.array(diseaseDefinitionSchema).min(10),
});

/** The shipped knowledge: the first content of every disease and its fixed screening model. */
export const DISEASE_KNOWLEDGE = diseaseKnowledgeSchema.parse(knowledgeData);
export const DISEASE_IDS = DISEASE_KNOWLEDGE.diseases.map((d) => d.id);

/** Risk levels of a screening: risk (points over the most points possible) below `medium` is low. */
export const SCREENING_THRESHOLDS = { medium: 0.3, high: 0.55 } as const;
export const screeningLevelSchema = z.enum(['low', 'medium', 'high']);
export type ScreeningLevel = z.infer<typeof screeningLevelSchema>;

// ---- API ----

export const diseaseParams = z.object({ id: slug });
/** A disease a user adds: the same shape as a shipped one (content, questions, signs). */
export const diseaseCreateBody = diseaseDefinitionSchema;
export type DiseaseCreateBody = z.infer<typeof diseaseCreateBody>;
/** A save: the content and the version it was edited from (0: the shipped content). */
export const diseaseSaveBody = diseaseContentSchema.extend({ version: z.number().int().min(0) });
export type DiseaseSaveBody = z.infer<typeof diseaseSaveBody>;
export const screeningParams = z.object({ id: z.string().uuid() });
export const diseaseLangQuery = z.object({ lang: z.enum(['zh', 'en']).optional() });

export const diseaseSummarySchema = z.object({
  id: z.string(),
  western: diseaseWordSchema,
  tcm: diseaseWordSchema,
  icd10: z.string(),
  patterns: z.number().int(),
  screenings: z.number().int(),
  version: z.number().int(),
  updatedAt: z.string().nullable(),
  /** Added by a disease user (not shipped); `mine`: added by the caller (who may delete it). */
  custom: z.boolean(),
  mine: z.boolean(),
});
export type DiseaseSummary = z.infer<typeof diseaseSummarySchema>;

export const sourceRefSchema = diseaseSourceSchema.extend({ id: z.string() });
export const diseaseDetailSchema = diseaseContentSchema.extend({
  id: z.string(),
  questions: z.array(screeningQuestionSchema),
  signs: z.array(screeningSignSchema.extend({ text: diseaseWordSchema })),
  /** Every source the entry, its patterns, questions and signs name, resolved. */
  sourceCatalogue: z.array(sourceRefSchema),
  custom: z.boolean(),
  version: z.number().int(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type DiseaseDetail = z.infer<typeof diseaseDetailSchema>;

export const linkableRecordSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  personName: z.string().nullable(),
  personSex: z.enum(['female', 'male']).nullable(),
  personAge: z.number().int().nullable(),
  /** The engines that finished on the record. */
  engines: z.array(z.string()),
});
export type LinkableRecord = z.infer<typeof linkableRecordSchema>;

export const linkableRecordsQuery = z.object(tablePaging);
export const screeningListQuery = z.object({
  ...tablePaging,
  diseaseId: slug.optional(),
  level: screeningLevelSchema.optional(),
});

export const screeningBody = z.object({
  diseaseId: slug,
  /** Done records of one person (tongue, face, pulse, voice, questionnaire); none: questions only. */
  recordIds: z.array(z.string().uuid()).max(6).default([]),
  /** Question id -> option id; every question of the disease must be answered. */
  answers: z.record(slug, slug),
  person: z
    .object({
      name: z.string().trim().max(100).optional(),
      sex: z.enum(['female', 'male']).optional(),
      age: z.number().int().min(0).max(130).optional(),
    })
    .default({}),
});
export type ScreeningBody = z.infer<typeof screeningBody>;

export const screeningEvidenceSchema = z.object({
  kind: z.enum(['finding', 'answer']),
  /** Finding key or question id. */
  key: z.string(),
  /** Finding value or option id. */
  value: z.string(),
  /** What was seen or answered, worded. */
  text: diseaseWordSchema,
  points: z.number(),
  /** The engine's confidence in the finding (1 for an answer). */
  confidence: z.number(),
  /** points x confidence. */
  contribution: z.number(),
  /** contribution / the screening's points (0-1): how much of the result this item made. */
  share: z.number(),
  source: z.string(),
  recordId: z.string().nullable(),
});
export type ScreeningEvidence = z.infer<typeof screeningEvidenceSchema>;

export const screeningResultSchema = z.object({
  modelVersion: z.string(),
  points: z.number(),
  maxPoints: z.number(),
  /** points / maxPoints, 0-1. */
  risk: z.number(),
  level: screeningLevelSchema,
  /** Share of the sign points whose finding was observed at all, 0-1. */
  coverage: z.number(),
  missingModalities: z.array(z.string()),
  evidence: z.array(screeningEvidenceSchema),
  /** The disease's patterns scored on the same findings (null: no knowledge-base rules for it). */
  patterns: z.array(z.object({ id: z.string(), name: diseaseWordSchema, score: z.number().nullable() })),
});
export type ScreeningResult = z.infer<typeof screeningResultSchema>;

export const screeningSchema = z.object({
  id: z.string(),
  diseaseId: z.string(),
  diseaseName: diseaseWordSchema,
  person: z.object({
    name: z.string().nullable(),
    sex: z.enum(['female', 'male']).nullable(),
    age: z.number().int().nullable(),
  }),
  recordIds: z.array(z.string()),
  answers: z.record(z.string(), z.string()),
  result: screeningResultSchema,
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type Screening = z.infer<typeof screeningSchema>;

export const screeningRowSchema = screeningSchema.omit({ answers: true, result: true }).extend({
  level: screeningLevelSchema,
  risk: z.number(),
});
export type ScreeningRow = z.infer<typeof screeningRowSchema>;

export const diseaseStatsQuery = z.object({ diseaseId: slug.optional() });
export const diseaseStatsSchema = z.object({
  perDisease: z.array(
    z.object({
      diseaseId: z.string(),
      name: diseaseWordSchema,
      total: z.number().int(),
      low: z.number().int(),
      medium: z.number().int(),
      high: z.number().int(),
      /** Mean risk 0-1; null without screenings. */
      meanRisk: z.number().nullable(),
    }),
  ),
  /** Screenings per month (YYYY-MM) and level, oldest first, the last 12 months that have any. */
  monthly: z.array(
    z.object({ month: z.string(), low: z.number().int(), medium: z.number().int(), high: z.number().int() }),
  ),
});
export type DiseaseStats = z.infer<typeof diseaseStatsSchema>;
