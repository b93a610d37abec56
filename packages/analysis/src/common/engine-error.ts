import type { ErrorDef } from '@tcm/contract';

/**
 * The one error an engine throws for input it cannot analyse. It carries the catalogue entry,
 * so the API and the command lines report the same code and text.
 */
export class EngineError extends Error {
  readonly code: number;
  readonly status: number;
  readonly def: ErrorDef;
  /** Extra facts for logs and API clients (measured value, limit...). */
  readonly detail: Record<string, unknown> | undefined;

  /**
   * Texts that say more than the catalogue's for this occurrence (the columns a file has, the
   * option that would help); the code and status stay the catalogue's.
   */
  readonly texts: { zh: string; en: string } | undefined;

  constructor(
    def: ErrorDef,
    detail?: Record<string, unknown>,
    lang: 'zh' | 'en' = 'en',
    texts?: { zh: string; en: string },
  ) {
    super((texts ?? def)[lang]);
    this.texts = texts;
    this.name = 'EngineError';
    this.code = def.code;
    this.status = def.status;
    this.def = def;
    this.detail = detail;
  }
}

export const isEngineError = (e: unknown): e is EngineError => e instanceof EngineError;
