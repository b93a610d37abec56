// The engines' one error class lives in the contract (packages/contract/src/engine-error.ts), so
// @tcm/research throws the same class without depending on the engines.
import { EngineError, FILE_ERRORS } from '@tcm/contract';

export { EngineError, isEngineError } from '@tcm/contract';

/**
 * The refusals of a file reader (BMP, WAV): the engines' one error class, coded 4000004 (a damaged
 * file, what the upload check answers) with the reader's problem as its `kind` (an engine maps it
 * onto its own codes) and the reader's words in `detail.reason`; `is` tells them from another
 * engine error passing through.
 */
export function fileReaderErrors<P extends string>(problems: readonly P[]) {
  const known: ReadonlySet<string> = new Set(problems);
  return {
    refuse: (problem: P, reason: string): EngineError<P> =>
      new EngineError(FILE_ERRORS.FILE_CORRUPT, { reason }, 'en', undefined, problem),
    is: (e: unknown): e is EngineError<P> =>
      e instanceof EngineError && typeof e.kind === 'string' && known.has(e.kind),
  };
}
