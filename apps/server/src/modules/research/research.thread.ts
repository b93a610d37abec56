import { parentPort, workerData } from 'node:worker_threads';
import { isResearchError } from '@tcm/research';
import { compute, type ComputeInput } from './research.compute.js';
import type { ComputeText, ThreadRefusal } from './research.runner.js';

/**
 * Entry of a research job's worker thread (research.runner.ts starts it): runs one analysis,
 * posts `progress` messages, then `done` with the result or `failed` with the reason.
 */
const port = parentPort;
if (port) {
  try {
    let last = -1;
    const out = compute(workerData as ComputeInput, (p) => {
      // A forest reports every tree; a percent step is all a progress bar can show.
      const f = Math.floor(p.fraction * 100);
      if (f === last) return;
      last = f;
      port.postMessage({ type: 'progress', phase: p.phase, fraction: p.fraction });
    });
    // JSON text, made here: a string crosses to the API thread as one copy, where a trained
    // forest as objects (MBs of small arrays) would be rebuilt there, and the database takes
    // the text as it is (research.runner.ts).
    const text: ComputeText = {
      result: JSON.stringify(out.result),
      model: out.model === undefined ? null : JSON.stringify(out.model),
    };
    port.postMessage({ type: 'done', out: text });
  } catch (e) {
    const refused: ThreadRefusal | null = isResearchError(e) ? { reason: e.kind, texts: e.texts ?? e.def } : null;
    port.postMessage({ type: 'failed', refused, message: e instanceof Error ? e.message : String(e) });
  }
}
