import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fail } from './fail.js';

/** The two weights the PDFs use, as font file bytes (Noto Sans SC from @embedpdf/fonts-sc). */
export interface FontFiles {
  regular: Buffer;
  bold: Buffer;
}

const FILES = { regular: 'NotoSansHans-Regular.otf', bold: 'NotoSansHans-Bold.otf' } as const;
let cached: FontFiles | undefined;

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

/** Loads (once per process) the Chinese/Latin font files every report embeds as subsets. */
export function loadFonts(): FontFiles {
  if (cached) return cached;
  const dir = process.env.TCM_REPORT_FONT_DIR ?? findFontDir();
  if (!dir || !existsSync(join(dir, FILES.regular)) || !existsSync(join(dir, FILES.bold))) {
    fail('REPORT_FONT_MISSING', { searched: dir ?? '@embedpdf/fonts-sc/fonts' });
  }
  cached = { regular: readFileSync(join(dir, FILES.regular)), bold: readFileSync(join(dir, FILES.bold)) };
  return cached;
}
