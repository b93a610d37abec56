import translationErrors from './errors/translation.json' with { type: 'json' };
import { z } from 'zod';
import { rowTimes } from './row-times.js';
import { adminPaging, adminSearchBody, pageOf } from './paging.js';
import { defineErrors } from './errors.js';
import { keyedFields } from './keyed-fields.js';
import { sortOrder } from './query.js';

/** Languages an entry carries besides the Simplified-Chinese original (spec §9). */
export const TRANSLATION_LANGS = ['zhHant', 'en', 'th', 'ms', 'ind', 'jpa', 'kor', 'fr', 'de', 'ru'] as const;
export type TranslationLang = (typeof TRANSLATION_LANGS)[number];

const langFields = keyedFields(TRANSLATION_LANGS, z.string().max(20000).nullable().optional());

/** 64 lowercase hex digits: SHA-256 of the original text (UTF-8). */
export const originalHash = z.string().regex(/^[0-9a-f]{64}$/, 'must be a SHA-256 hex digest');

/** POST languageTranslation/create: id 0 (new); the server computes the hash. */
export const translationCreateBody = z.object({
  id: z.literal(0).optional(),
  originalText: z.string().trim().min(1, '请填写原文 / 简体中文 / zh-Hans！').max(20000),
  remark: z.string().max(200).nullable().optional(),
  ...langFields,
});
export type TranslationCreateBody = z.infer<typeof translationCreateBody>;

/** POST languageTranslation/update: the original is immutable, so it is not accepted here. */
export const translationUpdateBody = z.object({
  id: z.number().int().min(1),
  remark: z.string().max(200).nullable().optional(),
  ...langFields,
});
export type TranslationUpdateBody = z.infer<typeof translationUpdateBody>;

/** A translation entry as every call returns it (spec §3). */
export const translationEntry = z.object({
  id: z.number().int(),
  originalHash,
  originalText: z.string(),
  ...keyedFields(TRANSLATION_LANGS, z.string().nullable()),
  remark: z.string().nullable(),
  ...rowTimes,
});
export type TranslationEntry = z.infer<typeof translationEntry>;

/** Query of POST languageTranslation/list (pages are 1-based; sizes of spec §9). */
export const translationListQuery = z.object({
  ...adminPaging,
  order: sortOrder,
});
/** Body of POST languageTranslation/list: a search term and/or a combined query. */
export const translationListBody = adminSearchBody.default({});
export const translationPage = pageOf(translationEntry);
export type TranslationPage = z.infer<typeof translationPage>;

/** GET languageTranslation/init: what the admin screen needs to start. */
export const translationInit = z.object({
  languages: z.array(z.object({ key: z.string(), zh: z.string(), en: z.string() })),
  queryFields: z.array(z.object({ name: z.string(), type: z.string(), zh: z.string(), en: z.string() })),
});

/** Fields the combined query and search may use on translations (whitelist, both sides). */
export const TRANSLATION_QUERY_FIELDS = {
  originalText: 'string',
  en: 'string',
  zhHant: 'string',
  remark: 'string',
  id: 'long',
  createdAt: 'date',
} as const;

/** Labels of the language tabs (spec §9 order; zh-Hans is the original). */
export const TRANSLATION_LANG_LABELS: Record<
  TranslationLang | 'originalText',
  { zh: string; en: string; code: string }
> = {
  originalText: { zh: '简体中文', en: 'Simplified Chinese', code: 'zh-Hans' },
  zhHant: { zh: '繁體中文', en: 'Traditional Chinese', code: 'zh-Hant' },
  en: { zh: '英语', en: 'English', code: 'en' },
  th: { zh: '泰语', en: 'Thai', code: 'th' },
  ms: { zh: '马来语', en: 'Malay', code: 'ms' },
  ind: { zh: '印尼语', en: 'Indonesian', code: 'ind' },
  jpa: { zh: '日语', en: 'Japanese', code: 'jpa' },
  kor: { zh: '韩语', en: 'Korean', code: 'kor' },
  fr: { zh: '法语', en: 'French', code: 'fr' },
  de: { zh: '德语', en: 'German', code: 'de' },
  ru: { zh: '俄语', en: 'Russian', code: 'ru' },
};

export const TRANSLATION_PATHS = {
  list: '/backend/interfacesvc/languageTranslation/list',
  init: '/backend/interfacesvc/languageTranslation/init',
  create: '/backend/interfacesvc/languageTranslation/create',
  update: '/backend/interfacesvc/languageTranslation/update',
  remove: (id: number | string) => `/backend/interfacesvc/languageTranslation/delete/${id}`,
  find: (id: number | string) => `/backend/interfacesvc/languageTranslation/find/${id}`,
  /** Public-site language resource (designed here): GET with `entry` = URL-encoded JSON. */
  portalFind: '/backend/portal/languageResource/find',
  portalCreate: '/backend/portal/languageResource/create',
  portalUpdate: '/backend/portal/languageResource/update',
} as const;

/** Query of the public language-resource calls: the entry fields as JSON in `entry`. */
export const portalEntryQuery = z.object({ entry: z.string().min(2).max(60000) });

/** Button codes guarding the admin endpoints (seeded under 语言翻译). */
export const TRANSLATION_BUTTONS = {
  add: 'translation-add',
  edit: 'translation-edit',
  remove: 'translation-delete',
} as const;

export const TRANSLATION_ERRORS = defineErrors(translationErrors);
