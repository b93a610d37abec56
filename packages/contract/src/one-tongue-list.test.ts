import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT, sourceFiles, tokens } from './source-scan.test-helpers.js';
import { tongueFeaturesSchema } from './tongue-features.js';
import { TONGUE_FEATURES } from './vocabulary/tongue.js';

// One list of the labelled tongue features (issue 38 item 1): `TONGUE_FEATURES` in the
// vocabulary. The findings of the synthesis, the result page, the PDF, the display and the
// research pool derive from it; a copy elsewhere would drift when a feature is added.

const HOME = 'packages/contract/src/vocabulary/tongue.ts';
/**
 * Where a written copy is the point: the display's stored bit masks count the features in this
 * order, and that test pins the order so a reordering of the list fails there.
 */
const PINS = new Set(['apps/server/src/db/schema/display-facets.test.ts']);

const FEATURE = new Set<string>(TONGUE_FEATURES);

/** The longest run of tongue feature names written as strings one after another (`'a', 'b'`). */
export function longestFeatureRun(text: string, jsx: boolean): number {
  let run = 0;
  let best = 0;
  let expectName = true;
  for (const { kind, value } of tokens(text, jsx)) {
    if (expectName && kind === ts.SyntaxKind.StringLiteral && FEATURE.has(value)) {
      run++;
      best = Math.max(best, run);
      expectName = false;
    } else if (!expectName && kind === ts.SyntaxKind.CommaToken) expectName = true;
    else {
      run = kind === ts.SyntaxKind.StringLiteral && FEATURE.has(value) ? 1 : 0;
      best = Math.max(best, run);
      expectName = run === 0;
    }
  }
  return best;
}

describe('one list of the tongue features', () => {
  it('is the tongue result schema’s labelled features, in its order', () => {
    const labelled = Object.keys(tongueFeaturesSchema.shape).filter((k) => k !== 'zones' && k !== 'pixels');
    expect([...TONGUE_FEATURES]).toEqual(labelled);
  });

  it('finds a written list and leaves one-off names alone', () => {
    expect(longestFeatureRun("const K = ['bodyColor', 'coatingColor', 'moisture'] as const;", false)).toBe(3);
    expect(longestFeatureRun("f('bodyColor'); g('cracks', 2); const x = { shape: 'shape' };", false)).toBe(1);
    expect(longestFeatureRun("['bodyColor', 'x', 'cracks', 'shape']", false)).toBe(2);
  });

  it('is written nowhere else in the sources', () => {
    const problems: string[] = [];
    for (const f of sourceFiles()) {
      if (f === HOME || PINS.has(f)) continue;
      const text = readFileSync(ROOT + f, 'utf8');
      // Only files naming two features are scanned (the scanner is the slow part).
      if (!text.includes('coatingColor') || !text.includes('toothMarks')) continue;
      if (longestFeatureRun(text, f.endsWith('x')) >= 3) problems.push(f);
    }
    expect(problems).toEqual([]);
  }, 60_000);
});
