import ExcelJS from 'exceljs';
import { RESEARCH_ERRORS } from '@tcm/contract';
import { parseCsv } from '@tcm/research';
import { AppError } from '../../http/app-error.js';

/** A file as text cells: its header row and the rows under it. */
export interface Table {
  columns: string[];
  rows: string[][];
}

/** Rows an import or a predict file may hold (a pool's stated scale is 100k samples). */
export const MAX_FILE_ROWS = 100_000;

export function cellText(v: ExcelJS.CellValue): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    if ('result' in v) return cellText(v.result);
    if ('richText' in v) return v.richText.map((t) => t.text).join('');
    if ('text' in v) return String(v.text);
    return '';
  }
  return String(v);
}

async function readXlsx(bytes: Uint8Array): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  const sheet = wb.worksheets[0];
  if (!sheet) return [];
  const width = sheet.columnCount;
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: false }, (r) => {
    const out: string[] = [];
    for (let c = 1; c <= width; c++) out.push(cellText(r.getCell(c).value));
    rows.push(out);
  });
  return rows;
}

const isZip = (b: Uint8Array) => b[0] === 0x50 && b[1] === 0x4b;

/**
 * Reads an uploaded CSV or Excel (.xlsx, first sheet) file: the first row names the columns.
 * Anything else (an old .xls, a picture, no header, duplicate or empty column names) is a 400.
 */
export async function readTable(bytes: Uint8Array, name: string): Promise<Table> {
  let cells: string[][];
  try {
    if (isZip(bytes)) cells = await readXlsx(bytes);
    else {
      if (/\.(xlsx?|xlsm)$/i.test(name)) throw new Error('not an .xlsx workbook');
      const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
      if (text.includes('\0')) throw new Error('binary file');
      cells = parseCsv(text);
    }
  } catch (e) {
    throw new AppError(RESEARCH_ERRORS.FILE_UNREADABLE, undefined, {
      reason: e instanceof Error ? e.message : String(e),
    });
  }
  const [header, ...rows] = cells;
  const columns = (header ?? []).map((c) => c.trim());
  if (!columns.length || columns.every((c) => c === ''))
    throw new AppError(RESEARCH_ERRORS.FILE_UNREADABLE, undefined, { reason: 'no header row' });
  const dup = columns.find((c, i) => c !== '' && columns.indexOf(c) !== i);
  if (dup !== undefined)
    throw new AppError(RESEARCH_ERRORS.FILE_UNREADABLE, undefined, { reason: `column "${dup}" appears twice` });
  if (rows.length > MAX_FILE_ROWS)
    throw new AppError(RESEARCH_ERRORS.FILE_UNREADABLE, undefined, { reason: `more than ${MAX_FILE_ROWS} rows` });
  return { columns, rows };
}
