import ExcelJS from 'exceljs';
import { RESEARCH_ERRORS } from '@tcm/contract';
import { AppError } from '../../http/app-error.js';

/** A file as text cells: its header row and the rows under it. */
export interface Table {
  columns: string[];
  rows: string[][];
}

/** Rows an import or a predict file may hold (a pool's stated scale is 100k samples). */
export const MAX_FILE_ROWS = 100_000;

/**
 * RFC 4180 CSV: quoted fields may hold commas, quotes ("") and line breaks; a UTF-8 byte order
 * mark is dropped (Excel writes one). The delimiter is a comma, or a tab for tab-separated text.
 */
export function parseCsv(text: string): string[][] {
  const s = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const firstLine = s.slice(0, s.indexOf('\n') >>> 0);
  const sep = !firstLine.includes(',') && firstLine.includes('\t') ? '\t' : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (quoted) {
      if (c === '"' && s[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === sep) {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && s[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  // Blank lines (a trailing newline, an empty line between rows) are no samples.
  return rows.filter((r) => r.some((x) => x.trim() !== ''));
}

function cellText(v: ExcelJS.CellValue): string {
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
