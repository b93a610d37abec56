import { isEngineError } from '../common/engine-error.js';

/** For tests: runs `fn` and returns the EngineError it throws (code, message, detail); fails when it does not throw one. */
export function engineErrorOf(fn: () => unknown): { code: number; msg: string; detail: unknown } {
  try {
    fn();
  } catch (e) {
    if (isEngineError(e)) return { code: e.code, msg: e.message, detail: e.detail };
    throw e;
  }
  throw new Error('expected an EngineError');
}
