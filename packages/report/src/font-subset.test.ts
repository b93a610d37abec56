import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { create, type Font } from 'fontkit';
import PDFDocument from 'pdfkit';
import { beforeAll, describe, expect, it } from 'vitest';
import { fontFiles, loadFonts } from './font.js';
import { flattenCharstring, subrBias } from './font-subset.js';
import { toBytes } from './layout/page.js';
import { ensurePoppler, saveTemp } from './testing/poppler.js';

beforeAll(() => ensurePoppler(), 300_000);

/** Every character of the example reports (zh and en), so the check covers what reports print. */
const exampleText = (): string => {
  const dir = new URL('../examples/', import.meta.url);
  const chars = new Set<string>();
  for (const name of readdirSync(dir)) {
    if (!name.endsWith('.json')) continue;
    for (const c of readFileSync(new URL(name, dir), 'utf8')) if (c.trim() && c.charCodeAt(0) >= 32) chars.add(c);
  }
  return [...chars].join('');
};

/** A PDF of `text` in `regular` and `bold` (what pdfkit subsets when the document ends). */
function pdfOf(regular: Font, bold: Font, text: string): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', compress: true });
  doc.registerFont('R', regular as unknown as Buffer);
  doc.registerFont('B', bold as unknown as Buffer);
  doc.font('R').fontSize(11).text(text, { width: 480 });
  doc.font('B').fontSize(11).text(text, { width: 480 });
  return toBytes(doc);
}

/** The pages as PNG bytes, as poppler draws them. */
function raster(pdf: Buffer): Buffer[] {
  const file = saveTemp(pdf);
  execFileSync('pdftoppm', ['-r', '110', '-png', file, file]);
  return readdirSync(dirname(file))
    .filter((f) => f.startsWith(`${file.split('/').pop()}-`) && f.endsWith('.png'))
    .sort()
    .map((f) => readFileSync(join(dirname(file), f)));
}

/** The fonts as fontkit parses them, without the flattened subsets (fontkit's own subsetter). */
function plainFonts(): { regular: Font; bold: Font } {
  const files = fontFiles();
  return { regular: create(readFileSync(files.regular)) as Font, bold: create(readFileSync(files.bold)) as Font };
}

describe('CFF subsets without subroutines (font-subset.ts)', () => {
  it('draws every character of the example reports exactly as fontkit’s own subset does', async () => {
    const text = exampleText();
    expect(text.length).toBeGreaterThan(400);
    const plain = plainFonts();
    const flat = loadFonts();
    const [before, after] = await Promise.all([
      pdfOf(plain.regular, plain.bold, text),
      pdfOf(flat.regular, flat.bold, text),
    ]);
    const a = raster(before);
    const b = raster(after);
    expect(a.length).toBeGreaterThan(0);
    expect(b.length).toBe(a.length);
    b.forEach((png, i) => expect(png.equals(a[i]!), `page ${i + 1} differs`).toBe(true));
  }, 120_000);

  it('embeds no subroutine stubs: a one-line PDF is far smaller than with fontkit’s subset', async () => {
    const plain = plainFonts();
    const flat = loadFonts();
    const [before, after] = await Promise.all([
      pdfOf(plain.regular, plain.bold, '健康报告 Health report'),
      pdfOf(flat.regular, flat.bold, '健康报告 Health report'),
    ]);
    // fontkit keeps all 22,293 local subroutines of one font dictionary as one-byte stubs.
    expect(after.length).toBeLessThan(before.length / 3);
    expect(after.length).toBeLessThan(20_000);
    // Parsing the two 8 MB fonts again takes seconds on the shared machine under load.
  }, 60_000);

  it('inlines local and global subroutines, drops their numbers and returns, and sizes hint masks', () => {
    // Local subr 0 (operand −107 with bias 107): "10 20 hstem" then return; global subr 0:
    // "30 40 vstem" then return. The glyph: call both, then hintmask (2 stems → 1 mask byte
    // 0xC0), "5 rmoveto"-like bytes, endchar, then junk that must not be copied.
    const n = (v: number) => v + 139;
    const bytes = Uint8Array.from([
      // local subr @0
      n(10),
      n(20),
      1,
      11,
      // global subr @4
      n(30),
      n(40),
      3,
      11,
      // glyph @8
      n(-107),
      10,
      n(-107),
      29,
      19,
      0xc0,
      n(5),
      22,
      14,
      n(1),
      n(2),
    ]);
    expect(subrBias(1)).toBe(107);
    const out = flattenCharstring(
      bytes,
      { offset: 8, length: 11 },
      [{ offset: 4, length: 4 }],
      [{ offset: 0, length: 4 }],
    );
    expect([...out]).toEqual([n(10), n(20), 1, n(30), n(40), 3, 19, 0xc0, n(5), 22, 14]);
  });
});
