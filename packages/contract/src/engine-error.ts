import type { ErrorDef } from './errors.js';

/**
 * The one error the engine side throws (the analysis engines and their readers, and
 * @tcm/research) for input it cannot use. It carries the catalog entry, so the API and the
 * command lines report the same code and text; the server turns it into its own `AppError`.
 *
 * `kind` says why in a word a caller can branch on, where one reader serves several callers
 * with their own codes: the WAV reader's `not-wav` or `unsupported-encoding` (the voice engine
 * answers its 3300xxx codes, the pulse engine its own), the BMP reader's `truncated`,
 * `unsupported` or `invalid` (the tongue engine maps them to 3100xxx, the upload check keeps
 * 4000003), a research refusal's reason (`too_few_samples`…).
 */
export class EngineError<K extends string = string> extends Error {
  readonly code: number;
  readonly status: number;
  readonly def: ErrorDef;
  /** Extra facts for logs and API clients (measured value, limit...). */
  readonly detail: Record<string, unknown> | undefined;

  /**
   * Texts that say more than the catalog's for this occurrence (the columns a file has, the
   * option that would help); the code and status stay the catalog's.
   */
  readonly texts: { zh: string; en: string } | undefined;

  /** Why, for a caller that maps a shared reader's failure onto its own code (see above). */
  readonly kind: K | undefined;

  constructor(
    def: ErrorDef,
    detail?: Record<string, unknown>,
    lang: 'zh' | 'en' = 'en',
    texts?: { zh: string; en: string },
    kind?: K,
  ) {
    super((texts ?? def)[lang]);
    this.texts = texts;
    this.name = 'EngineError';
    this.code = def.code;
    this.status = def.status;
    this.def = def;
    this.detail = detail;
    this.kind = kind;
  }
}

export const isEngineError = (e: unknown): e is EngineError => e instanceof EngineError;
