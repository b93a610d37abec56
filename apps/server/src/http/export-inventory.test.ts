import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { auditXlsx } from '../modules/audit/audit-export.js';
import { enquiriesXlsx } from '../modules/content/enquiry-export.js';
import { tableXlsx } from '../modules/research/research.export.js';

/**
 * Issue 35 item 6: every CSV or Excel export, server or browser, passes its cells through the
 * contract's `neutraliseRow` / `neutraliseCell` (formula injection, docs/security.md §14c).
 */
const ROOT = join(import.meta.dirname, '../../../..');
const SOURCES = [
  'apps/server/src',
  'apps/web/src',
  ...readdirSync(join(ROOT, 'packages')).map((p) => `packages/${p}/src`),
];
/**
 * What building a sheet or a CSV file looks like in this code base (ExcelJS, SheetJS, Papa, a CSV
 * blob, the lists' shared `xlsxSheet`).
 */
const WRITES_SHEET = /\baddWorksheet\(|['"]text\/csv|\baoa_to_sheet\(|\bjson_to_sheet\(|\bunparse\(|\bxlsxSheet\(/;
const NEUTRALISES = /\bneutralise(Row|Cell)\(/;
/** The lists' sheet writer: it neutralizes every row, so a file that builds its sheet with it does too. */
const SHEET_WRITER = 'apps/server/src/http/xlsx-sheet.ts';
const USES_SHEET_WRITER = /\bxlsxSheet\(/;
/** Files naming the CSV media type without writing one: uploads' content check and served names. */
const NOT_EXPORTS = new Set([
  'apps/server/src/modules/files/content-check.ts',
  'apps/server/src/modules/files/served-name.ts',
]);

function sourceFiles(dir: string): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : sourceFiles(p);
    return /\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$|test-helpers|\/test\//.test(p) ? [p] : [];
  });
}

const load = async (bytes: Buffer) => {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  return wb.worksheets[0]!;
};

describe('every export neutralises formula-looking cells', () => {
  const exporters = SOURCES.flatMap((s) => sourceFiles(join(ROOT, s)))
    .filter((f) => WRITES_SHEET.test(readFileSync(f, 'utf8')))
    .map((f) => relative(ROOT, f))
    .filter((f) => !NOT_EXPORTS.has(f));

  it('finds the export paths (server Excel files and the browser CSV)', () => {
    expect(exporters).toEqual(
      expect.arrayContaining([
        SHEET_WRITER,
        'apps/server/src/modules/archive/archive.export.ts',
        'apps/server/src/modules/audit/audit-export.ts',
        'apps/server/src/modules/content/enquiry-export.ts',
        'apps/server/src/modules/record-exports/records-xlsx.ts',
        'apps/server/src/modules/research/research.export.ts',
        'apps/web/src/areas/doctor/research/ExportButtons.tsx',
      ]),
    );
  });

  it('each of them calls the shared helper', () => {
    const calls = (f: string) => {
      const text = readFileSync(join(ROOT, f), 'utf8');
      return NEUTRALISES.test(text) || (f !== SHEET_WRITER && USES_SHEET_WRITER.test(text));
    };
    expect(exporters.filter((f) => !calls(f))).toEqual([]);
  });

  it('the research table keeps numbers (negative ones too) and neutralises text, header included', async () => {
    const ws = await load(
      await tableXlsx({
        name: 't',
        columns: ['=1+1', 'b'],
        rows: [
          ['@SUM(A1)', -3.5],
          ['-2+3', '-4'],
        ],
      }),
    );
    expect(ws.getSheetValues().slice(1)).toEqual([
      [undefined, "'=1+1", 'b'],
      [undefined, "'@SUM(A1)", -3.5],
      [undefined, "'-2+3", '-4'],
    ]);
  });

  it('an enquiry and an audit row typed by an attacker stay text', async () => {
    const enquiry = await enquiriesXlsx(
      [
        {
          id: 1,
          createdAt: '2026-12-01T10:00:00Z',
          company: '=HYPERLINK("http://evil","x")',
          contactPerson: '+cmd|/C calc!A0',
          contact: '13812345678',
          description: '\t=1',
          status: 'new',
          note: null,
        } as never,
      ],
      'en',
    );
    const row = (await load(enquiry)).getRow(2).values as unknown[];
    expect(row.slice(3, 7)).toEqual(['\'=HYPERLINK("http://evil","x")', "'+cmd|/C calc!A0", '13812345678', "'\t=1"]);
    const audit = await auditXlsx([{ at: '2026-12-01T10:00:00Z', userAgent: '@evil', actorName: '-x' } as never], 'en');
    const a = (await load(audit)).getRow(2).values as unknown[];
    expect([a[3], a[11]]).toEqual(["'-x", "'@evil"]);
  });
});
