import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ReportLanguage } from '@tcm/contract';
import { renderReport } from '@tcm/report';

/**
 * The sample report of /checked/pdf/newPdfTestPreview: `@tcm/report`'s example model (built
 * from the shared real data, no personal data), found by walking up from this module so it
 * works from the sources and from the bundled server alike. Rendered once per language.
 */
const cache = new Map<ReportLanguage, Promise<Buffer>>();

function exampleFile(lang: ReportLanguage): string {
  const name = `full-report.${lang}.json`;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 8; i++) {
    for (const candidate of [
      join(dir, 'node_modules/@tcm/report/examples', name),
      join(dir, 'packages/report/examples', name),
    ])
      if (existsSync(candidate)) return candidate;
    dir = dirname(dir);
  }
  throw new Error(`report example ${name} not found`);
}

export function previewReport(lang: ReportLanguage): Promise<Buffer> {
  let p = cache.get(lang);
  if (!p) {
    p = readFile(exampleFile(lang), 'utf8').then((text) => renderReport(JSON.parse(text)));
    p.catch(() => cache.delete(lang));
    cache.set(lang, p);
  }
  return p;
}
