/**
 * Formula injection in exported sheets (OWASP "CSV Injection"; issue 35 item 6): a cell whose text
 * starts with `=`, `+`, `-`, `@`, a tab or a carriage return is read as a formula by Excel,
 * LibreOffice and Sheets when the file is opened (CSV) or its text is pasted or re-saved (xlsx),
 * so `=HYPERLINK(...)` or `=cmd|...` typed into a form by a visitor would run on the reader's
 * machine. Such text gets a leading apostrophe, shown as text and not evaluated. Numbers stay
 * numbers: a value of type number is never touched, and text that is a plain decimal number
 * (`-3.5`, `+12`, `1e-3`) is left too, since no spreadsheet evaluates it as more than that number.
 * Every CSV and Excel export, server or browser, passes its cells through here
 * (`apps/server/src/http/export-inventory.test.ts` finds them).
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;

export function neutraliseCell<T>(value: T): T | string {
  if (typeof value !== 'string' || !FORMULA_START.test(value) || PLAIN_NUMBER.test(value)) return value;
  return `'${value}`;
}

/** A whole row, as an array of cells or as an object of named cells (ExcelJS `addRow` takes both). */
export function neutraliseRow<R extends readonly unknown[] | Record<string, unknown>>(row: R): R {
  if (Array.isArray(row)) return row.map(neutraliseCell) as unknown as R;
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, neutraliseCell(v)])) as R;
}
