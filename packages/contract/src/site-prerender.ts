/**
 * The server's first HTML of the public pages (issue 22 item 7, docs/web.md "First HTML"): the
 * web build emits a server-side module (`dist/ssr/site-prerender.js`, from
 * `apps/web/src/prerender/site-prerender.tsx`) that draws these pages with the app's own
 * components; the server calls it per request and writes its markup before the app's root.
 * Zod-free: the web entry imports PRERENDER_ID.
 */
import type { SiteLang } from './site-meta.js';

/** Id of the element holding the server's markup; the app removes it once it has drawn the page. */
export const PRERENDER_ID = 'prerender';

/**
 * Id of the JSON data block (inside the server's markup) holding the news item the page shows, so
 * the app draws it in its first render instead of asking for it again.
 */
export const PRERENDER_NEWS_ID = 'prerender-news';

/** A news item as its page shows it; `bodyHtml` is already sanitised by the server. */
export interface PrerenderNews {
  title: string;
  /** ISO time of publication (else creation), as the page's date line shows it. */
  date: string;
  coverUrl: string | null;
  bodyHtml: string;
  sources: string[];
}

export type PrerenderPage = { page: 'home' } | { page: 'tongueAnalyze' } | { page: 'newsDetail'; news: PrerenderNews };

/** What the module exports. */
export interface SitePrerenderModule {
  renderSitePage(lang: SiteLang, page: PrerenderPage): string;
}
