import ExcelJS from 'exceljs';
import { neutraliseRow } from '@tcm/contract';

type Lang = 'zh' | 'en';

/** One column of a list's Excel download: the row's key, its zh and en header, its width. */
export type SheetColumn<K extends string = string> = readonly [key: K, zh: string, en: string, width: number];

/**
 * The one-sheet workbook of a list's Excel download (cases, records, audit log, enquiries): the
 * sheet's name and bold column headers in the reader's language. Every row goes through
 * `neutraliseRow`, so a cell is text, never a formula (a sender's `=HYPERLINK(...)` stays text in
 * the sheet and in any CSV or paste made from it).
 */
export function xlsxSheet(name: Record<Lang, string>, columns: readonly SheetColumn[], lang: Lang) {
  const wb = new ExcelJS.Workbook();
  wb.created = new Date();
  const ws = wb.addWorksheet(name[lang]);
  ws.columns = columns.map(([key, zh, en, width]) => ({ key, header: lang === 'zh' ? zh : en, width }));
  ws.getRow(1).font = { bold: true };
  return {
    add(row: Record<string, unknown>): void {
      ws.addRow(neutraliseRow(row));
    },
    /** Rows written below the header. */
    get rows(): number {
      return ws.rowCount - 1;
    },
    async bytes(): Promise<Buffer> {
      return Buffer.from(await wb.xlsx.writeBuffer());
    },
  };
}
