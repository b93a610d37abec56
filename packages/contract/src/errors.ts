import specErrors from './errors/spec.json' with { type: 'json' };
/**
 * The error catalog. Every error the API or an engine reports has a stable numeric code,
 * an HTTP status and a message in zh and en. Codes of spec §8 keep their numbers; new codes
 * live in per-area ranges so that areas never collide:
 *   1xxxxxx  auth, users, permissions (spec)     2xxxxxx  request validation, generic HTTP
 *   31xxxxx  tongue   32xxxxx face   33xxxxx pulse   34xxxxx voice
 *   35xxxxx  constitution / synthesis / vitals     36xxxxx report
 *   40xxxxx  records, files, jobs, devices         41xxxxx research / case archive / inquiry forms
 *   14xxxxx  member teams, exports, WeChat         15xxxxx site content, enquiries, settings
 *   42xxxxx  large-screen display   43xxxxx disease module   44xxxxx training   45xxxxx Open API
 * Each area keeps its table as data in `errors/<area>.json` (the area's contract file name) and
 * declares it in that contract file with `defineErrors`, which checks every entry's shape at
 * compile time; `errors.test.ts` checks the codes are unique, the statuses known and both texts
 * present.
 */
export interface ErrorDef {
  readonly code: number;
  /** HTTP status the API answers with when this error ends a request. */
  readonly status: number;
  readonly zh: string;
  readonly en: string;
}

/** Keeps the literal keys of an error table while checking each entry's shape. */
export const defineErrors = <T extends Record<string, ErrorDef>>(table: T): T => table;

/** Words in both languages (an engine error's tip). */
interface BothLanguages {
  readonly zh: string;
  readonly en: string;
}

/** An engine error: the problem, then what to do about it; `tip` holds the advice alone for the UI. */
export interface TippedErrorDef extends ErrorDef {
  readonly tip: BothLanguages;
}

/**
 * An engine's table whose rows hold the problem (`zh`, `en`) and the advice (`tip`) apart. The
 * thrown message carries the tip too (the command line and the API only print `msg`), while the
 * UI can show problem and tip apart.
 */
export function defineTippedErrors<K extends string>(rows: {
  readonly [key in K]: TippedErrorDef;
}): { readonly [key in K]: TippedErrorDef } {
  const entries = Object.entries<TippedErrorDef>(rows).map(([key, { code, status, zh, en, tip }]) => [
    key,
    { code, status, zh: `${zh}。${tip.zh}`, en: `${en}. ${tip.en}`, tip: { zh: tip.zh, en: tip.en } },
  ]);
  return Object.fromEntries(entries) as { readonly [key in K]: TippedErrorDef };
}

/** The codes named by spec §8. */
export const SPEC_ERRORS = defineErrors(specErrors);

/** Default text when neither the server msg nor a mapped text is available (spec §8). */
export const DEFAULT_ERROR_TEXT = {
  zh: '系统未知错误,请反馈给管理员',
  en: 'Unknown system error, please report it to the administrator',
} as const;
