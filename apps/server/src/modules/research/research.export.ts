import ExcelJS from 'exceljs';
import { neutraliseRow, type TableExportBody } from '@tcm/contract';

/** Sheet names may not hold []:*?/\ and are at most 31 characters (Excel's rules). */
const sheetName = (name: string) => name.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Sheet1';

/** A research screen's table as an .xlsx workbook: bold header, frozen first row, numbers as numbers. */
export async function tableXlsx(t: TableExportBody): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(sheetName(t.name), { views: [{ state: 'frozen', ySplit: 1 }] });
  // Column names and cells come from the doctor's pool (imported files): neutralised like any export.
  ws.addRow(neutraliseRow(t.columns)).font = { bold: true };
  for (const r of t.rows) ws.addRow(neutraliseRow(r));
  ws.columns.forEach((c) => {
    c.width = 16;
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}
