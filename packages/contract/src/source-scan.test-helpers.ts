import { execFileSync } from 'node:child_process';
import ts from 'typescript';

// What the naming guards (one-spelling.test.ts, one-name.test.ts) read: git's list of the sources
// and their tokens as TypeScript scans them, so words in strings, comments and regular
// expressions are told apart from identifiers.

export const ROOT = new URL('../../../', import.meta.url).pathname;

/** Files git tracks under `dirs` whose names match `ext` (nothing generated, nothing ignored). */
export function trackedFiles(dirs: string[], ext: RegExp): string[] {
  const out = execFileSync('git', ['ls-files', '--', ...dirs], { cwd: ROOT, encoding: 'utf8' });
  return out.split('\n').filter((f) => ext.test(f));
}

/** The source files of the workspaces, scripts and journeys. */
export function sourceFiles(): string[] {
  return trackedFiles(['apps', 'packages', 'e2e', 'scripts'], /\.(ts|tsx|mjs|js)$/);
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

export interface Token {
  kind: ts.SyntaxKind;
  /** The token as written (quotes and backticks included). */
  text: string;
  /** A literal's value (a string's or a template part's characters); the text otherwise. */
  value: string;
}

/** The tokens of a file, trivia left out. */
export function* tokens(text: string, jsx: boolean): Generator<Token> {
  const variant = jsx ? ts.LanguageVariant.JSX : ts.LanguageVariant.Standard;
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, true, variant, text);
  let previous = ts.SyntaxKind.Unknown;
  // Per template being read: how many braces are open inside its current `${…}`. The `}` that
  // closes the substitution continues the template, which the scanner reads only when told.
  const templates: number[] = [];
  for (let k = scanner.scan(); k !== ts.SyntaxKind.EndOfFileToken; k = scanner.scan()) {
    // A slash where an expression starts opens a regular expression, not a division: read it whole,
    // so the letters of a pattern (the guards' own) are not taken for identifiers.
    if ((k === ts.SyntaxKind.SlashToken || k === ts.SyntaxKind.SlashEqualsToken) && !VALUE_ENDS.has(previous))
      k = scanner.reScanSlashToken();
    const open = templates.length - 1;
    if (k === ts.SyntaxKind.OpenBraceToken && open >= 0) templates[open]!++;
    else if (k === ts.SyntaxKind.CloseBraceToken && open >= 0) {
      if (templates[open] === 0) k = scanner.reScanTemplateToken(false);
      else templates[open]!--;
    }
    if (k === ts.SyntaxKind.TemplateHead) templates.push(0);
    else if (k === ts.SyntaxKind.TemplateTail) templates.pop();
    if (k === ts.SyntaxKind.WhitespaceTrivia || k === ts.SyntaxKind.NewLineTrivia) continue;
    previous = k;
    const literal =
      k === ts.SyntaxKind.StringLiteral ||
      (k >= ts.SyntaxKind.FirstTemplateToken && k <= ts.SyntaxKind.LastTemplateToken);
    yield { kind: k, text: scanner.getTokenText(), value: literal ? scanner.getTokenValue() : scanner.getTokenText() };
  }
}
