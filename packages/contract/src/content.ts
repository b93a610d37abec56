import contentErrors from './errors/content.json' with { type: 'json' };
import { z } from 'zod';
import { rowTimes } from './row-times.js';
import { adminPaging, pageOf, searchText } from './paging.js';
import { defineErrors } from './errors.js';

/**
 * Site content (issue 22 items 3-6; docs/site.md): news and dynamic pages edited in the back
 * office, cooperation enquiries from the public form, and the organisation's settings.
 */
export { CONTENT_PATHS } from './content-paths.js';

/** Button codes the server enforces (seeded under the content pages). */
export const CONTENT_BUTTONS = {
  add: 'content-add',
  edit: 'content-edit',
  publish: 'content-publish',
  remove: 'content-remove',
  /** Reading the inbox (enquirers' names and numbers): issue 35 item 5. */
  enquiryView: 'enquiry-view',
  enquiryEdit: 'enquiry-edit',
  enquiryExport: 'enquiry-export',
  settingsEdit: 'settings-edit',
} as const;

export const CONTENT_ERRORS = defineErrors(contentErrors);

export const CONTENT_KINDS = ['news', 'page'] as const;
export const contentKind = z.enum(CONTENT_KINDS);
export type ContentKind = z.infer<typeof contentKind>;
/** Languages content is written in (the site's two languages). */
export const CONTENT_LANGS = ['zh', 'en'] as const;
export const contentLang = z.enum(CONTENT_LANGS);
export type ContentLang = z.infer<typeof contentLang>;

/** A page's name: the `{name}` of /pages/{name} (also the fixed site pages, e.g. `guanyuwomen`). */
export const pageName = z
  .string()
  .max(64)
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'letters, digits, - and _ (1-64)');

const isoDate = z.string().datetime({ offset: true });
/** Cover images and logos: a file of this server (`/backend/file/...`) or an http(s) address. */
const imageUrl = z
  .string()
  .max(500)
  .regex(/^(\/backend\/file\/[\w.-]+(\?[\w=&]*)?|https?:\/\/\S+)$/, 'a /backend/file/ path or an http(s) address');

export const contentAddBody = z.object({
  kind: contentKind,
  name: pageName.nullable().optional(),
  lang: contentLang,
  title: z.string().trim().min(1).max(200),
  summary: z.string().trim().max(500).nullable().optional(),
  /** HTML from the rich-text editor; sanitised on the server (allow-list) before it is stored. */
  body: z.string().max(200_000),
  coverUrl: imageUrl.nullable().optional(),
  /** Source notes of stated facts (shown under the text). */
  sources: z.array(z.string().trim().min(1).max(300)).max(20).optional(),
});
export type ContentAddBody = z.infer<typeof contentAddBody>;
export const contentEditBody = contentAddBody.extend({ id: z.number().int().min(1) });
export type ContentEditBody = z.infer<typeof contentEditBody>;

export const contentPublishBody = z.object({
  id: z.number().int().min(1),
  published: z.boolean(),
  /** With `published`: visible from this moment on (a schedule); absent: now. */
  publishAt: isoDate.nullable().optional(),
});

export const contentItem = z.object({
  id: z.number().int(),
  kind: contentKind,
  name: z.string().nullable(),
  lang: contentLang,
  title: z.string(),
  summary: z.string().nullable(),
  body: z.string(),
  coverUrl: z.string().nullable(),
  sources: z.array(z.string()),
  published: z.boolean(),
  publishAt: z.string().nullable(),
  ...rowTimes,
});
export type ContentItem = z.infer<typeof contentItem>;

export const contentListQuery = z.object({
  ...adminPaging,
});
export const contentListBody = z
  .object({
    kind: contentKind.default('news'),
    lang: contentLang.optional(),
    keyword: searchText,
  })
  .default({ kind: 'news' });
