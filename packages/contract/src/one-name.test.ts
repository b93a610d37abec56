import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT, sourceFiles, tokens, trackedFiles } from './source-scan.test-helpers.js';

// One name for the main job (issue 16 item 4, docs/spine.md "Names"): the web folder of the main
// job is apps/web/src/record/ and its text keys are `record.*` (lib/locales/record-zh.ts, -en.ts).
// The old folder and key prefix must not come back, neither as a path nor as a key. Kept, and so
// let through: the spec's URLs (/backend/portal/diagnosis/…, …/relate-syndromes-diagnosis/index)
// and the table diagnosis_record, which have no slash after the word or another word before it.

/** A path into the old folder: `../../diagnosis/x.js`, `src/diagnosis/`, not `portal/diagnosis/`. */
const OLD_FOLDER = /(?<![\w-])(?<!portal\/)diagnosis\//;
/** A text key of the old prefix (`diag.analyze`, `diag.engine.${e}`). */
const OLD_KEY = /^diag\./;
/** The old locale files and their exports (`diag-zh.ts`, `diagZh`) and the bundle's name `diag`. */
const OLD_LOCALE_FILE = /(?:^|\/)diag-[a-z]+\.ts$/;
const OLD_IDENTIFIER = /^diag(?:[A-Z_]|$)/;
/** The same in prose: a path, a `diag.*` key or a locale file named in the docs. */
const OLD_IN_PROSE = new RegExp(`${OLD_FOLDER.source}|\`diag\\.|\\bdiag-(?:zh|en)\\b`);

const STRINGS = new Set<ts.SyntaxKind>([
  ts.SyntaxKind.StringLiteral,
  ts.SyntaxKind.NoSubstitutionTemplateLiteral,
  ts.SyntaxKind.TemplateHead,
  ts.SyntaxKind.TemplateMiddle,
  ts.SyntaxKind.TemplateTail,
]);

/** The old names a source file uses: paths and keys in its strings, and identifiers. */
export function oldNames(text: string, jsx: boolean): string[] {
  const found: string[] = [];
  for (const { kind, value } of tokens(text, jsx)) {
    if (kind === ts.SyntaxKind.Identifier) {
      if (OLD_IDENTIFIER.test(value)) found.push(value);
    } else if (STRINGS.has(kind) && (OLD_FOLDER.test(value) || OLD_KEY.test(value))) found.push(value);
  }
  return found;
}

const THIS_FILE = 'packages/contract/src/one-name.test.ts';

describe('one name for the main job', () => {
  it('finds the old folder, key prefix and locale names, and leaves the spec URLs and the table alone', () => {
    expect(oldNames("import '../../diagnosis/texts.js';", false)).toEqual(['../../diagnosis/texts.js']);
    expect(oldNames("new URL('../web/src/diagnosis/fixtures/a.json', base);", false)).toEqual([
      '../web/src/diagnosis/fixtures/a.json',
    ]);
    expect(oldNames("t('diag.analyze'); t(`diag.engine.${e}`, { n: `${n}` });", true)).toEqual([
      'diag.analyze',
      'diag.engine.',
    ]);
    // The text after a substitution with braces of its own is read as the template's, not as code.
    expect(oldNames('add({ diag: diagZh }); const x = `a${{ b: 1 }.b} diag ok`;', false)).toEqual(['diag', 'diagZh']);
    expect(
      oldNames(
        "t('record.analyze'); get(`/backend/portal/diagnosis/${token}`); r('/doctor/analysis/syndromes/relate-syndromes-diagnosis/index'); sql`from diagnosis_record`; const diagnostics = 1; // diag.x in a comment",
        false,
      ),
    ).toEqual([]);
    expect(OLD_IN_PROSE.test('`apps/web/src/diagnosis/RecordResult.tsx`')).toBe(true);
    expect(OLD_IN_PROSE.test('texts `diag.*` in `lib/locales/diag-zh.ts`')).toBe(true);
    expect(OLD_IN_PROSE.test('GET `/backend/portal/diagnosis/{token}`, table `diagnosis_record`')).toBe(false);
  });

  it('no source, file name or doc uses the old folder or key prefix of the main job', () => {
    const files = sourceFiles().filter((f) => f !== THIS_FILE);
    expect(files.length).toBeGreaterThan(500);
    const problems: string[] = [];
    for (const f of files) {
      if (OLD_FOLDER.test(f) || OLD_LOCALE_FILE.test(f)) problems.push(`${f}: file name`);
      const text = readFileSync(ROOT + f, 'utf8');
      // Only files with the letters at all are scanned (the scanner is the slow part).
      const words = /diag/.test(text) ? oldNames(text, f.endsWith('x')) : [];
      if (words.length) problems.push(`${f}: ${[...new Set(words)].join(', ')}`);
    }
    for (const f of trackedFiles(['docs', 'README.md'], /\.md$/)) {
      const lines = readFileSync(ROOT + f, 'utf8').split('\n');
      lines.forEach((line, i) => {
        if (OLD_IN_PROSE.test(line)) problems.push(`${f}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(problems).toEqual([]);
    // Reads every source file: seconds on a loaded 2-core machine, not a defect.
  }, 60_000);
});
