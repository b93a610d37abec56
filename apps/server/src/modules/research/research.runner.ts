import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { EngineError, RESEARCH_ERRORS } from '@tcm/contract';
import type { ResearchErrorReason } from '@tcm/research';
import type { ComputeInput } from './research.compute.js';

/**
 * A refusal of @tcm/research as it crosses from the thread (the user's own fix, not a fault):
 * the reason and texts, rebuilt here as the same `EngineError` the thread caught.
 */
export interface ThreadRefusal {
  reason: ResearchErrorReason | undefined;
  texts: { zh: string; en: string };
}

/** A finished analysis as JSON text: the result, and the model of a classification (else null). */
export interface ComputeText {
  result: string;
  model: string | null;
}

type ThreadMessage =
  | { type: 'progress'; phase: string; fraction: number }
  | { type: 'done'; out: ComputeText }
  | { type: 'failed'; refused: ThreadRefusal | null; message: string };

/**
 * A worker thread running research.thread.ts. From the source tree (dev, tests) the thread first
 * registers tsx's loader itself: a thread does not inherit the parent's loader, and `--import` in
 * a Worker's execArgv is ignored. The bundle (scripts/build.mjs) has research-thread.js beside main.js.
 */
function startThread(input: ComputeInput): Worker {
  const here = fileURLToPath(import.meta.url);
  if (!here.endsWith('.ts')) return new Worker(join(dirname(here), 'research-thread.js'), { workerData: input });
  const api = join(dirname(createRequire(here).resolve('tsx/esm/api')), 'index.mjs');
  const entry = pathToFileURL(join(dirname(here), 'research.thread.ts')).href;
  const boot = `import(${JSON.stringify(pathToFileURL(api).href)}).then(({ register }) => { register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(boot, { eval: true, workerData: input });
}

/** A refusal becomes the research package's own error again (isResearchError); anything else a fault. */
function failureOf(refused: ThreadRefusal | null, message: string): Error {
  if (!refused) return new Error(message);
  return new EngineError(RESEARCH_ERRORS.ANALYSIS_REFUSED, undefined, 'en', refused.texts, refused.reason);
}

/**
 * Runs one analysis in its own worker thread so the API's event loop never waits on it; each
 * progress message is passed to `onProgress`. The thread ends with the job (a fresh one per job:
 * a crash or an out-of-memory stop takes only that job).
 */
export function runInThread(
  input: ComputeInput,
  onProgress: (p: { phase: string; fraction: number }) => void,
): Promise<ComputeText> {
  return new Promise((resolve, reject) => {
    const w = startThread(input);
    let settled = false;
    const finish = (f: () => void) => {
      if (settled) return;
      settled = true;
      f();
      void w.terminate();
    };
    w.on('message', (m: ThreadMessage) => {
      if (m.type === 'progress') onProgress({ phase: m.phase, fraction: m.fraction });
      else if (m.type === 'done') finish(() => resolve(m.out));
      else finish(() => reject(failureOf(m.refused, m.message)));
    });
    w.on('error', (e) => finish(() => reject(e)));
    w.on('exit', (code) => finish(() => reject(new Error(`research thread exited with ${code}`))));
  });
}
