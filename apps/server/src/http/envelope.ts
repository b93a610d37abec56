import { z } from 'zod';
import { SPEC_ERRORS, type ErrorDef } from '@tcm/contract';

/** Language of the `msg` text: English when asked for, else Chinese (spec §9 default zh). */
export const msgLang = (language: string | undefined): 'zh' | 'en' => (language && /^en/i.test(language) ? 'en' : 'zh');

/** Success envelope `{ code: 0, msg, data }`. */
export const ok = <T>(data: T, lang: 'zh' | 'en' = 'zh') => ({ code: 0, msg: SPEC_ERRORS.OK[lang], data });

/** Failure envelope for a catalog entry. */
export const fail = (def: ErrorDef, lang: 'zh' | 'en', detail?: string, data: unknown = null) => ({
  code: def.code,
  msg: detail ?? def[lang],
  data,
});

/** Response schema of a route: the envelope around `data`. */
export const okSchema = <T extends z.ZodType>(data: T) => z.object({ code: z.number().int(), msg: z.string(), data });
