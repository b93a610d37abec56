import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { conclusionIdOf, doneResult, type RecordResults } from '@tcm/contract';
import { questionsFor } from '@tcm/analysis/constitution';
import { runPipeline } from '@tcm/analysis/pipeline';
import { DATA } from './records-helpers.js';

/**
 * Real engine outcomes of one four-diagnosis capture (shared data: tongue, face, pulse, voice,
 * answers, vitals): what a done record keeps in `results`; for tests and the benchmarks.
 */
export async function realResults(data = DATA): Promise<{ results: RecordResults; conclusion: string | null }> {
  const file = (rel: string) => ({ bytes: new Uint8Array(readFileSync(join(data, rel))), name: rel.split('/').pop()! });
  const results: Record<string, unknown> = {};
  await runPipeline(
    {
      files: {
        tongue: file('tongue/images/TE0000458.jpg'),
        face: file('face/02-woman.jpg'),
        pulse: file('pulse/goda-ppg-125hz.csv'),
        voice: file('voice/sustained-a-118hz.wav'),
      },
      sex: 'female',
      inquiry: { answers: Object.fromEntries(questionsFor('female').map((q) => [q.id, 3])) },
      vitals: { heightCm: 163, weightKg: 67.5, systolic: 132, diastolic: 84 },
      history: [],
      date: new Date().toISOString(),
      lang: 'zh',
    },
    {
      onStep: async () => undefined,
      onOutcome: async (engine, outcome) => {
        results[engine] = outcome;
      },
    },
  );
  // The conclusion as the worker stores it: an id (docs/records.md "Conclusion").
  return { results, conclusion: conclusionIdOf(doneResult(results as RecordResults, 'synthesis')) };
}
