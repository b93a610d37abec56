import type { Worker } from 'node:worker_threads';
import { EngineError, RESEARCH_ERRORS } from '@tcm/contract';
import type { ResearchErrorReason } from '@tcm/research';
import { startSourceWorker } from '../../jobs/source-worker.js';
import type { ComputeInput } from './research.compute.js';

/**
 * A refusal of @tcm/research as it crosses from the thread (the user's own fix, not a fault):
 * the reason and texts, rebuilt here as the same `EngineError` the thread caught.
 */
export interface ThreadRefusal {
  reason: ResearchErrorReason | undefined;
  texts: { zh: string; en: string };
}

/** A finished analysis: the result as JSON text, and a classification's model as gzipped JSON (else null). */
export interface ComputeOut {
  result: string;
  model: Uint8Array | null;
  /** The result carries warnings (a degenerate run): the job ends `warning`, not `done`. */
  warned: boolean;
}

/** What the API thread sends a job's thread: the pool a page at a time (JSON text of an array of values), then `end`. */
export type ToThread = { type: 'page'; json: string } | { type: 'end' };

type ThreadMessage =
  | { type: 'progress'; phase: string; fraction: number }
  | { type: 'done'; out: ComputeOut }
  | { type: 'failed'; refused: ThreadRefusal | null; message: string };

/** A worker thread running research.thread.ts (research-thread.js in the bundle). */
function startThread(input: ComputeInput): Worker {
  return startSourceWorker(import.meta.url, 'research.thread.ts', 'research-thread.js', input);
}

/** A running analysis: feed it the pool's pages, then `end()`; `out` settles with the analysis. */
export interface ComputeThread {
  page(json: string): void;
  end(): void;
  /** Stops the thread (a failed load); `out` rejects. */
  abort(): void;
  out: Promise<ComputeOut>;
}

/** A refusal becomes the research package's own error again (isResearchError); anything else a fault. */
function failureOf(refused: ThreadRefusal | null, message: string): Error {
  if (!refused) return new Error(message);
  return new EngineError(RESEARCH_ERRORS.ANALYSIS_REFUSED, undefined, 'en', refused.texts, refused.reason);
}

/**
 * Starts one analysis in its own worker thread so the API's event loop never waits on it; each
 * progress message is passed to `onProgress`. The thread starts before the pool is read, so its
 * start-up overlaps the load, and it takes the samples page by page (small messages, no copy of
 * the whole pool). A fresh thread per job: a crash or an out-of-memory stop takes only that job.
 */
export function startCompute(
  input: ComputeInput,
  onProgress: (p: { phase: string; fraction: number }) => void,
): ComputeThread {
  const w = startThread(input);
  let settled = false;
  let resolveOut!: (o: ComputeOut) => void;
  let rejectOut!: (e: Error) => void;
  const out = new Promise<ComputeOut>((res, rej) => {
    resolveOut = res;
    rejectOut = rej;
  });
  // A job that fails while loading never awaits `out`: its rejection must not go unhandled.
  out.catch(() => undefined);
  const finish = (f: () => void) => {
    if (settled) return;
    settled = true;
    f();
    void w.terminate();
  };
  w.on('message', (m: ThreadMessage) => {
    if (m.type === 'progress') onProgress({ phase: m.phase, fraction: m.fraction });
    else if (m.type === 'done') finish(() => resolveOut(m.out));
    else finish(() => rejectOut(failureOf(m.refused, m.message)));
  });
  w.on('error', (e) => finish(() => rejectOut(e)));
  w.on('exit', (code) => finish(() => rejectOut(new Error(`research thread exited with ${code}`))));
  const send = (m: ToThread) => {
    if (!settled) w.postMessage(m);
  };
  return {
    page: (json) => send({ type: 'page', json }),
    end: () => send({ type: 'end' }),
    abort: () => finish(() => rejectOut(new Error('research job aborted'))),
    out,
  };
}
