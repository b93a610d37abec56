import type { FastifyBaseLogger } from 'fastify';
import type { SiteLang } from '@tcm/contract';
import type { Db } from '../../db/client.js';
import { pageHead, withPageHead } from './page-head.js';
import {
  loadPrerender,
  PRERENDER_DIR,
  prerenderPageOf,
  renderPage,
  withInlineCss,
  withoutModulePreloads,
  withPrerender,
} from './prerender.js';
import { robotsTxt, sitemapXml } from './sitemap.js';

/**
 * The public site's share of the served web app (issue 22 item 7): each public page's head
 * (title, description, Open Graph, in the page's language; page-head.ts), the first HTML of the
 * home, /tongueAnalyze and a news item (prerender.ts), and the crawler files (sitemap.ts).
 * `http/web.ts` serves the app and asks this for the page; app.ts wires the two, so neither this
 * module nor the content it reads imports the transport, and the transport imports no feature.
 *
 * `root` is the web build, `page` its index.html as the transport prepared it (client meta).
 */
export async function siteRendering(db: Db, root: string, page: string, log: FastifyBaseLogger) {
  const prerender = await loadPrerender(root, log);
  // A prerendered page carries the stylesheet inline; other pages stay the app alone.
  const inlined = prerender ? withoutModulePreloads(withInlineCss(page, root)) : page;
  return {
    /** The prerender module's folder in the build: never served as a file. */
    privateDirs: [PRERENDER_DIR],
    /** The page at `path` in `lang`: its head, and its first HTML where the site draws one. */
    async page(path: string, lang: SiteLang, baseUrl: string, requestLog: FastifyBaseLogger): Promise<string> {
      const head = await pageHead(db, baseUrl, path, lang);
      const first = prerender && prerenderPageOf(path, head);
      // The frame and texts speak the reader's language, as the app that takes over draws them.
      const markup = first ? renderPage(prerender, lang, first, requestLog) : null;
      const html = markup ? withPrerender(inlined, markup, head?.news) : page;
      return head ? withPageHead(html, head) : html;
    },
    sitemapXml: (baseUrl: string) => sitemapXml(db, baseUrl),
    robotsTxt,
  };
}
