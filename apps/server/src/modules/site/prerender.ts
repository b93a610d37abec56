import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import {
  PRERENDER_ID,
  PRERENDER_NEWS_ID,
  type PrerenderPage,
  type SiteLang,
  type SitePrerenderModule,
} from '@tcm/contract';
import { sanitizeShownHtml } from '../content/sanitize-content.js';
import type { PageHead } from './page-head.js';

/** Where the web build puts the server's module (apps/web `vite build --ssr`); never served. */
export const PRERENDER_DIR = 'ssr';
const MODULE_FILE = 'site-prerender.js';

/**
 * The web build's module that draws the public pages' first HTML with the app's components
 * (issue 22 item 7, docs/web.md "First HTML"), or null when the build has none or it fails to
 * load: the pages are then served as the app alone, as before.
 */
export async function loadPrerender(dist: string, log: FastifyBaseLogger): Promise<SitePrerenderModule | null> {
  const file = resolve(dist, PRERENDER_DIR, MODULE_FILE);
  if (!existsSync(file)) return null;
  try {
    const mod = (await import(pathToFileURL(file).href)) as Partial<SitePrerenderModule>;
    return typeof mod.renderSitePage === 'function' ? (mod as SitePrerenderModule) : null;
  } catch (err) {
    log.warn({ err }, 'the public pages are served without their first HTML: the prerender module did not load');
    return null;
  }
}

/** Which prerendered page a public route is, if any: the home, /tongueAnalyze, a published news item. */
export function prerenderPageOf(path: string, head: PageHead | null): PrerenderPage | null {
  if (path === '/') return { page: 'home' };
  if (path === '/tongueAnalyze') return { page: 'tongueAnalyze' };
  const n = head?.news;
  if (!n) return null;
  return {
    page: 'newsDetail',
    news: {
      title: n.title,
      date: n.publishAt ?? n.createdAt,
      coverUrl: n.coverUrl,
      bodyHtml: sanitizeShownHtml(n.body),
      sources: n.sources,
    },
  };
}

/**
 * index.html with its stylesheets inline: the first paint of a prerendered page then waits for no
 * other file (Lighthouse "render-blocking resources"). The entry's stylesheet is the site frame's
 * and the light pages' CSS (5 KB, 1.7 KB gzip), so all of it is the critical CSS.
 */
export function withInlineCss(html: string, dist: string): string {
  return html.replace(
    /<link rel="stylesheet"(?: crossorigin)? href="[^"]*\/assets\/([\w.-]+\.css)"\s*\/?>/g,
    (link, name: string) => {
      const file = join(dist, 'assets', name);
      if (!existsSync(file)) return link;
      return `<style>${readFileSync(file, 'utf8').replace(/<\/style/gi, '<\\/style')}</style>`;
    },
  );
}

/**
 * index.html without the app's module preloads, for a prerendered page: the entry fetches the app
 * after the first paint (apps/web/src/main.tsx; the browser's module loader then fetches the boot
 * chunk's imports, and Vite's helper appends no preload link for them: apps/web/vite.config.ts).
 * Lighthouse counts script requests that end before the paint into its simulated FCP (those of
 * high priority) and LCP (any), which then waited for 150 KB on a slow phone network (seen:
 * observed FCP 0.56 s, simulated 2.5 s; with prefetch instead, simulated LCP 2.0 s against 0.3 s).
 */
export function withoutModulePreloads(html: string): string {
  return html.replace(/[ \t]*<link rel="modulepreload"[^>]*>\n?/g, '');
}

/**
 * The page's markup before the app's root, which the entry CSS hides until the app takes over;
 * with `data` (the news item, as its portal call answers it) as a JSON data block: never executed
 * (the CSP allows no inline script), `<` written as `\u003c` so no text can close the element.
 */
export function withPrerender(html: string, markup: string, data?: unknown): string {
  const json =
    data === undefined
      ? ''
      : `<script type="application/json" id="${PRERENDER_NEWS_ID}">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;
  return html.replace(
    /<div id="root"><\/div>/,
    () => `<div id="${PRERENDER_ID}">${markup}${json}</div><div id="root"></div>`,
  );
}

/** The first HTML of `page` in the reader's language, or null when the module fails on it. */
export function renderPage(
  mod: SitePrerenderModule,
  lang: SiteLang,
  page: PrerenderPage,
  log: FastifyBaseLogger,
): string | null {
  try {
    return mod.renderSitePage(lang, page);
  } catch (err) {
    log.error({ err, page: page.page }, 'prerender failed; the page is served without its first HTML');
    return null;
  }
}
