import { parentPort, workerData } from 'node:worker_threads';
import { gzipSync } from 'node:zlib';
import { isResearchError } from '@tcm/research';
import type { SampleValue } from '@tcm/contract';
import { compute, type ComputeInput } from './research.compute.js';
import { toDataset } from './research.dictionary.js';
import type { ComputeOut, ThreadRefusal, ToThread } from './research.runner.js';

/**
 * Entry of a research job's worker thread (research.runner.ts starts it). The pool arrives as
 * pages of JSON text while the API thread reads it (`page` messages, then `end`): each page is
 * parsed and turned into rows here, so the API thread never parses a sample nor holds the pool.
 * Then one analysis runs, posting `progress`, and ends with `done` (the result as JSON text, the
 * model gzipped, its buffer transferred, not copied) or `failed` with the reason.
 */
const port = parentPort;
if (port) {
  const input = workerData as ComputeInput;
  const dataset = toDataset(input.variables, []);
  port.on('message', (m: ToThread) => {
    if (m.type === 'page') {
      const samples = JSON.parse(m.json) as Array<Record<string, SampleValue>>;
      for (const row of toDataset(input.variables, samples).rows) dataset.rows.push(row);
      return;
    }
    port.removeAllListeners('message');
    run(port, input, dataset);
  });
}

function run(port: NonNullable<typeof parentPort>, input: ComputeInput, dataset: ReturnType<typeof toDataset>): void {
  try {
    let last = -1;
    const out = compute(input, dataset, (p) => {
      // A forest reports every tree; a percent step is all a progress bar can show.
      const f = Math.floor(p.fraction * 100);
      if (f === last) return;
      last = f;
      port.postMessage({ type: 'progress', phase: p.phase, fraction: p.fraction });
    });
    // Serialised here, not on the API thread: the result as JSON text (the database takes it as it
    // is), the model gzipped (a 10k-sample forest: 2.1 MB of JSON, a few hundred KB gzipped), so
    // the API thread only writes bytes, a page at a time (research.repo.ts saveModel).
    // A copy in a buffer of its own: zlib's may be a slice of a shared one, which cannot move.
    const model = out.model === undefined ? null : new Uint8Array(gzipSync(JSON.stringify(out.model)));
    const done: ComputeOut = { result: JSON.stringify(out.result), model, warned: out.result.warnings.length > 0 };
    port.postMessage({ type: 'done', out: done }, model ? [model.buffer] : []);
  } catch (e) {
    const refused: ThreadRefusal | null = isResearchError(e) ? { reason: e.kind, texts: e.texts ?? e.def } : null;
    port.postMessage({ type: 'failed', refused, message: e instanceof Error ? e.message : String(e) });
  }
}
