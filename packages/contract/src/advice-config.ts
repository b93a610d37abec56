import adviceConfigErrors from './errors/advice-config.json' with { type: 'json' };
import { z } from 'zod';
import { defineErrors } from './errors.js';
import { teamAdviceEntrySchema } from './synthesis.js';

/**
 * A team's conclusion configuration (docs/member.md "Conclusion configuration"): leaders with
 * canConfigTreatPlan edit the advice texts of the team's reports; every save is a new version.
 * Range 14200xx.
 */
export const ADVICE_CONFIG_ERRORS = defineErrors(adviceConfigErrors);

export const ADVICE_CONFIG_PATHS = {
  /** GET: the current version, the defaults and the history. POST: save a new version. */
  current: '/backend/member/config/resultConfig',
  /** POST: a new version that goes back to the default texts. */
  reset: '/backend/member/config/resultConfig/reset',
  /** POST: a new version with the entries of an earlier one. */
  /** POST: PDF of one of the team's done records with the draft entries in place of its advice. */
  preview: '/backend/member/config/resultConfig/preview',
  restore: (version: number | string) => `/backend/member/config/resultConfig/versions/${version}/restore`,
} as const;

/** At most this many keys per save (every constitution, pattern and risk key fits). */
const MAX_KEYS = 200;
/** Longest advice line (rich-text HTML). */
const MAX_LINE = 2000;

const line = z.object({ zh: z.string().trim().min(1).max(MAX_LINE), en: z.string().trim().min(1).max(MAX_LINE) });
const lines = z.array(line).max(10).optional();
export const adviceConfigEntryBody = teamAdviceEntrySchema.extend({
  diet: lines,
  lifestyle: lines,
  exercise: lines,
  acupoints: lines,
  teas: lines,
});
export const adviceConfigBody = z.object({
  /** Advice key (constitution:B, pattern:<id>, risk:<indicator>[:<band>], default) -> entry. */
  entries: z
    .record(z.string().min(1).max(100), adviceConfigEntryBody)
    .refine((e) => Object.keys(e).length <= MAX_KEYS, { message: `at most ${MAX_KEYS} keys` }),
  note: z.string().trim().max(200).optional(),
});
export type AdviceConfigBody = z.infer<typeof adviceConfigBody>;

export const advicePreviewBody = adviceConfigBody.extend({
  /** Absent: the team's newest done record. */
  recordId: z.string().uuid().optional(),
  lang: z.enum(['zh', 'en']).optional(),
});
export type AdvicePreviewBody = z.infer<typeof advicePreviewBody>;

export const adviceVersionParams = z.object({ version: z.coerce.number().int().min(1) });

export const adviceVersionSchema = z.object({
  version: z.number().int(),
  action: z.enum(['save', 'reset', 'restore']),
  /** null: the default texts. */
  entries: z.record(z.string(), adviceConfigEntryBody).nullable(),
  note: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type AdviceVersion = z.infer<typeof adviceVersionSchema>;

export const adviceConfigState = z.object({
  /** null until the first save: the team's reports use the defaults. */
  current: adviceVersionSchema.nullable(),
  /** The default texts per key (what reset goes back to). */
  defaults: z.record(z.string(), adviceConfigEntryBody),
  /** Newest first. */
  history: z.array(adviceVersionSchema),
});
export type AdviceConfigState = z.infer<typeof adviceConfigState>;
