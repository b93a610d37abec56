import { SYS_VERSION } from './paths.js';

/**
 * Addresses of the site-content calls (docs/site.md). In a file without zod, as theme.ts: the
 * public news page needs only its address, and importing it from content.ts would bring the
 * content schemas (and zod) into that page's first load (docs/web.md "Speed and reach").
 */
const CONTENT = `/backend/sys/${SYS_VERSION}/content`;
const ENQUIRY = `/backend/sys/${SYS_VERSION}/enquiry`;
export const CONTENT_PATHS = {
  list: `${CONTENT}/list`,
  find: (id: number | string) => `${CONTENT}/find/${id}`,
  add: `${CONTENT}/add`,
  edit: `${CONTENT}/edit`,
  publish: `${CONTENT}/publish`,
  remove: (id: number | string) => `${CONTENT}/remove/${id}`,
  enquiryList: `${ENQUIRY}/list`,
  enquiryUpdate: `${ENQUIRY}/update`,
  enquiryExport: `${ENQUIRY}/export`,
  settings: `/backend/sys/${SYS_VERSION}/settings`,
  /** Public calls: no token; the reader's language comes from the `language` header or query. */
  portalNews: '/backend/portal/news/list',
  portalNewsItem: (id: number | string) => `/backend/portal/news/item/${id}`,
  portalPage: (name: string) => `/backend/portal/pages/${name}`,
  portalSettings: '/backend/portal/settings',
  portalEnquiry: '/backend/portal/cooperation/submit',
} as const;
