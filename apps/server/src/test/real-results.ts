import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { conclusionIdOf, doneResult, setOutcome, type RecordResults } from '@tcm/contract';
import { questionsFor } from '@tcm/analysis/constitution';
import { runPipeline, type PipelineInput } from '@tcm/analysis/pipeline';
import { DATA } from './records-helpers.js';

/** One capture for the pipeline: shared data files by slot, every question answered `answer`, vitals. */
export interface Capture {
  files: Partial<Record<keyof PipelineInput['files'], string>>;
  sex: 'female' | 'male';
  answer: number;
  vitals: NonNullable<PipelineInput['vitals']>;
}

/** The outcomes the worker's pipeline makes of `capture` (files under `data`): a record's `results`. */
export async function pipelineResults(capture: Capture, data = DATA): Promise<RecordResults> {
  const file = (rel: string) => ({ bytes: new Uint8Array(readFileSync(join(data, rel))), name: rel.split('/').pop()! });
  const results: RecordResults = {};
  await runPipeline(
    {
      files: Object.fromEntries(Object.entries(capture.files).map(([slot, rel]) => [slot, file(rel)])),
      sex: capture.sex,
      inquiry: { answers: Object.fromEntries(questionsFor(capture.sex).map((q) => [q.id, capture.answer])) },
      vitals: capture.vitals,
      history: [],
      date: new Date().toISOString(),
      lang: 'zh',
    },
    { onStep: async () => undefined, onOutcome: async (_engine, outcome) => setOutcome(results, outcome) },
  );
  return results;
}

/**
 * Real engine outcomes of one four-diagnosis capture (shared data: tongue, face, pulse, voice,
 * answers, vitals): what a done record keeps in `results`; for tests and the benchmarks.
 */
export async function realResults(data = DATA): Promise<{ results: RecordResults; conclusion: string | null }> {
  const results = await pipelineResults(
    {
      files: {
        tongue: 'tongue/images/TE0000458.jpg',
        face: 'face/02-woman.jpg',
        pulse: 'pulse/goda-ppg-125hz.csv',
        voice: 'voice/sustained-a-118hz.wav',
      },
      sex: 'female',
      answer: 3,
      vitals: { heightCm: 163, weightKg: 67.5, systolic: 132, diastolic: 84 },
    },
    data,
  );
  // The conclusion as the worker stores it: an id (docs/records.md "Conclusion").
  return { results, conclusion: conclusionIdOf(doneResult(results, 'synthesis')) };
}
