import { describe, expect, it } from 'vitest';
import { doneResult, engineOutcomeSchema, parseStoredResults, recordResultsSchema } from './results.js';

const unreadable = (engine: string) => ({ code: 1, msg: `unreadable ${engine}` });
const constitution = {
  engine: { engine: 'constitution@1' },
  standard: 'ZYYXH/T157-2009',
  scales: [],
  summary: { balanced: 'yes', types: [], tendencies: [], undetermined: false, text: { zh: '平和质', en: 'Balanced' } },
};

describe('engine outcomes', () => {
  it('are one union discriminated by engine: a result is read by its own engine’s schema', () => {
    const done = { engine: 'constitution', status: 'done', version: { engine: 'c@1' }, result: constitution, ms: 1 };
    expect(engineOutcomeSchema.safeParse(done).success).toBe(true);
    // The same result under another engine is refused: the engine decides the result's type.
    expect(engineOutcomeSchema.safeParse({ ...done, engine: 'vitals' }).success).toBe(false);
    // A failed outcome carries its failure, never a result.
    const failed = { engine: 'tongue', status: 'failed', version: { engine: 't@1' }, ms: 2 };
    expect(engineOutcomeSchema.safeParse(failed).success).toBe(false);
    expect(engineOutcomeSchema.safeParse({ ...failed, error: { code: 3100101, msg: 'x' } }).success).toBe(true);
  });

  it('stored before they named their engine get it from their key; an unreadable one becomes its engine’s failure', () => {
    const warned: string[] = [];
    const results = parseStoredResults(
      {
        constitution: { status: 'done', version: { engine: 'c@1' }, result: constitution, ms: 1 },
        vitals: { status: 'done', version: { engine: 'v@0' }, result: { old: true }, ms: 4 },
        nonsense: { status: 'done' },
      },
      unreadable,
      (u) => warned.push(u.engine),
    );
    expect(recordResultsSchema.parse(results)).toEqual(results);
    expect(results.constitution?.engine).toBe('constitution');
    expect(doneResult(results, 'constitution')?.summary.text.en).toBe('Balanced');
    expect(results.vitals).toEqual({
      engine: 'vitals',
      status: 'failed',
      version: { engine: 'v@0' },
      ms: 4,
      error: { code: 1, msg: 'unreadable vitals' },
    });
    expect(doneResult(results, 'vitals')).toBeUndefined();
    expect(warned).toEqual(['vitals']);
    expect(Object.keys(results)).toEqual(['constitution', 'vitals']);
    expect(parseStoredResults(null, unreadable)).toEqual({});
    expect(parseStoredResults([1], unreadable)).toEqual({});
  });
});
