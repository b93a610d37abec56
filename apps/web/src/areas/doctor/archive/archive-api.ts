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
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/api.js';
import { fetchFile } from '../../../lib/fetch-file.js';

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

/** Query keys of the archive: every key starts with 'archive', so one invalidation refreshes all. */
export const ARCHIVE_KEYS = {
  all: ['archive'] as const,
  case: (id: string) => ['archive', 'case', id] as const,
  herbs: ['archive', 'herbs'] as const,
  visitPdf: (visitId: string, lang: ReportLanguage) => ['archive', 'visit-pdf', visitId, lang] as const,
};

/**
 * One visit's medical record as a PDF file (a file download: binary, so through `fetchFile`,
 * not the JSON client). Not kept once the page is left: a PDF is large and read once.
 */
export const useVisitPdf = (visitId: string, lang: ReportLanguage) =>
  useQuery({
    queryKey: ARCHIVE_KEYS.visitPdf(visitId, lang),
    queryFn: () => fetchFile(visitPdfUrl(visitId, lang)),
    gcTime: 0,
  });

/** A doctor's own herb rule (saved or removed); the herb list is read again afterwards. */
export const useHerbOverride = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (a: { remove: string } | Parameters<typeof archiveApi.saveOverride>[0]) =>
      'remove' in a ? archiveApi.removeOverride(a.remove) : archiveApi.saveOverride(a),
    onSuccess: () => qc.invalidateQueries({ queryKey: ARCHIVE_KEYS.herbs }),
  });
};

/** Adds a visit to a case, or updates one (`visitId`); the whole archive is read again. */
export const useSaveVisit = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (a: { caseId: string; visitId: string | null; body: VisitBody }) =>
      a.visitId ? archiveApi.updateVisit(a.visitId, a.body) : archiveApi.addVisit(a.caseId, a.body),
    onSuccess: () => qc.invalidateQueries({ queryKey: ARCHIVE_KEYS.all }),
  });
};
