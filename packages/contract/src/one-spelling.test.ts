import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// One spelling (issue 16, docs/conventions.md): code says analyze, color, normalize. Identifiers
// and file names are checked here; words in strings and comments are American too, but a test
// of prose would stop at every quoted source, so it is left to review.

const ROOT = new URL('../../../', import.meta.url).pathname;
const BRITISH = /[Aa]nalys(?:e|ed|ing)(?![a-z])|ANALYS(?:E|ED|ING)(?![A-Z])|[Cc]olour|COLOUR|[Nn]ormalis|NORMALIS/;

/**
 * Names that data already carries, so renaming them would change what is stored or sent: the
 * tongue features' `bodyColour` / `coatingColour` (saved in records' results) and the H5
 * branding's `colour` (API bodies and answers, docs/open-api.md).
 */
const WIRE_NAMES = new Set(['bodyColour', 'coatingColour', 'colour']);

/** The source files of the workspaces, scripts and journeys (git's list: nothing generated). */
function sourceFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '--', 'apps', 'packages', 'e2e', 'scripts'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  return out.split('\n').filter((f) => /\.(ts|tsx|mjs|js)$/.test(f));
}

/** Tokens after which a slash divides (a value just ended); after anything else it opens a regex. */
const VALUE_ENDS = new Set<ts.SyntaxKind>([
  ts.SyntaxKind.Identifier,
  ts.SyntaxKind.NumericLiteral,
  ts.SyntaxKind.StringLiteral,
  ts.SyntaxKind.CloseParenToken,
  ts.SyntaxKind.CloseBracketToken,
  ts.SyntaxKind.CloseBraceToken,
  ts.SyntaxKind.ThisKeyword,
]);

/** The identifiers of a file that are spelled the British way. */
export function britishIdentifiers(text: string, jsx: boolean): string[] {
  const variant = jsx ? ts.LanguageVariant.JSX : ts.LanguageVariant.Standard;
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, true, variant, text);
  const found: string[] = [];
  let previous = ts.SyntaxKind.Unknown;
  for (let k = scanner.scan(); k !== ts.SyntaxKind.EndOfFileToken; k = scanner.scan()) {
    // A slash where an expression starts opens a regular expression, not a division: read it whole,
    // so the letters of a pattern (this file's own) are not taken for identifiers.
    if ((k === ts.SyntaxKind.SlashToken || k === ts.SyntaxKind.SlashEqualsToken) && !VALUE_ENDS.has(previous))
      k = scanner.reScanSlashToken();
    if (k !== ts.SyntaxKind.WhitespaceTrivia && k !== ts.SyntaxKind.NewLineTrivia) previous = k;
    const word = scanner.getTokenText();
    if (k === ts.SyntaxKind.Identifier && BRITISH.test(word) && !WIRE_NAMES.has(word)) found.push(word);
  }
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
