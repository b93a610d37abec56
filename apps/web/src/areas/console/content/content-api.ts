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
  type SiteSettings,
} from '@tcm/contract';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/api.js';
import { ENQUIRIES_KEY } from '../../../lib/content-keys.js';
import { useInvalidatingMutation, usePostMutation } from '../../../lib/invalidating-mutation.js';

/** Back-office reads of the content pages (docs/site.md); writes are the hooks below. */
export const contentApi = {
  list: (kind: ContentKind, page: number, size: number, keyword?: string) =>
    http.post<ContentPage>(CONTENT_PATHS.list, {
      params: { page, size },
      body: { kind, ...(keyword ? { keyword } : {}) },
    }),
  find: (id: number) => http.get<ContentItem>(CONTENT_PATHS.find(id)),
  enquiries: (page: number, size: number, status?: EnquiryStatus, keyword?: string) =>
    http.post<EnquiryPage>(CONTENT_PATHS.enquiryList, {
      params: { page, size },
      body: { ...(status ? { status } : {}), ...(keyword ? { keyword } : {}) },
    }),
  settings: () => http.get<SiteSettings>(CONTENT_PATHS.settings),
};

/** Query keys of the content pages. */
export const CONTENT_KEYS = {
  list: (kind: ContentKind) => ['content', 'list', kind] as const,
  item: (id: number) => ['content', 'item', id] as const,
  /** Shared with the site's cooperation form, which adds to the inbox (lib/content-keys.ts). */
  enquiries: ENQUIRIES_KEY,
  settings: ['settings'] as const,
};

/** The organisation settings (name, logo, contact, report footer). */
export const useSettings = () => useQuery({ queryKey: CONTENT_KEYS.settings, queryFn: contentApi.settings });

/** Saves the settings; they are read again afterwards. */
export const useSaveSettings = () =>
  usePostMutation<SiteSettings, SiteSettings>(CONTENT_PATHS.settings, [CONTENT_KEYS.settings]);

/** One news item or page for its edit dialog; null id (a new item) reads nothing. */
export const useContentItem = (id: number | null) =>
  useQuery({
    queryKey: CONTENT_KEYS.item(id ?? 0),
    queryFn: () => contentApi.find(id!),
    enabled: id !== null && id !== 0,
  });

/** Adds (no id) or edits a news item or page: its list, and the stored item of an edit. */
export const useSaveContent = () =>
  useInvalidatingMutation(
    (body: ContentAddBody | ContentEditBody) =>
      'id' in body
        ? http.post<ContentItem>(CONTENT_PATHS.edit, { body })
        : http.post<ContentItem>(CONTENT_PATHS.add, { body }),
    (body) => [CONTENT_KEYS.list(body.kind), ...('id' in body ? [CONTENT_KEYS.item(body.id)] : [])],
  );

/** Publishes now or at `publishAt`, or takes an item back to draft (`published` false). */
export const usePublishContent = (kind: ContentKind) =>
  useInvalidatingMutation(
    (a: { id: number; published: boolean; publishAt?: string | null }) =>
      http.post<ContentItem>(CONTENT_PATHS.publish, {
        body: { id: a.id, published: a.published, ...(a.publishAt ? { publishAt: a.publishAt } : {}) },
      }),
    (a) => [CONTENT_KEYS.list(kind), CONTENT_KEYS.item(a.id)],
  );

export const useRemoveContent = (kind: ContentKind) =>
  useInvalidatingMutation((id: number) => http.del<null>(CONTENT_PATHS.remove(id)), [CONTENT_KEYS.list(kind)]);

/** The inbox's status and note of one enquiry. */
export const useUpdateEnquiry = () =>
  useInvalidatingMutation(
    (a: { id: number; status: EnquiryStatus; note: string | null }) =>
      http.post<Enquiry>(CONTENT_PATHS.enquiryUpdate, { body: a }),
    [CONTENT_KEYS.enquiries],
  );
