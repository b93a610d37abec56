import {
  ARCHIVE_PATHS,
  isFinishedStatus,
  type CaseDetail,
  type CaseGroup,
  type CaseListBody,
  type CasePage,
  type CaseSummary,
  type CombinedQuery,
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
import { saveBlob } from '../../../lib/save-blob.js';
import { listRecords } from '../../../record/record-api.js';
import { inquiryApi } from './inquiry/inquiry-api.js';

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
  // No toast: a refusal of the prescription checks opens the reason dialog instead (VisitEditor).
  addVisit: (caseId: string, body: VisitBody) =>
    http.post<VisitDetail>(ARCHIVE_PATHS.addVisit(caseId), { body, noErrorMessage: true }),
  visit: (id: string) => http.get<VisitDetail>(ARCHIVE_PATHS.visit(id), { noErrorMessage: true }),
  updateVisit: (id: string, body: VisitBody) =>
    http.post<VisitDetail>(ARCHIVE_PATHS.updateVisit(id), { body, noErrorMessage: true }),
  linkRecord: (visitId: string, recordId: string) =>
    http.post<VisitDetail>(ARCHIVE_PATHS.linkRecord(visitId), { body: { recordId } }),
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

/**
 * Query keys of the archive: every key starts with 'archive' (a saved visit refreshes them all);
 * the other writes invalidate only the keys below whose answer they change.
 */
export const ARCHIVE_KEYS = {
  all: ['archive'] as const,
  /** Every case list (the archive list, a picker's list). */
  lists: ['archive', 'list'] as const,
  list: (body: CaseListBody) => ['archive', 'list', body] as const,
  /** The case picker of a new form: a search over the doctor's cases. */
  pick: (search: string) => ['archive', 'list', 'pick', search] as const,
  groups: ['archive', 'groups'] as const,
  /** Every case's detail. */
  cases: ['archive', 'case'] as const,
  case: (id: string) => ['archive', 'case', id] as const,
  herbs: ['archive', 'herbs'] as const,
  formulas: ['archive', 'formulas'] as const,
  /** Every prescription page (the prescriptions tab; inquiry-api reads it). */
  prescriptions: ['archive', 'prescriptions'] as const,
  prescriptionPage: (body: unknown) => ['archive', 'prescriptions', body] as const,
  linkableRecords: ['archive', 'linkable-records'] as const,
  visitPdf: (visitId: string, lang: ReportLanguage) => ['archive', 'visit-pdf', visitId, lang] as const,
};

export const useCases = (body: CaseListBody) =>
  useQuery({ queryKey: ARCHIVE_KEYS.list(body), queryFn: () => archiveApi.list(body) });
/** A linked record still being analyzed (a capture just made from a visit) is followed until it finishes. */
const analyzing = (c: CaseDetail | undefined) =>
  !!c?.visits.some((v) => v.records.some((r) => !isFinishedStatus(r.status)));
export const useCase = (id: string, enabled = true) =>
  useQuery({
    queryKey: ARCHIVE_KEYS.case(id),
    queryFn: () => archiveApi.detail(id),
    enabled,
    refetchInterval: (q) => (analyzing(q.state.data) ? 3000 : false),
  });
export const useGroups = () => useQuery({ queryKey: ARCHIVE_KEYS.groups, queryFn: archiveApi.groups });
/** The herb dictionary and formula library change rarely: kept a minute. */
export const useHerbs = () => useQuery({ queryKey: ARCHIVE_KEYS.herbs, queryFn: archiveApi.herbs, staleTime: 60_000 });
export const useFormulas = () =>
  useQuery({ queryKey: ARCHIVE_KEYS.formulas, queryFn: archiveApi.formulas, staleTime: 60_000 });

/** A capture made from a visit is linked to it: the case shows it, the visit picker lists it. */
export function useLinkRecord() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { visitId: string; recordId: string }) => archiveApi.linkRecord(v.visitId, v.recordId),
    onSuccess: () =>
      Promise.all(
        [ARCHIVE_KEYS.cases, ARCHIVE_KEYS.linkableRecords].map((queryKey) => qc.invalidateQueries({ queryKey })),
      ),
  });
}

