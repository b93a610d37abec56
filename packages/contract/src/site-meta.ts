import sitePages from './data/site-pages.json' with { type: 'json' };
/**
 * Head texts of the public site's pages (issue 22 item 7): the server writes them into the
 * index.html it answers for each public route (title, description, Open Graph) and lists the
 * pages in sitemap.xml. Titles follow the web app's route names; the platform's name is said in
 * the reader's language (issue 34 item 3; before, it stayed Chinese in English too).
 */
export type SiteLang = 'zh' | 'en';
export type Worded = Record<SiteLang, string>;

/** A page as data/site-pages.json holds it: `listed` only where a page stays out of sitemap.xml. */
type SitePageRow = Omit<SitePageMeta, 'listed'> & { listed?: boolean };

export interface SitePageMeta {
  /** Client route under /pc (the web app's route table). */
  path: string;
  /** Page name; null for the home, which carries the platform's name alone. */
  title: Worded | null;
  description: Worded;
  /** Listed in sitemap.xml (pages behind a token or meant for one person are not). */
  listed: boolean;
}

/** The platform's name in each language (the web app's `app.windowTitle`). */
export const SITE_NAMES: Worded = { zh: '中医智能舌诊开放平台', en: 'TCM Tongue Diagnosis Open Platform' };
/** The Chinese name, as before issue 34. */
export const SITE_NAME = SITE_NAMES.zh;

/**
 * The site pages its footer links to (issue 34 item 3), seeded in zh and en
 * (apps/server/src/seed/site-footer-pages.ts) and shown at /pages/{name}.
 */
export const FOOTER_PAGES = { contact: 'lianxiwomen', privacy: 'yinsizhengce', terms: 'fuwutiaokuan' } as const;

/** Query parameter that picks the language of a shared or crawled page (`hl=en`); `lang` is the report language of /checked/pdf. */
export const SITE_LANG_PARAM = 'hl';

/** Every public page's head texts, in the web app's route order: data, data/site-pages.json. */
export const SITE_PAGES: readonly SitePageMeta[] = sitePages.map((p: SitePageRow) => ({
  ...p,
  listed: p.listed ?? true,
}));

/** The news detail route (`/xinwendongtai/{id}`) and the CMS pages (`/pages/{name}`). */
export const SITE_NEWS_PATH = '/xinwendongtai';
export const SITE_PAGES_PATH = '/pages';
