import {
  FILE_PATHS,
  INQUIRY_PATHS,
  type Answers,
  type FormDetail,
  type FormListBody,
  type FormSummary,
  type OssUploadResult,
  type PrescriptionListBody,
  type PrescriptionRow,
  type Template,
  type TemplateBody,
  type TemplateSummary,
} from '@tcm/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../../lib/api.js';

export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  size: number;
}

/** Calls of the four-diagnosis forms and templates, and the prescription list (docs/archive.md). */
export const inquiryApi = {
  templates: () => http.get<TemplateSummary[]>(INQUIRY_PATHS.templates),
  template: (id: string) => http.get<Template>(INQUIRY_PATHS.template(id), { noErrorMessage: true }),
  addTemplate: (body: TemplateBody) => http.post<Template>(INQUIRY_PATHS.addTemplate, { body, noErrorMessage: true }),
  updateTemplate: (id: string, body: TemplateBody) =>
    http.post<Template>(INQUIRY_PATHS.updateTemplate(id), { body, noErrorMessage: true }),
  removeTemplate: (id: string) => http.post<null>(INQUIRY_PATHS.removeTemplate, { body: { id } }),
  forms: (body: FormListBody) => http.post<Page<FormSummary>>(INQUIRY_PATHS.forms, { body }),
  form: (id: string) => http.get<FormDetail>(INQUIRY_PATHS.form(id), { noErrorMessage: true }),
  fill: (body: { templateId: string; caseId: string; visitId?: string; answers: Answers }) =>
    http.post<FormSummary>(INQUIRY_PATHS.fill, { body, noErrorMessage: true }),
  send: (body: { templateId: string; caseId: string; visitId?: string; hours?: number }) =>
    http.post<{ form: FormSummary; token: string; path: string }>(INQUIRY_PATHS.send, { body }),
  prescriptions: (body: PrescriptionListBody) =>
    http.post<Page<PrescriptionRow>>(INQUIRY_PATHS.prescriptions, { body }),
  upload: async (file: File) => {
    const multipart = new FormData();
    multipart.set('file', file);
    return (await http.post<OssUploadResult>(FILE_PATHS.portalOssUpload, { multipart })).uuid;
  },
};

/** Query keys of the forms and templates (the prescription list's keys are the archive's). */
export const INQUIRY_KEYS = {
  all: ['inquiry'] as const,
  templates: ['inquiry', 'templates'] as const,
  template: (id: string | null | undefined) => ['inquiry', 'template', id] as const,
  /** Every form list (the list page and a case's forms). */
  forms: ['inquiry', 'forms'] as const,
  formPage: (body: FormListBody) => ['inquiry', 'forms', body] as const,
  caseForms: (caseId: string) => ['inquiry', 'forms', 'case', caseId] as const,
  form: (id: string) => ['inquiry', 'form', id] as const,
};

export const useTemplates = (enabled = true) =>
  useQuery({ queryKey: INQUIRY_KEYS.templates, queryFn: inquiryApi.templates, enabled });
/**
 * One template; a refusal (another's, gone, no id in the address) is shown by the page, so not
 * retried. `enabled`: read only once it is wanted (the new-form dialog's filling step).
 */
export const useTemplate = (id: string | undefined, enabled = true) =>
  useQuery({
    queryKey: INQUIRY_KEYS.template(id),
    queryFn: () => inquiryApi.template(id ?? ''),
    enabled,
    retry: false,
  });
export const useInquiryForm = (id: string) =>
  useQuery({ queryKey: INQUIRY_KEYS.form(id), queryFn: () => inquiryApi.form(id), retry: false });

/** A form filled now, or a link made for the patient: a new row in the form lists. */
function useNewForm<A, R>(fn: (a: A) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: INQUIRY_KEYS.forms }) });
}
/** A refusal carries the answers' problems in its data (the filler shows them beside the questions). */
export const useFillForm = () => useNewForm(inquiryApi.fill);
export const useSendLink = () => useNewForm(inquiryApi.send);

/** A removed template leaves the template list (its forms keep their copy of the definition). */
export function useRemoveTemplate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: inquiryApi.removeTemplate,
    onSuccess: (_r, id) =>
      Promise.all([
        qc.invalidateQueries({ queryKey: INQUIRY_KEYS.templates }),
        qc.invalidateQueries({ queryKey: INQUIRY_KEYS.template(id) }),
      ]),
  });
}

/** The patient's link as a full address on this site. */
export const linkUrl = (path: string) =>
  `${window.location.origin}${import.meta.env.BASE_URL.replace(/\/$/, '')}${path}`;

/**
 * Adds a template, or updates one (`id`); the inquiry lists are read again. A refusal carries the
 * definition's problems in its data (the editor lists them).
 */
export const useSaveTemplate = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (a: { id: string | null; body: TemplateBody }) =>
      a.id ? inquiryApi.updateTemplate(a.id, a.body) : inquiryApi.addTemplate(a.body),
    onSuccess: () => qc.invalidateQueries({ queryKey: INQUIRY_KEYS.all }),
  });
};

/** The forms of one case (its card on the case page). */
export const useCaseForms = (caseId: string) =>
  useQuery({ queryKey: INQUIRY_KEYS.caseForms(caseId), queryFn: () => inquiryApi.forms({ caseId, size: 100 }) });

/** One page of the doctor's forms (forms/index). */
export const useFormPage = (body: FormListBody) =>
  useQuery({ queryKey: INQUIRY_KEYS.formPage(body), queryFn: () => inquiryApi.forms(body) });
