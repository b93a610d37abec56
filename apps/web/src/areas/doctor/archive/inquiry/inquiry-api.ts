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
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../../lib/api.js';

interface Page<T> {
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
    onSuccess: () => qc.invalidateQueries({ queryKey: ['inquiry'] }),
  });
};
