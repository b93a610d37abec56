import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISPLAY_TONGUE_FINDINGS, type RecordResults } from '@tcm/contract';
import { realResults } from '../../test/real-results.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { displayFacetsOf } from './display-facets.js';
import { recordsTable } from './records.js';

// Issue 38 item 1: the display's facet columns read the stored results by SQL JSON paths that no
// schema or test tied to the result schema. Here stored results go through PostgreSQL's generated
// columns and through the typed reader, and both must give the same facets.

let t: TestApp;
let full: RecordResults;
beforeAll(async () => {
  t = await createTestApp();
  full = (await realResults()).results;
}, 240000);
afterAll(async () => t.close());

/** Variants of one real four-diagnosis record: each facet present, missing, or taken from elsewhere. */
function variants(): Record<string, RecordResults> {
  const { synthesis, ...engines } = full;
  const s = synthesis?.status === 'done' ? synthesis : undefined;
  const tongue = full.tongue?.status === 'done' ? full.tongue : undefined;
  const unhealthy: RecordResults = tongue
    ? {
        tongue: {
          ...tongue,
          result: {
            ...tongue.result,
            features: {
              ...tongue.result.features,
              bodyColor: { ...tongue.result.features.bodyColor, label: 'purple' },
              greasy: { ...tongue.result.features.greasy, label: 'greasy' },
              shape: { ...tongue.result.features.shape, label: 'swollen' },
            },
          },
        },
      }
    : {};
  const balanced = (verdict: 'yes' | 'basically_yes' | 'no', tendencies: ('B' | 'D')[]): RecordResults => {
    if (!s?.result.constitution) return {};
    const summary = { ...s.result.constitution.summary, balanced: verdict, types: [], tendencies };
    return { synthesis: { ...s, result: { ...s.result, constitution: { ...s.result.constitution, summary } } } };
  };
  return {
    full,
    'engines without the synthesis': engines,
    'tongue only': tongue ? { tongue } : {},
    'unhealthy tongue': unhealthy,
    'synthesis without patterns or vitals': s
      ? { synthesis: { ...s, result: { ...s.result, patterns: [], vitals: null } } }
      : {},
    'balanced constitution': balanced('yes', []),
    'basically balanced with a tendency': balanced('basically_yes', ['D']),
    'tendency only': balanced('no', ['B']),
    nothing: {},
  };
}

describe('display facets', () => {
  it('counts the vocabulary’s tongue features in the bit order of the masks already stored', () => {
    // Bit i of display_tongue is feature i: reordering would recount every stored record.
    expect(DISPLAY_TONGUE_FINDINGS).toEqual([
      'bodyColor',
      'coatingColor',
      'coatingThickness',
      'greasy',
      'peeled',
      'moisture',
      'cracks',
      'toothMarks',
      'spots',
      'shape',
    ]);
  });

  it('the generated columns hold what the typed reader reads from the same stored results', async () => {
    const cases = Object.entries(variants());
    const rows = await t.database.db
      .insert(recordsTable)
      .values(
        cases.map(([, results]) => ({
          source: 'member' as const,
          status: 'done' as const,
          results,
          shareToken: randomUUID(),
        })),
      )
      .returning({ id: recordsTable.id });
    const stored = await t.database.db
      .select({
        id: recordsTable.id,
        results: recordsTable.results,
        constitution: recordsTable.displayConstitution,
        pattern: recordsTable.displayPattern,
        risk: recordsTable.displayRisk,
        tongue: recordsTable.displayTongue,
      })
      .from(recordsTable)
      .where(
        inArray(
          recordsTable.id,
          rows.map((r) => r.id),
        ),
      );
    const seen = new Set<string>();
    for (const [i, [name]] of cases.entries()) {
      const row = stored.find((r) => r.id === rows[i]!.id)!;
      const { results, id: _, ...sql } = row;
      expect(sql, name).toEqual(displayFacetsOf(results));
      for (const [k, v] of Object.entries(sql)) if (v !== null) seen.add(k);
    }
    // The cases reach every facet with a value (a test of nulls alone would prove nothing).
    expect([...seen].sort()).toEqual(['constitution', 'pattern', 'risk', 'tongue']);
    const tongueBits = stored.map((r) => r.tongue).filter((x): x is number => x !== null);
    expect(Math.max(...tongueBits)).toBeGreaterThan(0);
    expect(tongueBits.every((b) => b < 1 << DISPLAY_TONGUE_FINDINGS.length)).toBe(true);
  });
});
