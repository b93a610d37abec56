import {
  AUTH_ERRORS,
  DEFAULT_ERROR_TEXT,
  HTTP_ERRORS,
  MENU_ERRORS,
  PASSWORD_ERRORS,
  QUERY_ERRORS,
  SPEC_ERRORS,
  TEAM_ERRORS,
  TRANSLATION_ERRORS,
  type ErrorDef,
} from '@tcm/contract';

export type UiLanguage = 'zh' | 'en';

/** The tables of the foundation's API; feature areas add theirs here. */
export const ERROR_TABLES: ReadonlyArray<Record<string, ErrorDef>> = [
  SPEC_ERRORS,
  HTTP_ERRORS,
  AUTH_ERRORS,
  MENU_ERRORS,
  QUERY_ERRORS,
  TRANSLATION_ERRORS,
  PASSWORD_ERRORS,
  TEAM_ERRORS,
];
const byCode = new Map<number, ErrorDef>();
for (const t of ERROR_TABLES) for (const d of Object.values(t)) byCode.set(d.code, d);

/** Generic texts for HTTP-level failures, keyed by HTTP status. */
const byStatus = new Map<number, ErrorDef>(Object.values(HTTP_ERRORS).map((d) => [d.status, d]));
byStatus.set(401, SPEC_ERRORS.TOKEN_INVALID);
byStatus.set(403, AUTH_ERRORS.FORBIDDEN);

/** Toast text of spec §8: the server msg, else the text mapped to the code, else the default. */
export function errorText(code: number, serverMsg: string | null | undefined, lang: UiLanguage): string {
  const msg = serverMsg?.trim();
  if (msg) return msg;
  const mapped = byCode.get(code);
  return mapped ? mapped[lang] : DEFAULT_ERROR_TEXT[lang];
}

/** Text for an HTTP-level failure (no envelope): mapped from the HTTP status, else the default. */
export function httpFailureText(status: number | null, lang: UiLanguage): string {
  const mapped = status === null ? undefined : byStatus.get(status);
  return mapped ? mapped[lang] : DEFAULT_ERROR_TEXT[lang];
}
