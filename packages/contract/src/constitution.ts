import constitutionErrors from './errors/constitution.json' with { type: 'json' };
import { z } from 'zod';
import { defineErrors } from './errors.js';
import { engineVersionSchema } from './engine.js';

/** Type letters of ZYYXH/T157-2009: A 平和 balanced, B-I the eight biased (偏颇) types. */
export const constitutionCodeSchema = z.enum(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I']);
export type ConstitutionCode = z.infer<typeof constitutionCodeSchema>;

export const sexSchema = z.enum(['female', 'male']);
export type Sex = z.infer<typeof sexSchema>;

/**
 * Questionnaire answers: item id (A1…I7, F6f/F6m) -> 1..5. A shared question may be given under
 * either of its ids. The schema stays loose on purpose: the engine checks every item itself so
 * that a bad answer is reported with the item named (3500xxx), not as a generic 400.
 */
export const constitutionInputSchema = z.object({
  sex: sexSchema,
  answers: z.record(z.string(), z.number()),
});
export type ConstitutionInput = z.infer<typeof constitutionInputSchema>;

/** 是 / 基本是 (平和质 only) / 倾向是 (biased types only) / 否. */
export const constitutionResultVerdictSchema = z.enum(['yes', 'basically_yes', 'tendency', 'no']);
export type ConstitutionVerdict = z.infer<typeof constitutionResultVerdictSchema>;

export const localizedTextSchema = z.object({ zh: z.string(), en: z.string() });
export type LocalizedText = z.infer<typeof localizedTextSchema>;

/**
 * A text an engine now writes in zh and en but wrote as a plain English string in results saved
 * before 2026-11 (pulse `suggests`, voice `suggests`): saved results must still parse and show.
 */
export const bilingualTextSchema = z.union([localizedTextSchema, z.string()]);
export type BilingualText = z.infer<typeof bilingualTextSchema>;

/** A `BilingualText` in `lang`; an earlier result's plain string (English) is shown as saved. */
export const bilingualText = (text: BilingualText, lang: 'zh' | 'en'): string =>
  typeof text === 'string' ? text : text[lang];

export const constitutionItemScoreSchema = z.object({
  id: z.string(),
  /** The id the answer was read from (differs from `id` for a shared question). */
  answeredAs: z.string(),
  answer: z.number().int(),
  /** After reverse scoring (6 - answer for the 平和质 reverse items). */
  scored: z.number().int(),
  reverse: z.boolean(),
});

export const constitutionScaleSchema = z.object({
  code: constitutionCodeSchema,
  zh: z.string(),
  en: z.string(),
  n: z.number().int(),
  raw: z.number().int(),
  /** (raw - n) / (4n) x 100, unrounded: verdicts compare this value. */
  transformed: z.number(),
  /** transformed rounded to 2 decimals, for display only. */
  display: z.number(),
  verdict: constitutionResultVerdictSchema,
  verdictZh: z.enum(['是', '基本是', '倾向是', '否']),
  items: z.array(constitutionItemScoreSchema),
});
export type ConstitutionScale = z.infer<typeof constitutionScaleSchema>;

export const constitutionSummarySchema = z.object({
  balanced: constitutionResultVerdictSchema,
  /** Biased types judged 是, highest score first. */
  types: z.array(constitutionCodeSchema),
  /** Biased types judged 倾向是, highest score first. */
  tendencies: z.array(constitutionCodeSchema),
  /** True in the case the standard leaves unlabeled: 平和质 否 and no biased type reaches 30. */
  undetermined: z.boolean(),
  text: localizedTextSchema,
});
export type ConstitutionSummary = z.infer<typeof constitutionSummarySchema>;

export const constitutionResultSchema = z.object({
  engine: engineVersionSchema,
  standard: z.literal('ZYYXH/T157-2009'),
  sex: sexSchema.optional(),
  scales: z.array(constitutionScaleSchema),
  summary: constitutionSummarySchema,
});
export type ConstitutionResult = z.infer<typeof constitutionResultSchema>;

/** One question as the client shows it: asked once even when scored in two scales. */
export const constitutionQuestionSchema = z.object({
  id: z.string(),
  text: localizedTextSchema,
  /** Scale codes this answer is scored in (two for a shared question). */
  scales: z.array(constitutionCodeSchema),
  /** Other ids under which the same answer is accepted. */
  alsoKnownAs: z.array(z.string()),
});
export type ConstitutionQuestion = z.infer<typeof constitutionQuestionSchema>;

/** Constitution questionnaire errors: 3500xxx. */
export const CONSTITUTION_ERRORS = defineErrors(constitutionErrors);
