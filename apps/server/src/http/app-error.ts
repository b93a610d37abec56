import type { EngineError, ErrorDef } from '@tcm/contract';

/**
 * The one error the server throws for an expected failure. It carries the catalog entry
 * from @tcm/contract, so the envelope code, HTTP status and zh/en text have one source.
 */
export class AppError extends Error {
  readonly def: ErrorDef;
  /** Replaces the catalog text (e.g. the field and rule of a validation error, WeChat's msg). */
  readonly detailMsg: string | undefined;
  readonly data: unknown;
  /** This occurrence's own zh/en text (an engine error's), answered in the reader's language. */
  readonly texts: { zh: string; en: string } | undefined;

  constructor(def: ErrorDef, detailMsg?: string, data?: unknown, texts?: { zh: string; en: string }) {
    super(detailMsg ?? texts?.en ?? def.en);
    this.name = 'AppError';
    this.def = def;
    this.detailMsg = detailMsg;
    this.data = data;
    this.texts = texts;
  }
}

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;

/**
 * The one translation of the engine side's `EngineError` into the server's error: the same
 * catalog entry (code, status), the occurrence's own texts, and its facts as `data` with the
 * reason (its `kind`, else its text). The error handler applies it to every EngineError a route
 * lets through; the engine pool's decode job applies it before its error crosses the process
 * boundary, which carries AppErrors only.
 */
export function appErrorOf(e: EngineError): AppError {
  return new AppError(e.def, undefined, { ...e.detail, reason: e.kind ?? e.message }, e.texts);
}
