import { sql } from 'drizzle-orm';
import { questionsFor } from '@tcm/analysis/constitution';
import { runPipeline } from '@tcm/analysis/pipeline';
import { setOutcome, type RecordResults } from '@tcm/contract';
import { recordsTable } from '../../db/schema/index.js';
import { dataFile } from '../../test/records-helpers.js';
import type { TestApp } from '../../test/test-app.js';
import { newShareToken } from '../records/records.service.js';

/**
 * The results of a real analysis (the pipeline the worker runs): a pulse recording, a sustained
 * vowel, the constitution questionnaire and vitals with a blood pressure of 150/95 (band "high").
 */
export async function analyzedResults(): Promise<RecordResults> {
  const results: RecordResults = {};
  await runPipeline(
    {
      files: {
        pulse: { bytes: dataFile('pulse/goda-ppg-125hz.csv'), name: 'goda-ppg-125hz.csv' },
        voice: { bytes: dataFile('voice/sustained-a-118hz.wav'), name: 'sustained-a-118hz.wav' },
      },
      sex: 'male',
      inquiry: { answers: Object.fromEntries(questionsFor('male').map((q) => [q.id, 4])) },
      vitals: { systolic: 150, diastolic: 95, heightCm: 170, weightKg: 80 },
      history: [],
      date: new Date().toISOString(),
      lang: 'zh',
    },
    { onStep: async () => {}, onOutcome: async (_engine, outcome) => setOutcome(results, outcome) },
  );
  return results;
}

/** A record of `teamId` holding `results` as the worker saved them. */
export async function teamRecord(
  t: TestApp,
  teamId: string,
  results: RecordResults,
  over: { status?: 'done' | 'queued'; personName?: string; createdAt?: Date } = {},
): Promise<string> {
  const [row] = await t.database.db
    .insert(recordsTable)
    .values({
      source: 'team',
      status: over.status ?? 'done',
      teamId,
      personName: over.personName ?? '张三',
      personSex: 'male',
      personAge: 56,
      files: {},
      results: sql`${JSON.stringify(results)}::jsonb`,
      finishedAt: new Date(),
      shareToken: newShareToken(),
      ...(over.createdAt ? { createdAt: over.createdAt } : {}),
    })
    .returning({ id: recordsTable.id });
  return row!.id;
}
