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

// The web app's own fences (issue 38 item 3, docs/web.md "Areas and fences"): an area
// (`areas/<x>`) is one route family with its screens, api and texts; it never imports another
// area, so an area can move, split or be deleted without breaking a second one. What two areas
// share lives in components/, lib/ or record/; a page shown inside another area's frame is named
// in app/borrowed-pages.ts. lib/ is the bottom layer: it never imports app/.
const WEB_SRC = 'apps/web/src';
const web = (file: string) => relative(join(root, WEB_SRC), file).split('\\').join('/');
/** The area a web source path (relative to apps/web/src) lies in, or null outside areas/. */
export function areaOf(path: string): string | null {
  return /^areas\/([^/]+)\//.exec(path)?.[1] ?? null;
}
/** The web path a relative specifier of `file` names; null for a package. */
function target(s: string, file: string): string | null {
  return s.startsWith('.') ? web(join(file, '..', s)) : null;
}

describe('web fences', () => {
  it('reads the area of a path (so the checks below can fail)', () => {
    expect(areaOf('areas/site/content/SitePages.tsx')).toBe('site');
    expect(areaOf('areas/console/content/content-api.ts')).toBe('console');
    expect(areaOf('lib/session.ts')).toBeNull();
    expect(areaOf('areas/README.md')).toBeNull();
    const file = join(root, WEB_SRC, 'areas/site/content/SitePages.tsx');
    expect(target('../../console/content/content-api.js', file)).toBe('areas/console/content/content-api.js');
    expect(target('./site-content-api.js', file)).toBe('areas/site/content/site-content-api.js');
    expect(target('@tanstack/react-query', file)).toBeNull();
  });

  it('no area imports another area (shared parts live in components/, lib/, record/)', () => {
    const crossing = (s: string, file: string) => {
      const to = target(s, file);
      const from = areaOf(web(file));
      return from !== null && to !== null && areaOf(to) !== null && areaOf(to) !== from;
    };
    expect(offending(`${WEB_SRC}/areas`, crossing)).toEqual([]);
  });

  it('lib/ imports nothing from app/ (nor from an area)', () => {
    const upward = (s: string, file: string) => {
      const to = target(s, file);
      return to !== null && (to.startsWith('app/') || areaOf(to) !== null);
    };
    // lib/'s own tests may read an area's texts to check them (i18n.test.ts); the code may not.
    expect(offending(`${WEB_SRC}/lib`, (s, file) => !/\.test\.tsx?$/.test(file) && upward(s, file))).toEqual([]);
  });

  it('components/ and record/ import no area', () => {
    const intoArea = (s: string, file: string) => {
      const to = target(s, file);
      return to !== null && areaOf(to) !== null;
    };
    expect([...offending(`${WEB_SRC}/components`, intoArea), ...offending(`${WEB_SRC}/record`, intoArea)]).toEqual([]);
  });
});
