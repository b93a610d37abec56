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

export { saveBlob } from '../../../lib/save-blob.js';
export { fetchFile } from '../../../lib/fetch-file.js';

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

export const visitPdfUrl = (visitId: string, lang: ReportLanguage) => `${ARCHIVE_PATHS.visitPdf(visitId)}?lang=${lang}`;
export const casePdfUrl = (caseId: string, lang: ReportLanguage) => `${ARCHIVE_PATHS.casePdf(caseId)}?lang=${lang}`;
