import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { analyzeVoice } from '@tcm/analysis/voice';
import { RECORD_ERRORS, RECORD_PATHS, recordDetailSchema } from '@tcm/contract';
import { recordsTable } from '../../db/schema/index.js';
import { call } from '../../test/http.js';
import { dataFile } from '../../test/records-helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { findRecord } from './records.repo.js';
import { newShareToken } from './records.service.js';

// Issue 16 deliverable 1: a record's results are parsed once, where the record is read, into the
// contract's union discriminated by engine; rows saved before the outcomes carried `engine` still read.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** A done visitor record whose `results` column holds `raw` exactly as an earlier version wrote it. */
async function recordWithStoredResults(raw: unknown) {
  const shareToken = newShareToken();
  const [row] = await t.database.db
    .insert(recordsTable)
    .values({
      source: 'visitor',
      status: 'done',
      files: {},
      results: sql`${JSON.stringify(raw)}::jsonb`,
      finishedAt: new Date(),
      shareToken,
    })
    .returning({ id: recordsTable.id });
  return { id: row!.id, shareToken };
}

describe('stored results', () => {
  it('read a row written before outcomes named their engine, and keep an outcome no schema reads as that engine’s failure', async () => {
    const voice = analyzeVoice(dataFile('voice/sustained-a-118hz.wav'));
    const { id, shareToken } = await recordWithStoredResults({
      // As the worker saved outcomes before issue 16: no `engine`.
      voice: { status: 'done', version: voice.version, result: voice, ms: 12 },
      // A tongue result in a shape no engine writes now.
      tongue: { status: 'done', version: { engine: 'tongue@0.1' }, result: { colour: 'red' }, ms: 3 },
    });

    // The repository hands out the typed union: the voice outcome is the voice engine's, done.
    const row = (await findRecord(t.database.db, id))!;
    expect(row.results.voice?.engine).toBe('voice');
    expect(row.results.voice?.status === 'done' && row.results.voice.result.readings).toEqual(voice.readings);
    expect(row.results.tongue).toMatchObject({
      engine: 'tongue',
      status: 'failed',
      version: { engine: 'tongue@0.1' },
      ms: 3,
      error: { code: RECORD_ERRORS.RESULT_UNREADABLE.code, engine: 'tongue' },
    });

    // The page's detail answers with the same typed outcomes, and the stored JSON is left as it was.
    const detail = await call(t.app, 'GET', RECORD_PATHS.shared(shareToken));
    expect(detail.status).toBe(200);
    const data = recordDetailSchema.parse(detail.body.data);
    expect(data.results.voice).toMatchObject({ engine: 'voice', status: 'done' });
    expect(data.results.tongue).toMatchObject({ status: 'failed', error: { code: 4001011 } });
    const [raw] = await t.database.db
      .select({ tongue: sql<unknown>`${recordsTable.results} -> 'tongue' -> 'result'` })
      .from(recordsTable)
      .where(eq(recordsTable.id, id));
    expect(raw!.tongue).toEqual({ colour: 'red' });

    // The PDF leaves the unreadable engine out and shows the rest.
    const pdf = await t.app.inject({ method: 'GET', url: `${RECORD_PATHS.sharedReport(shareToken)}?lang=en` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
  }, 60000);

  it('an empty or malformed results column reads as no outcomes', async () => {
    const { id } = await recordWithStoredResults([]);
    expect((await findRecord(t.database.db, id))!.results).toEqual({});
  });
});
