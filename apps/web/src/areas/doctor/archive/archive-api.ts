import {
  ARCHIVE_PATHS,
  type CaseDetail,
  type CaseGroup,
  type CaseListBody,
  type CasePage,
  type CaseSummary,
  type PatientInput,
  type PrescriptionHerbInput,
  type ReportLanguage,
  type SafetyWarning,
  type VisitBody,
  type VisitDetail,
} from '@tcm/contract';
import type { FormulaEntry, HerbEntry } from '@tcm/contract/herbs';
import { http } from '../../../lib/api.js';
import { currentLanguage } from '../../../lib/i18n.js';
import { getSession } from '../../../lib/session.js';

export { saveBlob } from '../../../lib/save-blob.js';

/** Calls of the case archive (docs/archive.md); the server checks ownership and groups. */
export const archiveApi = {
  list: (body: CaseListBody) => http.post<CasePage>(ARCHIVE_PATHS.list, { body }),
  add: (body: PatientInput & { groupId?: string | null }) => http.post<CaseSummary>(ARCHIVE_PATHS.add, { body }),
  detail: (id: string) => http.get<CaseDetail>(ARCHIVE_PATHS.detail(id), { noErrorMessage: true }),
  update: (id: string, body: Partial<PatientInput>) => http.post<CaseSummary>(ARCHIVE_PATHS.update(id), { body }),
  remove: (ids: string[]) => http.post<{ ids: string[] }>(ARCHIVE_PATHS.remove, { body: { ids } }),
  restore: (ids: string[]) => http.post<{ ids: string[] }>(ARCHIVE_PATHS.restore, { body: { ids } }),
  joinGroups: (ids: string[], groupId: string | null) =>
    http.post<null>(ARCHIVE_PATHS.joinGroups, { body: { ids, groupId } }),
  groups: () => http.get<CaseGroup[]>(ARCHIVE_PATHS.groups),
  addGroup: (name: string, shareWith: string[]) =>
    http.post<CaseGroup>(ARCHIVE_PATHS.addGroup, { body: { name, shareWith } }),
  addVisit: (caseId: string, body: VisitBody) => http.post<VisitDetail>(ARCHIVE_PATHS.addVisit(caseId), { body }),
  visit: (id: string) => http.get<VisitDetail>(ARCHIVE_PATHS.visit(id), { noErrorMessage: true }),
  updateVisit: (id: string, body: VisitBody) => http.post<VisitDetail>(ARCHIVE_PATHS.updateVisit(id), { body }),
  herbs: () => http.get<HerbEntry[]>(ARCHIVE_PATHS.herbs),
  formulas: () => http.get<FormulaEntry[]>(ARCHIVE_PATHS.formulas),
  saveOverride: (body: {
    name: string;
    doseMin: number;
    doseMax: number;
    pregnancy: 'forbidden' | 'caution' | 'none';
  }) => http.post<HerbEntry>(ARCHIVE_PATHS.herbOverride, { body }),
  removeOverride: (name: string) => http.post<HerbEntry>(ARCHIVE_PATHS.herbOverrideRemove, { body: { name } }),
  addFormula: (body: { name: string; herbs: PrescriptionHerbInput[]; usage?: string }) =>
    http.post<FormulaEntry>(ARCHIVE_PATHS.addFormula, { body }),
  removeFormula: (id: string) => http.post<null>(ARCHIVE_PATHS.removeFormula, { body: { id } }),
  check: (herbs: PrescriptionHerbInput[], pregnant: boolean) =>
    http.post<SafetyWarning[]>(ARCHIVE_PATHS.checkPrescription, { body: { herbs, pregnant } }),
};

/** Fetches a file answer (PDF, xlsx) with the caller's token; refusals carry the envelope's msg. */
export async function fetchFile(url: string, init: { method?: 'GET' | 'POST'; body?: unknown } = {}): Promise<Blob> {
  const headers: Record<string, string> = { 'Accept-Language': currentLanguage() === 'en' ? 'en' : 'zh-CN' };
  const token = getSession().token;
  if (token) headers.Authorization = `Bearer ${token}`;
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(url, {
    method: init.method ?? 'GET',
    headers,
    credentials: 'include',
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const type = res.headers.get('content-type') ?? '';
  if (!res.ok || type.includes('json')) {
    const body = (await res.json().catch(() => null)) as { msg?: string } | null;
    throw new Error(body?.msg ?? `HTTP ${res.status}`);
  }
  return res.blob();
}

export const visitPdfUrl = (visitId: string, lang: ReportLanguage) => `${ARCHIVE_PATHS.visitPdf(visitId)}?lang=${lang}`;
export const casePdfUrl = (caseId: string, lang: ReportLanguage) => `${ARCHIVE_PATHS.casePdf(caseId)}?lang=${lang}`;
