import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// The dependency direction of docs/architecture (web -> contract; packages never import an app),
// checked on the sources so a stray import fails here, not in review.
// jsdom gives import.meta.url an http: address, so the repository root is found from the working folder.
const root = [process.cwd(), join(process.cwd(), '../..')].find((p) => existsSync(join(p, 'apps/web/package.json')))!;

/** Module specifiers of static imports, re-exports, `import '…'`, dynamic imports and requires. */
export function importedSpecifiers(source: string): string[] {
  const re = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*)(['"])([^'"\n]+)\1/g;
  return [...source.matchAll(re)].map((m) => m[2]!);
}

/** Source files (ts, tsx, js, mjs, cjs, mts) under `dir`, without node_modules and build output. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.name === 'node_modules' || e.name === 'dist' || e.name.startsWith('.')) return [];
    const p = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.(?:[cm]?[jt]s|tsx)$/.test(e.name) ? [p] : [];
  });
}

/** `file: specifier` for each import under `dir` that `bad` matches. */
function offending(dir: string, bad: (specifier: string, file: string) => boolean): string[] {
  return sourceFiles(join(root, dir)).flatMap((file) =>
    importedSpecifiers(readFileSync(file, 'utf8'))
      .filter((s) => bad(s, file))
      .map((s) => `${relative(root, file)}: ${s}`),
  );
}

const SERVER_SIDE = /^@tcm\/(?:analysis|report|research|server)(?:\/|$)/;
const APPS = /^@tcm\/(?:server|web)(?:\/|$)/;
const packagesDirs = readdirSync(join(root, 'packages')).map((p) => `packages/${p}`);

describe('dependency direction', () => {
  it('finds every form of import (so the checks below can fail)', () => {
    const at = '@tcm'; // spelt apart so this file does not match its own check
    const text = [
      `import { a } from '${at}/analysis/vitals';`,
      `export * from "${at}/report";`,
      `import '${at}/research/side-effect';`,
      `const m = await import('${at}/server/app');`,
      "const r = require('../../apps/web/src/x');",
      `import type { T } from '${at}/contract';`,
    ].join('\n');
    const found = importedSpecifiers(text);
    expect(found.filter((s) => SERVER_SIDE.test(s))).toEqual([
      '@tcm/analysis/vitals',
      '@tcm/report',
      '@tcm/research/side-effect',
      '@tcm/server/app',
    ]);
    expect(found).toContain('../../apps/web/src/x');
    expect(found).toContain('@tcm/contract');
  });

  it("the web app imports no engine, report, research or server package: only @tcm/contract (and the tongue engine's browser entry)", () => {
    // One exception, by name: an `*.agreement.test.tsx` renders a record on the page and through
    // @tcm/report to prove both show the same numbers (issue 17). Tests are never bundled, so the
    // shipped app still reaches only @tcm/contract; every other file is held to the rule.
    const agreementTest = (file: string) => file.endsWith('.agreement.test.tsx');
    // A second, by name (issue 39): the tongue engine's browser entry runs in the on-device
    // worker, so the visitor's browser and the server run the same feature code, not a copy.
    // Only that entry point (no sharp, no onnxruntime-node) and only from the on-device folder.
    const onDevice = (s: string, file: string) =>
      s === '@tcm/analysis/tongue-on-device' && file.includes('areas/site/detection/on-device/');
    expect(
      offending('apps/web/src', (s, file) => SERVER_SIDE.test(s) && !agreementTest(file) && !onDevice(s, file)),
    ).toEqual([]);
    const pkg = JSON.parse(readFileSync(join(root, 'apps/web/package.json'), 'utf8')) as Record<string, unknown>;
    const deps = ['dependencies', 'devDependencies', 'peerDependencies'].flatMap((k) =>
      Object.keys((pkg[k] as Record<string, string> | undefined) ?? {}),
    );
    expect(deps.filter((d) => d.startsWith('@tcm/')).sort()).toEqual(['@tcm/analysis', '@tcm/contract']);
  });

  it('no package imports an app, by name or by a relative path into apps/', () => {
    const intoApps = (s: string, file: string) =>
      APPS.test(s) || (s.startsWith('.') && relative(root, join(file, '..', s)).startsWith('apps/'));
    expect(packagesDirs.flatMap((dir) => offending(dir, intoApps))).toEqual([]);
  });
});
