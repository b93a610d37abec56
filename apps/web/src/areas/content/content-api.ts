import {
  CONTENT_PATHS,
  type ContentAddBody,
  type ContentEditBody,
  type ContentItem,
  type ContentKind,
  type ContentPage,
  type Enquiry,
  type EnquiryPage,
  type EnquiryStatus,
  type EnquirySubmitBody,
  type SiteSettings,
} from '@tcm/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/api.js';

/** Back-office calls of the content pages (docs/site.md). */
export const contentApi = {
  list: (kind: ContentKind, page: number, size: number, keyword?: string) =>
    http.post<ContentPage>(CONTENT_PATHS.list, {
      params: { page, size },
      body: { kind, ...(keyword ? { keyword } : {}) },
    }),
  find: (id: number) => http.get<ContentItem>(CONTENT_PATHS.find(id)),
  add: (body: ContentAddBody) => http.post<ContentItem>(CONTENT_PATHS.add, { body }),
  edit: (body: ContentEditBody) => http.post<ContentItem>(CONTENT_PATHS.edit, { body }),
  publish: (id: number, published: boolean, publishAt?: string | null) =>
    http.post<ContentItem>(CONTENT_PATHS.publish, { body: { id, published, ...(publishAt ? { publishAt } : {}) } }),
  remove: (id: number) => http.del<null>(CONTENT_PATHS.remove(id)),
  enquiries: (page: number, size: number, status?: EnquiryStatus, keyword?: string) =>
    http.post<EnquiryPage>(CONTENT_PATHS.enquiryList, {
      params: { page, size },
      body: { ...(status ? { status } : {}), ...(keyword ? { keyword } : {}) },
    }),
  updateEnquiry: (id: number, status: EnquiryStatus, note: string | null) =>
    http.post<Enquiry>(CONTENT_PATHS.enquiryUpdate, { body: { id, status, note } }),
  settings: () => http.get<SiteSettings>(CONTENT_PATHS.settings),
  saveSettings: (body: SiteSettings) => http.post<SiteSettings>(CONTENT_PATHS.settings, { body }),
};

/** Public calls of the site; the client sends the reader's language (spec §7 /portal/ rule). */
export const siteApi = {
  news: (page: number, size: number) =>
    http.get<ContentPage>(CONTENT_PATHS.portalNews, { params: { page, size }, noErrorMessage: true }),
  page: (name: string) => http.get<ContentItem>(CONTENT_PATHS.portalPage(name), { noErrorMessage: true }),
  settings: () => http.get<SiteSettings>(CONTENT_PATHS.portalSettings, { noErrorMessage: true }),
  /** The form shows the server's message itself (field named, reader's language). */
  enquire: (body: EnquirySubmitBody) =>
    http.post<{ id: number }>(CONTENT_PATHS.portalEnquiry, { body, noErrorMessage: true }),
};

/** Query keys of the content pages. */
export const CONTENT_KEYS = {
  item: (id: number) => ['content', 'item', id] as const,
  settings: ['settings'] as const,
};

/** The organisation settings (name, logo, contact, report footer). */
export const useSettings = () => useQuery({ queryKey: CONTENT_KEYS.settings, queryFn: contentApi.settings });

/** Saves the settings; they are read again afterwards. */
export const useSaveSettings = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: contentApi.saveSettings,
    onSuccess: () => void qc.invalidateQueries({ queryKey: CONTENT_KEYS.settings }),
  });
};

/** One news item or page for its edit dialog; null id (a new item) reads nothing. */
export const useContentItem = (id: number | null) =>
  useQuery({
    queryKey: CONTENT_KEYS.item(id ?? 0),
    queryFn: () => contentApi.find(id!),
    enabled: id !== null && id !== 0,
  });
