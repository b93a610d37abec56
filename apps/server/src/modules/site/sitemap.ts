import { and, eq, type SQL } from 'drizzle-orm';
import { SITE_LANG_PARAM, SITE_NEWS_PATH, SITE_PAGES, SITE_PAGES_PATH } from '@tcm/contract';
import type { Db } from '../../db/client.js';
import { contentItems } from '../../db/schema/index.js';
import { listItems, visibleNow } from '../content/content.repo.js';

/** More than a site of this kind publishes; a sitemap file may list 50,000 addresses. */
const MAX_ITEMS = 10_000;

const escapeXml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

interface Entry {
  loc: string;
  lastmod?: Date;
}

async function visible(db: Db, kind: 'news' | 'page') {
  const where: SQL = and(eq(contentItems.kind, kind), visibleNow())!;
  return (await listItems(db, where, 1, MAX_ITEMS, 'published')).rows;
}

/**
 * sitemap.xml of the public site (issue 22 item 7): every listed public page in zh and in en
 * (`?hl=en`), each published news item (in its own language) and each published CMS page (in
 * the languages it exists in). Drafts and items scheduled for later are left out: visibility is
 * the same rule the site reads with.
 */
export async function sitemapXml(db: Db, base: string): Promise<string> {
  const entries: Entry[] = [];
  for (const p of SITE_PAGES.filter((x) => x.listed))
    entries.push({ loc: `${base}${p.path}` }, { loc: `${base}${p.path}?${SITE_LANG_PARAM}=en` });
  for (const n of await visible(db, 'news'))
    entries.push({ loc: `${base}${SITE_NEWS_PATH}/${n.id}`, lastmod: n.updatedAt });
  for (const p of await visible(db, 'page')) {
    if (!p.name) continue;
    const path = `${base}${SITE_PAGES_PATH}/${encodeURIComponent(p.name)}`;
    entries.push({ loc: p.lang === 'en' ? `${path}?${SITE_LANG_PARAM}=en` : path, lastmod: p.updatedAt });
  }
  const urls = entries.map(
    (e) =>
      `  <url><loc>${escapeXml(e.loc)}</loc>${e.lastmod ? `<lastmod>${e.lastmod.toISOString()}</lastmod>` : ''}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** robots.txt: the public site may be crawled; the API and the back office's pages are not worth it. */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /pc/',
    'Disallow: /backend/',
    // Personal results and one-time form links: reachable by their token only.
    'Disallow: /pc/checked/pdf?',
    'Disallow: /pc/inquiry/',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
