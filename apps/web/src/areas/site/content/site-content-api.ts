import {
  CONTENT_PATHS,
  type ContentItem,
  type ContentPage,
  type EnquirySubmitBody,
  type SiteSettings,
} from '@tcm/contract';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/api.js';
import { ENQUIRIES_KEY } from '../../../lib/content-keys.js';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation.js';

/**
 * The site's own reads of the content pages (docs/site.md): the public /portal/ calls, which the
 * server answers in the reader's language (spec §7). The back office's content api is another
 * area's (areas/console/content); the site never imports it (boundaries.test.ts).
 */
export const siteApi = {
  news: (page: number, size: number) =>
    http.get<ContentPage>(CONTENT_PATHS.portalNews, { params: { page, size }, noErrorMessage: true }),
  page: (name: string) => http.get<ContentItem>(CONTENT_PATHS.portalPage(name), { noErrorMessage: true }),
  settings: () => http.get<SiteSettings>(CONTENT_PATHS.portalSettings, { noErrorMessage: true }),
};

/** Query keys of the site's content reads, per reader language. */
export const SITE_CONTENT_KEYS = {
  sitePage: (name: string, lang: string) => ['site-page', name, lang] as const,
  siteNews: (lang: string) => ['site-news', lang] as const,
  siteSettings: ['site-settings'] as const,
};

/** A CMS page in the reader's language; a missing page is an answer, not retried. */
export const useCmsPage = (name: string, lang: string) =>
  useQuery({ queryKey: SITE_CONTENT_KEYS.sitePage(name, lang), queryFn: () => siteApi.page(name), retry: false });

/** The published news list (first 50). */
export const useSiteNews = (lang: string) =>
  useQuery({ queryKey: SITE_CONTENT_KEYS.siteNews(lang), queryFn: () => siteApi.news(1, 50) });

/** The organisation's public settings (name, contact). */
export const useSiteSettings = () => useQuery({ queryKey: SITE_CONTENT_KEYS.siteSettings, queryFn: siteApi.settings });

/**
 * The public cooperation form (spec §5). No toast: the form shows the server's message itself
 * (field named, reader's language). It adds to the back office's inbox.
 */
export const useEnquire = () =>
  useInvalidatingMutation(
    (body: EnquirySubmitBody) => http.post<{ id: number }>(CONTENT_PATHS.portalEnquiry, { body, noErrorMessage: true }),
    [ENQUIRIES_KEY],
  );
