import type { ErrorDef } from '@tcm/contract';

/**
 * The one error the server throws for an expected failure. It carries the catalog entry
 * from @tcm/contract, so the envelope code, HTTP status and zh/en text have one source.
 */
export class AppError extends Error {
  readonly def: ErrorDef;
  /** Replaces the catalog text (e.g. the field and rule of a validation error, WeChat's msg). */
  readonly detailMsg: string | undefined;
  readonly data: unknown;

  constructor(def: ErrorDef, detailMsg?: string, data?: unknown) {
    super(detailMsg ?? def.en);
    this.name = 'AppError';
    this.def = def;
    this.detailMsg = detailMsg;
    this.data = data;
  }
}

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;
