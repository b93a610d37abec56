import { parentPort, workerData } from 'node:worker_threads';
import { ResearchError } from '@tcm/research';
import { compute, type ComputeInput } from './research.compute.js';

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
    port.postMessage({ type: 'done', out });
  } catch (e) {
    const refused = e instanceof ResearchError ? { reason: e.reason, texts: e.texts } : null;
    port.postMessage({ type: 'failed', refused, message: e instanceof Error ? e.message : String(e) });
  }
}
