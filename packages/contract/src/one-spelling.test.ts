import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT, sourceFiles, tokens } from './source-scan.test-helpers.js';

// One spelling (issue 16, docs/conventions.md): code says analyze, color, normalize. Identifiers
// and file names are checked here; words in strings and comments are American too, but a test
// of prose would stop at every quoted source, so it is left to review.

const BRITISH = /[Aa]nalys(?:e|ed|ing)(?![a-z])|ANALYS(?:E|ED|ING)(?![A-Z])|[Cc]olour|COLOUR|[Nn]ormalis|NORMALIS/;

/**
 * Names that data already carries, so renaming them would change what is stored or sent: the
 * tongue features' `bodyColour` / `coatingColour` (saved in records' results) and the H5
 * branding's `colour` (API bodies and answers, docs/open-api.md).
 */
const WIRE_NAMES = new Set(['bodyColour', 'coatingColour', 'colour']);

/** The identifiers of a file that are spelled the British way. */
export function britishIdentifiers(text: string, jsx: boolean): string[] {
  const found: string[] = [];
  for (const { kind, text: word } of tokens(text, jsx))
    if (kind === ts.SyntaxKind.Identifier && BRITISH.test(word) && !WIRE_NAMES.has(word)) found.push(word);
  return found;
}

describe('one spelling (American) in code', () => {
  it('finds a British identifier, and leaves strings, comments and wire names alone', () => {
    expect(britishIdentifiers('const analyseVoice = 1; // analyse', false)).toEqual(['analyseVoice']);
    expect(britishIdentifiers("const x = { colour: 'colour' }; let skinColour;", false)).toEqual(['skinColour']);
    expect(britishIdentifiers('function normalise() {}', false)).toEqual(['normalise']);
    expect(britishIdentifiers('const analyses = analyzeVoice(color);', false)).toEqual([]);
    expect(britishIdentifiers('const re = /colour|normalise/; const half = total / colourCount / 2;', false)).toEqual([
      'colourCount',
    ]);
  });

  it('no identifier or file name of the sources says analyse, colour or normalise', () => {
    const files = sourceFiles();
    expect(files.length).toBeGreaterThan(500);
    const problems: string[] = [];
    for (const f of files) {
      if (BRITISH.test(f)) problems.push(`${f}: file name`);
      const text = readFileSync(ROOT + f, 'utf8');
      // Most files have no such word at all: only those are scanned (the scanner is the slow part).
      const words = BRITISH.test(text) ? britishIdentifiers(text, f.endsWith('x')) : [];
      if (words.length) problems.push(`${f}: ${[...new Set(words)].join(', ')}`);
    }
    expect(problems).toEqual([]);
    // Reads every source file: seconds on a loaded 2-core machine, not a defect.
  }, 60_000);
});
