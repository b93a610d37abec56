import recordExportsErrors from './errors/record-exports.json' with { type: 'json' };
import { z } from 'zod';
import { defineErrors } from './errors.js';
import { recordListBodySchema } from './records.js';
import { reportLanguageSchema } from './report.js';

/**
 * Exports of the member-area record lists (docs/member.md, issue 21 item 3): the filtered list as
 * an Excel file and the filtered done records' PDF reports as one ZIP. Range 14300xx.
 */
export const RECORD_EXPORT_ERRORS = defineErrors(recordExportsErrors);

/** Most reports in one ZIP and most rows in one Excel export. */
export const ZIP_MAX_REPORTS = 2000;
export const XLSX_MAX_ROWS = 10000;

export const RECORD_EXPORT_PATHS = {
  /** POST: the filtered list (every page) as .xlsx. */
  xlsx: '/backend/member/records/export/xlsx',
  /** POST: the PDF reports of the filtered done records (or of the chosen ids) as one .zip. */
  zip: '/backend/member/records/export/zip',
} as const;

/** The list's filter without paging, and the language of the file. */
export const recordExportBodySchema = recordListBodySchema
  .omit({ page: true, size: true })
  .extend({ lang: reportLanguageSchema.optional() });
export type RecordExportBody = z.input<typeof recordExportBodySchema>;

/** The ZIP: the same filter, or the rows ticked in the table (ids, all of them visible to the caller). */
export const recordZipBodySchema = recordExportBodySchema.extend({
  ids: z.array(z.string().uuid()).min(1).max(ZIP_MAX_REPORTS).optional(),
});
export type RecordZipBody = z.input<typeof recordZipBodySchema>;
