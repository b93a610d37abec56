import { z } from 'zod';
import { defineErrors } from './errors.js';
import { recordListBodySchema } from './records.js';
import { reportLanguageSchema } from './report.js';

/**
 * Exports of the member-area record lists (docs/member.md, issue 21 item 3): the filtered list as
 * an Excel file and the filtered done records' PDF reports as one ZIP. Range 14300xx.
 */
export const RECORD_EXPORT_ERRORS = defineErrors({
  EXPORT_FORBIDDEN: {
    code: 1430001,
    status: 403,
    zh: '所选记录中有您无权查看的记录（例如其他团队的记录）',
    en: 'Some of the chosen records are not yours to see (for example another team’s)',
  },
  ZIP_TOO_MANY: {
    code: 1430002,
    status: 400,
    zh: '一次最多下载 2000 份报告，请缩小筛选范围',
    en: 'At most 2000 reports per download; narrow the filter',
  },
  ZIP_EMPTY: {
    code: 1430003,
    status: 404,
    zh: '筛选结果中没有已完成的记录，没有可下载的报告',
    en: 'No finished record matches the filter: there is no report to download',
  },
});

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
