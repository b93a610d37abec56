import { sql } from 'drizzle-orm';
import type { RecordResults } from '@tcm/contract';
import { recordsTable } from '../../db/schema/index.js';
import { pipelineResults } from '../../test/real-results.js';
import type { TestApp } from '../../test/test-app.js';
import { newShareToken } from '../records/records.service.js';

/**
 * The results of a real analysis (the pipeline the worker runs): a pulse recording, a sustained
 * vowel, the constitution questionnaire and vitals with a blood pressure of 150/95 (band "high").
 */
export function analyzedResults(): Promise<RecordResults> {
  return pipelineResults({
    files: { pulse: 'pulse/goda-ppg-125hz.csv', voice: 'voice/sustained-a-118hz.wav' },
    sex: 'male',
    answer: 4,
    vitals: { systolic: 150, diastolic: 95, heightCm: 170, weightKg: 80 },
  });
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
