import { z } from 'zod';

/** Version stamp that every engine result carries (engine code version, model version if any). */
export const engineVersionSchema = z.object({ engine: z.string(), model: z.string().optional() });
export type EngineVersion = z.infer<typeof engineVersionSchema>;

/** A quality problem with the input, with a tip for the person who captured it. */
export const qualityIssueSchema = z.object({ code: z.string(), message: z.string(), tip: z.string() });
export type QualityIssue = z.infer<typeof qualityIssueSchema>;

/** A failed analysis as the command lines print it: `{ file, ok: false, code, msg }`. */
export const engineFailureSchema = z.object({
  file: z.string().optional(),
  ok: z.literal(false),
  code: z.number().int(),
  msg: z.string(),
});
export type EngineFailure = z.infer<typeof engineFailureSchema>;
