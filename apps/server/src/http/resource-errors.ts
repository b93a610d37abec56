import { ADMISSION_ERRORS, type ErrorDef } from '@tcm/contract';

/** What a request that failed for want of a resource answers, and when to come back. */
export interface ResourceRefusal {
  def: ErrorDef;
  retryAfterS: number;
}

/** The process or the database ran out of something that comes back by itself. */
const EXHAUSTED_CODES = new Set(['EMFILE', 'ENFILE']);
/**
 * EMFILE as PGlite words it (its C library: "could not open file …: No file descriptors
 * available"), as glibc does, and pg-pool's and pg's words for a connection not had in time.
 */
const EXHAUSTED_TEXT =
  /No file descriptors available|Too many open files|timeout exceeded when trying to connect|Connection terminated due to connection timeout/i;
/** The database is not there for a moment (restarting, refusing connections). */
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', '57P01', '57P02', '57P03']);

/** The error and its causes (drizzle wraps the driver's error), a few levels deep. */
function* chain(e: unknown): Generator<{ code?: unknown; message?: unknown }> {
  let cur: unknown = e;
  for (let i = 0; i < 4 && cur && typeof cur === 'object'; i++) {
    yield cur;
    cur = (cur as { cause?: unknown }).cause;
  }
}

/**
 * Whether an error is resource exhaustion or a database gone for a moment rather than a fault
 * of this request or of the code: such a request is answered 503 with Retry-After (4009102,
 * 4009104), not 500, so clients and the proxy retry and the process keeps serving the rest
 * (docs/server.md "Mixed traffic"). SQLSTATE class 53 is PostgreSQL's "insufficient resources"
 * (its EMFILE on a data file, out of memory, too many connections).
 */
export function resourceRefusal(e: unknown): ResourceRefusal | undefined {
  for (const c of chain(e)) {
    const code = typeof c.code === 'string' ? c.code : '';
    const message = typeof c.message === 'string' ? c.message : '';
    if (EXHAUSTED_CODES.has(code) || code.startsWith('53') || EXHAUSTED_TEXT.test(message))
      return { def: ADMISSION_ERRORS.DATABASE_EXHAUSTED, retryAfterS: 2 };
    if (UNAVAILABLE_CODES.has(code) || code.startsWith('08') || /Connection terminated unexpectedly/.test(message))
      return { def: ADMISSION_ERRORS.DATABASE_UNAVAILABLE, retryAfterS: 5 };
  }
  return undefined;
}
