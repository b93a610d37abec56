import ExcelJS from 'exceljs';
import { formatDate, neutraliseRow, type Enquiry, type EnquiryStatus } from '@tcm/contract';

const STATUS_WORDS: Record<EnquiryStatus, { zh: string; en: string }> = {
  new: { zh: '待处理', en: 'New' },
  contacted: { zh: '已联系', en: 'Contacted' },
  closed: { zh: '已关闭', en: 'Closed' },
};

const COLUMNS: Array<[keyof Enquiry, string, string, number]> = [
  ['id', '编号', 'No.', 8],
  ['createdAt', '提交时间', 'Sent', 18],
  ['company', '公司名称', 'Company', 24],
  ['contactPerson', '联系人', 'Contact person', 14],
  ['contact', '联系方式', 'Contact number', 16],
  ['description', '需求描述', 'Requirement', 50],
  ['status', '状态', 'Status', 10],
  ['note', '备注', 'Note', 30],
];

/**
 * The inbox as an Excel sheet in the reader's language. Cells are written as text (ExcelJS
 * strings, never formulas) and neutralised (`neutraliseRow`), so a sender's `=HYPERLINK(...)`
 * stays text in the sheet and in any CSV or paste made from it.
 */
export async function enquiriesXlsx(rows: Enquiry[], lang: 'zh' | 'en'): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.created = new Date();
  const ws = wb.addWorksheet(lang === 'zh' ? '合作咨询' : 'Enquiries');
  ws.columns = COLUMNS.map(([key, zh, en, width]) => ({ key, header: lang === 'zh' ? zh : en, width }));
  ws.getRow(1).font = { bold: true };
  for (const r of rows)
    ws.addRow(
      neutraliseRow({
        ...r,
        status: STATUS_WORDS[r.status][lang],
        createdAt: formatDate(r.createdAt, lang),
      }),
    );
  return Buffer.from(await wb.xlsx.writeBuffer());
}