/** List rows leave the body out (it can be large). */
export const contentRow = contentItem.omit({ body: true });
export type ContentRow = z.infer<typeof contentRow>;
export const contentPage = pageOf(contentRow);
export type ContentPage = z.infer<typeof contentPage>;

export const portalNewsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
  language: z.string().max(20).optional(),
});
export const idParam = z.object({ id: z.coerce.number().int().min(1) });
export const pageNameParam = z.object({ name: pageName });

// ---- cooperation enquiries ----

export const ENQUIRY_STATUSES = ['new', 'contacted', 'closed'] as const;
export const enquiryStatus = z.enum(ENQUIRY_STATUSES);
export type EnquiryStatus = z.infer<typeof enquiryStatus>;

/**
 * The cooperation form (spec §5): every field required, checked by the server with messages
 * in the reader's language (FIELD_REQUIRED, CONTACT_INVALID); here only types and lengths.
 */
export const enquirySubmitBody = z.object({
  company: z.string().max(100).optional(),
  contactPerson: z.string().max(50).optional(),
  contact: z.string().max(30).optional(),
  description: z.string().max(2000).optional(),
  language: z.string().max(20).optional(),
});
export type EnquirySubmitBody = z.infer<typeof enquirySubmitBody>;
export const ENQUIRY_FIELDS = ['company', 'contactPerson', 'contact', 'description'] as const;
/** Field names as the form labels them, for the messages naming a missing field. */
export const ENQUIRY_FIELD_LABELS: Record<(typeof ENQUIRY_FIELDS)[number], { zh: string; en: string }> = {
  company: { zh: '公司名称', en: 'company name' },
  contactPerson: { zh: '联系人', en: 'contact person' },
  contact: { zh: '联系方式', en: 'contact number' },
  description: { zh: '需求描述', en: 'requirement description' },
};

/** Mainland mobile (11 digits from 1[3-9]) or landline (area code 0xx/0xxx, 7-8 digits, extension). */
export const MOBILE_RE = /^(\+?86[- ]?)?1[3-9]\d{9}$/;
export const LANDLINE_RE = /^(\(0\d{2,3}\)|0\d{2,3})[- ]?\d{7,8}([- ]\d{1,6})?$/;
export const isPhoneNumber = (s: string) => MOBILE_RE.test(s.trim()) || LANDLINE_RE.test(s.trim());

export const enquiry = z.object({
  id: z.number().int(),
  company: z.string(),
  contactPerson: z.string(),
  contact: z.string(),
  description: z.string(),
  status: enquiryStatus,
  note: z.string().nullable(),
  language: contentLang,
  ...rowTimes,
});
export type Enquiry = z.infer<typeof enquiry>;
export const enquiryListBody = z.object({ status: enquiryStatus.optional(), keyword: searchText }).default({});
export const enquiryPage = pageOf(enquiry);
export type EnquiryPage = z.infer<typeof enquiryPage>;
export const enquiryUpdateBody = z.object({
  id: z.number().int().min(1),
  status: enquiryStatus.optional(),
  note: z.string().max(2000).nullable().optional(),
});

// ---- settings ----

const zhEn = z.object({ zh: z.string().trim().max(200), en: z.string().trim().max(200) });
export const siteSettings = z.object({
  orgName: zhEn,
  logoUrl: imageUrl.nullable(),
  phone: z.string().trim().max(50),
  email: z.string().trim().max(120),
  address: zhEn,
  /** Printed at the foot of every PDF report page, in the report's language (one line). */
  reportFooter: z.object({ zh: z.string().trim().max(80), en: z.string().trim().max(80) }),
});
export type SiteSettings = z.infer<typeof siteSettings>;

/** What an empty database answers: the platform's own name, nothing invented. */
export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  orgName: { zh: '中医舌诊开放平台', en: 'TCM Tongue Diagnosis Open Platform' },
  logoUrl: null,
  phone: '',
  email: '',
  address: { zh: '', en: '' },
  reportFooter: { zh: '', en: '' },
};
