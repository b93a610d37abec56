import synthesisErrors from './errors/synthesis.json' with { type: 'json' };
import { z } from 'zod';
import { defineErrors } from './errors.js';
import { engineVersionSchema } from './engine.js';
import { constitutionResultSchema, localizedTextSchema, sexSchema } from './constitution.js';
import {
  vitalsRecordSchema,
  vitalsResultSchema,
  vitalsRiskLevelSchema,
  vitalsSchema,
  vitalsTrendSchema,
} from './vitals.js';

/** The six sources of findings (四诊 + questionnaire + measurements). */
export const modalitySchema = z.enum(['tongue', 'face', 'pulse', 'voice', 'inquiry', 'vitals']);
export type Modality = z.infer<typeof modalitySchema>;

/**
 * One normalized finding, the input unit of synthesis. `key` is `<modality>.<name>` from the
 * vocabulary in docs/synthesis.md (e.g. tongue.bodyColor = pale, pulse.shape = wiry,
 * inquiry.constitution.B = 71.9 transformed score); `confidence` 0-1 (default 1) scales its weight.
 */
export const findingSchema = z.object({
  modality: modalitySchema.optional(),
  key: z.string(),
  value: z.union([z.string(), z.number(), z.boolean()]),
  confidence: z.number().min(0).max(1).optional(),
});
export type Finding = z.infer<typeof findingSchema>;

export const adviceCategorySchema = z.enum(['diet', 'lifestyle', 'exercise', 'acupoints', 'teas']);
export type AdviceCategory = z.infer<typeof adviceCategorySchema>;

/**
 * Advice attached to one key (`default`, `constitution:B`, `pattern:qi_deficiency`,
 * `risk:bmi:obese`, `risk:bmi`, `risk:level:high`): lists of zh/en lines per category.
 */
export const adviceEntrySchema = z.object({
  diet: z.array(localizedTextSchema).optional(),
  lifestyle: z.array(localizedTextSchema).optional(),
  exercise: z.array(localizedTextSchema).optional(),
  acupoints: z.array(localizedTextSchema).optional(),
  teas: z.array(localizedTextSchema).optional(),
});
export type AdviceEntry = z.infer<typeof adviceEntrySchema>;

/**
 * A team's conclusion configuration. Merge rule (docs/synthesis.md): per key and category, a
 * list given here replaces the default list (or is added after it with mode 'append'); an empty
 * list silences that category; `disabled` drops the key; omitted categories and keys keep the defaults.
 */
export const teamAdviceEntrySchema = adviceEntrySchema.extend({
  mode: z.enum(['replace', 'append']).optional(),
  disabled: z.boolean().optional(),
});
export type TeamAdviceEntry = z.infer<typeof teamAdviceEntrySchema>;
export const teamAdviceConfigSchema = z.object({
  teamId: z.string().optional(),
  version: z.string().optional(),
  entries: z.record(z.string(), teamAdviceEntrySchema),
});
export type TeamAdviceConfig = z.infer<typeof teamAdviceConfigSchema>;

export const adviceItemSchema = z.object({
  text: localizedTextSchema,
  /** The keys this line came from, e.g. ['constitution:B', 'pattern:qi_deficiency']. */
  from: z.array(z.string()),
  /** 'team' when the line comes from the team's configuration. */
  origin: z.enum(['default', 'team']),
});
export const adviceResultSchema = z.object({
  templatesVersion: z.string(),
  teamConfig: z.string().nullable(),
  keys: z.array(z.string()),
  items: z.record(adviceCategorySchema, z.array(adviceItemSchema)),
});
export type AdviceResult = z.infer<typeof adviceResultSchema>;

export const synthesisInputSchema = z.object({
  sex: sexSchema.optional(),
  /** Date of this capture (ISO 8601), used to order it after the history. */
  date: z.string().optional(),
  findings: z.array(findingSchema).optional(),
  /** Questionnaire answers (item id -> 1..5); scored with the constitution engine (needs sex). */
  inquiry: z.object({ answers: z.record(z.string(), z.number()) }).optional(),
  vitals: vitalsSchema.optional(),
  history: z.array(vitalsRecordSchema).optional(),
  adviceConfig: teamAdviceConfigSchema.optional(),
  /** How many patterns to return (default 5). */
  topN: z.number().int().min(1).max(20).optional(),
});
export type SynthesisInput = z.infer<typeof synthesisInputSchema>;

export const patternEvidenceSchema = z.object({
  modality: modalitySchema,
  key: z.string(),
  value: z.union([z.string(), z.number(), z.boolean()]),
  confidence: z.number(),
  /** Knowledge-base weight of the matched rule; negative when the finding opposes the pattern. */
  weight: z.number(),
  /** weight x confidence. */
  contribution: z.number(),
  role: z.enum(['supports', 'opposes']),
  text: localizedTextSchema,
});
export type PatternEvidence = z.infer<typeof patternEvidenceSchema>;

export const patternResultSchema = z.object({
  id: z.string(),
  name: localizedTextSchema,
  /** Net evidence over all the evidence the pattern can have, 0-1: what ranks the patterns. */
  score: z.number(),
  /** Net evidence over the evidence that was observed, 0-1: how well what was seen fits. */
  fit: z.number(),
  /** Share of the pattern's evidence weight that was observed at all, 0-1. */
  coverage: z.number(),
  /** coverage x mean confidence of the observed findings, 0-1: lowered by every missing modality. */
  confidence: z.number(),
  strength: z.enum(['likely', 'possible', 'weak']),
  evidence: z.array(patternEvidenceSchema),
  missingModalities: z.array(modalitySchema),
  source: z.array(z.string()),
  summary: localizedTextSchema,
});
export type PatternResult = z.infer<typeof patternResultSchema>;

export const ignoredFindingSchema = z.object({ key: z.string(), value: z.unknown(), reason: z.string() });

export const synthesisResultSchema = z.object({
  engine: engineVersionSchema,
  knowledgeBase: z.object({ version: z.string(), title: z.string() }),
  modalities: z.object({ present: z.array(modalitySchema), missing: z.array(modalitySchema) }),
  patterns: z.array(patternResultSchema),
  constitution: constitutionResultSchema.nullable(),
  vitals: vitalsResultSchema.nullable(),
  /** Vitals indicators at medium or high risk, highest first. */
  risks: z.array(
    z.object({ indicator: z.string(), level: vitalsRiskLevelSchema, band: z.string(), reason: localizedTextSchema }),
  ),
  /** The vitals trends against earlier records (same as vitals.trends; empty without vitals). */
  trends: z.array(vitalsTrendSchema),
  advice: adviceResultSchema,
  ignoredFindings: z.array(ignoredFindingSchema),
  warnings: z.array(localizedTextSchema),
  disclaimer: localizedTextSchema,
});
export type SynthesisResult = z.infer<typeof synthesisResultSchema>;

/** Synthesis and advice errors: 3510xxx. */
export const SYNTHESIS_ERRORS = defineErrors(synthesisErrors);
