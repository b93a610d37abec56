import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The server's dependency direction (docs/conventions.md "Jobs and the app context"): feature
// modules may import jobs/ and the app context, never the reverse. The context holds the small
// interfaces of services.ts and jobs/; what a job needs from a feature (the analysis of a record,
// a webhook's delivery) comes in through its queue definition. Checked on the sources, as the web
// app's boundaries.test.ts does, so a stray import fails here, not in review.
const src = dirname(fileURLToPath(import.meta.url));
const modules = join(src, 'modules');

/** Module specifiers of static imports, re-exports, `import '…'`, dynamic imports and requires. */
export function importedSpecifiers(source: string): string[] {
  const re = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*)(['"])([^'"\n]+)\1/g;
  return [...source.matchAll(re)].map((m) => m[2]!);
}

/** `file: specifier` for each relative import of `files` that lands in modules/. */
function intoModules(files: string[]): string[] {
  return files.flatMap((file) =>
    importedSpecifiers(readFileSync(file, 'utf8'))
      .filter((s) => s.startsWith('.') && !relative(modules, resolve(dirname(file), s)).startsWith('..'))
      .map((s) => `${relative(src, file)}: ${s}`),
  );
}

// Tests of jobs/ may build a whole app through the test helpers; the shipped code may not.
const jobSources = readdirSync(join(src, 'jobs'))
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
  .map((f) => join(src, 'jobs', f));

describe('server dependency direction', () => {
  it('finds every form of import into modules/ (so the checks below can fail)', () => {
    const at = join(src, 'jobs', 'x.ts');
    const text = [
      "import { a } from '../modules/files/content-check.js';",
      'export * from "../modules/analysis/queue.js";',
      "const m = await import('../modules/records/records.repo.js');",
      "import type { T } from '../http/app-error.js';",
      "import { b } from './queue.js';",
    ].join('\n');
    const found = importedSpecifiers(text).filter((s) => !relative(modules, resolve(dirname(at), s)).startsWith('..'));
    expect(found).toEqual([
      '../modules/files/content-check.js',
      '../modules/analysis/queue.js',
      '../modules/records/records.repo.js',
    ]);
  });

  it('jobs/ imports no feature module', () => {
    expect(jobSources.length).toBeGreaterThan(5);
    expect(intoModules(jobSources)).toEqual([]);
  });

  it('the app context and its service interfaces import nothing from modules/', () => {
    expect(intoModules([join(src, 'context.ts'), join(src, 'services.ts')])).toEqual([]);
  });
});
