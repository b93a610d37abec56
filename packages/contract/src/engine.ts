import { z } from 'zod';

/** Version stamp that every engine result carries (engine code version, model version if any). */
export const engineVersionSchema = z.object({ engine: z.string(), model: z.string().optional() });
export type EngineVersion = z.infer<typeof engineVersionSchema>;

/** A quality problem with the input, with a tip for the person who captured it. */
export const qualityIssueSchema = z.object({ code: z.string(), message: z.string(), tip: z.string() });
export type QualityIssue = z.infer<typeof qualityIssueSchema>;

/** A catalog entry of a quality code: text in zh and en ("problem. tip"), and the tip alone. */
interface QualityIssueDef {
  readonly code: number;
  readonly zh: string;
  readonly en: string;
  readonly tip: { readonly zh: string; readonly en: string };
}

/**
 * A quality issue in `lang`. The tongue and face engines save the English text; their error
 * catalog (`TONGUE_ERRORS`, `FACE_ERRORS`) holds zh and en under the issue's code. A code not in
 * the catalog keeps the saved text. `problem` is `message` without the tip, for a UI that shows
 * the tip apart.
 */
export function qualityIssueText(
  issue: QualityIssue,
  catalogue: Readonly<Record<string, QualityIssueDef>>,
  lang: 'zh' | 'en',
): { message: string; problem: string; tip: string } {
  const def = Object.values(catalogue).find((d) => String(d.code) === issue.code);
  const message = def ? def[lang] : issue.message;
  const tip = def ? def.tip[lang] : issue.tip;
  const problem = tip && message.endsWith(tip) ? message.slice(0, -tip.length).replace(/(。|\.\s*)$/, '') : message;
  return { message, problem, tip };
}

/** A failed analysis as the command lines print it: `{ file, ok: false, code, msg }`. */
export const engineFailureSchema = z.object({
  file: z.string().optional(),
  ok: z.literal(false),
  code: z.number().int(),
  msg: z.string(),
});
export type EngineFailure = z.infer<typeof engineFailureSchema>;
