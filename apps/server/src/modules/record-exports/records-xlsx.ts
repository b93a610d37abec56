import { and, desc, lt, or, eq, type SQL } from 'drizzle-orm';
import { conclusionText, formatDate, XLSX_MAX_ROWS, type RecordExportBody, type ReportLanguage } from '@tcm/contract';
import type { z } from 'zod';
import type { recordExportBodySchema } from '@tcm/contract';
import type { AppContext } from '../../context.js';
import { xlsxSheet } from '../../http/xlsx-sheet.js';
import { recordsTable } from '../../db/schema/index.js';
import type { Principal } from '../auth/principal.repo.js';
import { exportRows, listCondition } from '../records/records.service.js';

export type ExportBody = z.infer<typeof recordExportBodySchema>;
export type { RecordExportBody };

/** Column key, zh and en header, width. */
const COLUMNS = [
  ['personName', '姓名', 'Name', 14],
  ['personSex', '性别', 'Sex', 8],
  ['personAge', '年龄', 'Age', 8],
  ['ownerName', '采集人', 'Captured by', 14],
  ['deviceName', '设备', 'Device', 14],
  ['source', '来源', 'Source', 10],
  ['captures', '采集项', 'Captures', 22],
  ['status', '状态', 'Status', 10],
  ['conclusion', '结论', 'Conclusion', 40],
  ['createdAt', '创建时间 (UTC)', 'Created (UTC)', 18],
] as const;

/** Words of the stored codes, so the sheet never shows raw ids. */
const WORDS: Record<ReportLanguage, Record<string, string>> = {
  zh: {
    male: '男',
    female: '女',
    queued: '排队中',
    running: '分析中',
    done: '已完成',
    partial: '部分完成',
    failed: '失败',
    member: '成员',
    team: '团队',
    device: '设备',
    doctor: '医生',
    visitor: '访客',
    tongue: '舌象',
    face: '面象',
    pulse: '脉象',
    voice: '声音',
  },
  en: {
    male: 'Male',
    female: 'Female',
    queued: 'Queued',
    running: 'Running',
    done: 'Done',
    partial: 'Partly done',
    failed: 'Failed',
    member: 'Member',
    team: 'Team',
    device: 'Device',
    doctor: 'Doctor',
    visitor: 'Visitor',
    tongue: 'Tongue',
    face: 'Face',
    pulse: 'Pulse',
    voice: 'Voice',
  },
};

/** Rows are read in pages of this size, newest first, with a keyset (no offset drift). */
const PAGE = 500;

/** After this row in the list order (createdAt desc, id desc). */
export const afterRow = (last: { createdAt: Date; id: string } | undefined): SQL | undefined =>
  last
    ? or(
        lt(recordsTable.createdAt, last.createdAt),
        and(eq(recordsTable.createdAt, last.createdAt), lt(recordsTable.id, last.id)),
      )
    : undefined;

/**
 * The filtered list (every page, at most XLSX_MAX_ROWS rows) as an .xlsx workbook in `lang`; the
 * filter matches as the list did in the reader's language `readerLang`.
 */
export async function recordsXlsx(
  ctx: AppContext,
  p: Principal,
  body: ExportBody,
  lang: ReportLanguage,
  readerLang: ReportLanguage,
) {
  const cond = listCondition(p, body, readerLang);
  const words = WORDS[lang];
  const word = (s: string | null) => (s ? (words[s] ?? s) : '');
  const sheet = xlsxSheet({ zh: '舌诊记录', en: 'Records' }, COLUMNS, lang);
  let last: { createdAt: Date; id: string } | undefined;
  for (let n = 0; n < XLSX_MAX_ROWS;) {
    const rows = await exportRows(ctx)
      .where(and(cond, afterRow(last)))
      .orderBy(desc(recordsTable.createdAt), desc(recordsTable.id))
      .limit(Math.min(PAGE, XLSX_MAX_ROWS - n));
    for (const r of rows)
      sheet.add({
        ...r,
        personSex: word(r.personSex),
        source: word(r.source),
        status: word(r.status),
        // Stored as an id: worded in the file's language, whatever language the record was captured in.
        conclusion: conclusionText(r.conclusion, lang) ?? '',
        captures: Object.keys(r.files)
          .map(word)
          .join(lang === 'zh' ? '、' : ', '),
        createdAt: formatDate(r.createdAt, lang),
      });
    n += rows.length;
    last = rows.at(-1);
    if (rows.length < PAGE) break;
  }
  return { bytes: await sheet.bytes(), rows: sheet.rows };
}
