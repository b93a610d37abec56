import assistantErrors from './errors/assistant.json' with { type: 'json' };
import { z } from 'zod';
import { defineErrors } from './errors.js';

/**
 * The physicians' assistant at /zhongyishiAIzhushou (issue 22 item 5; docs/site.md "AI
 * assistant"): answers from the platform's own knowledge base with the entries it used.
 */
export const ASSISTANT_PATHS = {
  ask: '/backend/doctor/assistant/ask',
} as const;

export const ASSISTANT_QUESTION_MAX = 500;

export const assistantAskBody = z.object({
  question: z.string().trim().min(2).max(ASSISTANT_QUESTION_MAX),
});
export type AssistantAskBody = z.infer<typeof assistantAskBody>;

/** Which data file an entry comes from (shown with each source). */
export const ASSISTANT_KINDS = ['sign', 'pattern', 'disease', 'constitution', 'herb', 'formula'] as const;
export const assistantKind = z.enum(ASSISTANT_KINDS);
export type AssistantKind = z.infer<typeof assistantKind>;

export const assistantSource = z.object({
  /** The number the answer cites ([1], [2], …). */
  ref: z.number().int(),
  /** Stable entry id, e.g. `sign:tongue.toothMarks`, `herb:黄芪`. */
  id: z.string(),
  kind: assistantKind,
  title: z.string(),
  /** Repository path of the data file. */
  file: z.string(),
  /** The reference the data file names for this entry (textbook, guideline, pharmacopoeia). */
  source: z.string(),
  excerpt: z.string(),
  score: z.number(),
});
export type AssistantSource = z.infer<typeof assistantSource>;

export const assistantAnswer = z.object({
  question: z.string(),
  /** `retrieval`: composed from the entries; `model`: phrased by the configured endpoint. */
  mode: z.enum(['retrieval', 'model']),
  answer: z.string(),
  /** Set when the configured endpoint failed and the retrieval answer stands in. */
  note: z.string().nullable(),
  sources: z.array(assistantSource),
});
export type AssistantAnswer = z.infer<typeof assistantAnswer>;

export const ASSISTANT_ERRORS = defineErrors(assistantErrors);
