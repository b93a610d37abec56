import { AUDIT_PATHS, type AuditPage, type AuditQueryBody } from '@tcm/contract';
import { http } from '../../../lib/api.js';
import { fetchFile } from '../../../lib/fetch-file.js';

/** Query keys of the audit page. */
export const AUDIT_KEYS = { list: ['audit'] as const };

/** The audit page's calls (docs/security.md §11): a page of the log, and the same query as Excel. */
export const auditApi = {
  list: (query: AuditQueryBody, page: number, size: number) =>
    http.post<AuditPage>(AUDIT_PATHS.list, { body: { ...query, page, size } }),
  exportXlsx: (query: AuditQueryBody, lang: 'zh' | 'en') =>
    fetchFile(AUDIT_PATHS.exportXlsx, { method: 'POST', body: { ...query, lang } }),
};
