import type { AuditRowView } from '@tcm/contract';
import { xlsxSheet, type SheetColumn } from '../../http/xlsx-sheet.js';

const COLUMNS: SheetColumn<keyof AuditRowView>[] = [
  ['at', '时间 (UTC)', 'Time (UTC)', 20],
  ['actorKind', '操作者类型', 'Actor kind', 12],
  ['actorName', '操作者', 'Actor', 16],
  ['actorId', '操作者编号', 'Actor id', 38],
  ['entity', '数据类型', 'Entity', 12],
  ['entityId', '数据编号', 'Entity id', 38],
  ['action', '操作', 'Action', 10],
  ['event', '接口或事件', 'Route or event', 44],
  ['status', '结果', 'Outcome', 8],
  ['ip', 'IP 地址', 'IP address', 16],
  ['userAgent', '客户端', 'User agent', 40],
];

/** The log as an Excel sheet with headers in the reader's language; cells are text, never formulas. */
export async function auditXlsx(rows: AuditRowView[], lang: 'zh' | 'en'): Promise<Buffer> {
  const sheet = xlsxSheet({ zh: '审计日志', en: 'Audit log' }, COLUMNS, lang);
  for (const r of rows) sheet.add({ ...r, at: r.at.slice(0, 19).replace('T', ' ') });
  return sheet.bytes();
}