/** A new case shows in the case lists. */
export function useAddCase() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: archiveApi.add,
    onSuccess: () => qc.invalidateQueries({ queryKey: ARCHIVE_KEYS.lists }),
  });
}

/** Deleting or restoring cases changes the lists, their details and the prescriptions listed with them. */
function useCasesMoved(fn: (ids: string[]) => Promise<{ ids: string[] }>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () =>
      Promise.all(
        [ARCHIVE_KEYS.lists, ARCHIVE_KEYS.cases, ARCHIVE_KEYS.prescriptions].map((queryKey) =>
          qc.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
export const useRemoveCases = () => useCasesMoved(archiveApi.remove);
export const useRestoreCases = () => useCasesMoved(archiveApi.restore);

/** Cases put into a group (or none): the group column of the lists and of the cases' details. */
export function useJoinGroup() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (a: { ids: string[]; groupId: string | null }) => archiveApi.joinGroups(a.ids, a.groupId),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: ARCHIVE_KEYS.lists }),
        qc.invalidateQueries({ queryKey: ARCHIVE_KEYS.cases }),
      ]),
  });
}
export function useAddGroup() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (a: { name: string; shareWith: string[] }) => archiveApi.addGroup(a.name, a.shareWith),
    onSuccess: () => qc.invalidateQueries({ queryKey: ARCHIVE_KEYS.groups }),
  });
}

/** A formula saved to, or removed from, the doctor's library. */
export function useFormulaChange() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (a: { remove: string } | Parameters<typeof archiveApi.addFormula>[0]) =>
      'remove' in a ? archiveApi.removeFormula(a.remove) : archiveApi.addFormula(a),
    onSuccess: () => qc.invalidateQueries({ queryKey: ARCHIVE_KEYS.formulas }),
  });
}

/**
 * A file download (the filtered list as Excel, a case as PDF): saved, not cached, so a mutation
 * only for its pending state. A failure is shown by the caller (the JSON client's toast does not
 * cover `fetchFile`).
 */
export const useDownload = () =>
  useMutation({
    mutationFn: async (a: { url: string; body?: unknown; name: string }) =>
      saveBlob(await fetchFile(a.url, a.body === undefined ? {} : { method: 'POST', body: a.body }), a.name),
  });

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

/**
 * Opens the medical-record viewer as a new document, not a client-side route: only that page's
 * own answer allows the blob: frame the PDF is shown in (docs/security.md), and a document keeps
 * the policy it was loaded with.
 */
export function openMedicalRecordPdf(visitId: string): void {
  window.location.assign(
    `${import.meta.env.BASE_URL.replace(/\/$/, '')}/doctor/archive/showMedicalRecordPdf/${visitId}`,
  );
}

/** The case picker of a new form: the doctor's cases matching `search` (first 100). */
export const useCasePick = (search: string, enabled: boolean) =>
  useQuery({
    queryKey: ARCHIVE_KEYS.pick(search),
    queryFn: () => archiveApi.list({ search: search || undefined, size: 100 }),
    enabled,
  });

/** One page of every prescription the doctor may open (prescriptions/index, first tab). */
export const usePrescriptionPage = (
  paging: { page: number; size: number },
  search: string,
  query: CombinedQuery | null,
) =>
  useQuery({
    queryKey: ARCHIVE_KEYS.prescriptionPage({ paging, search, query }),
    queryFn: () =>
      inquiryApi.prescriptions({
        page: paging.page,
        size: paging.size,
        search: search || undefined,
        query: query ?? undefined,
      }),
  });

/** The captures a visit may link (the visit editor's picker). */
export const useLinkableRecords = () =>
  useQuery({
    queryKey: ARCHIVE_KEYS.linkableRecords,
    queryFn: () => listRecords({ scope: 'memberRecord', page: 1, size: 100 }),
  });
