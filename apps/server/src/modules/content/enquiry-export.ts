import { formatDate, type Enquiry, type EnquiryStatus } from '@tcm/contract';
import { xlsxSheet, type SheetColumn } from '../../http/xlsx-sheet.js';

const STATUS_WORDS: Record<EnquiryStatus, { zh: string; en: string }> = {
  new: { zh: '待处理', en: 'New' },
  contacted: { zh: '已联系', en: 'Contacted' },
  closed: { zh: '已关闭', en: 'Closed' },
};

const COLUMNS: SheetColumn<keyof Enquiry>[] = [
  ['id', '编号', 'No.', 8],
  ['createdAt', '提交时间', 'Sent', 18],
  ['company', '公司名称', 'Company', 24],
  ['contactPerson', '联系人', 'Contact person', 14],
  ['contact', '联系方式', 'Contact number', 16],
  ['description', '需求描述', 'Requirement', 50],
  ['status', '状态', 'Status', 10],
  ['note', '备注', 'Note', 30],
];

/** The inbox as an Excel sheet in the reader's language; a sender's text stays text (xlsxSheet). */
export async function enquiriesXlsx(rows: Enquiry[], lang: 'zh' | 'en'): Promise<Buffer> {
  const sheet = xlsxSheet({ zh: '合作咨询', en: 'Enquiries' }, COLUMNS, lang);
  for (const r of rows)
    sheet.add({ ...r, status: STATUS_WORDS[r.status][lang], createdAt: formatDate(r.createdAt, lang) });
  return sheet.bytes();
}
