import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { create, type Font } from 'fontkit';
import { fail } from './fail.js';
import { useFlatCffSubsets } from './font-subset.js';

/** The two weights the PDFs use (Noto Sans SC from @embedpdf/fonts-sc), parsed once per process. */
export interface ReportFonts {
  regular: Font;
  bold: Font;
}

const FILES = { regular: 'NotoSansHans-Regular.otf', bold: 'NotoSansHans-Bold.otf' } as const;
let cached: ReportFonts | undefined;

// The package's exports map hides its font files from require.resolve, so walk up from this
// file through every node_modules folder, as Node's resolver would.
function findFontDir(): string | undefined {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, 'node_modules', '@embedpdf', 'fonts-sc', 'fonts');
    if (existsSync(join(candidate, FILES.regular))) return candidate;
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

function parse(file: string): Font {
  const f = create(readFileSync(file));
  if (!('layout' in f)) fail('REPORT_FONT_MISSING', { file, reason: 'font collection, not a font' });
  return f;
}

/**
 * Loads the Chinese/Latin fonts every report embeds as subsets. pdfkit would re-parse an
 * 8 MB OTF for each document (about 250 ms); handing it the parsed fontkit fonts makes that a
 * one-time cost per process. Subsets are still built per document, from glyphs flattened once per
 * process (font-subset.ts).
 */
export function loadFonts(): ReportFonts {
  if (cached) return cached;
  const files = fontFiles();
  cached = { regular: parse(files.regular), bold: parse(files.bold) };
  useFlatCffSubsets(cached.regular);
  useFlatCffSubsets(cached.bold);
  return cached;
}

/** Paths of the two font files (TCM_REPORT_FONT_DIR, else the package's). */
export function fontFiles(): { regular: string; bold: string } {
  const dir = process.env.TCM_REPORT_FONT_DIR ?? findFontDir();
  if (!dir || !existsSync(join(dir, FILES.regular)) || !existsSync(join(dir, FILES.bold))) {
    fail('REPORT_FONT_MISSING', { searched: dir ?? '@embedpdf/fonts-sc/fonts' });
  }
  return { regular: join(dir, FILES.regular), bold: join(dir, FILES.bold) };
}
