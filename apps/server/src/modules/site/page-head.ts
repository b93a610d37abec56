import {
  SITE_LANG_PARAM,
  SITE_NAMES,
  SITE_NEWS_PATH,
  SITE_PAGES,
  SITE_PAGES_PATH,
  type ContentItem,
  type SiteLang,
} from '@tcm/contract';
import type { Db } from '../../db/client.js';
import { publicNewsItem, publicPage } from '../content/content.service.js';
import { plainText } from '../content/sanitize-content.js';

/** What the head of one public page says (issue 22 item 7: title, description, Open Graph). */
export interface PageHead {
  lang: SiteLang;
  title: string;
  description: string;
  /** Absolute address of the page in this language. */
  url: string;
  type: 'website' | 'article';
  image?: string;
  /** hreflang alternates (absolute), for pages that exist in both languages. */
  alternates?: Record<SiteLang, string>;
  /** The published news item read for this head, kept for the page's first HTML (prerender.ts). */
  news?: ContentItem;
}

const DESCRIPTION_CHARS = 160;
/** "<page> · <platform>", the platform named in the page's language. */
const titled = (page: string | null, lang: SiteLang) => (page ? `${page} · ${SITE_NAMES[lang]}` : SITE_NAMES[lang]);

/** Plain, single-line text cut to a description's length. */
function summaryOf(text: string): string {
  const flat = plainText(text).replace(/\s+/g, ' ').trim();
  return flat.length > DESCRIPTION_CHARS ? `${flat.slice(0, DESCRIPTION_CHARS - 1)}…` : flat;
}

/** An address (stored file path or http(s)) made absolute against the site's origin. */
function absolute(origin: string, url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  return /^https?:\/\//i.test(url) ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`;
}

/**
 * The head of a public route, or null for routes that are not public pages (sign-in pages, the
 * back office, token links: they keep the plain index.html). `base` is the web app's absolute
 * address with its /pc base; `path` the client route below it.
 */
export async function pageHead(db: Db, base: string, path: string, lang: SiteLang): Promise<PageHead | null> {
  const origin = new URL(base).origin;
  const both = (p: string) => ({ zh: `${base}${p}`, en: `${base}${p}?${SITE_LANG_PARAM}=en` });
  const known = SITE_PAGES.find((p) => p.path === path);
  if (known) {
    const alternates = both(path);
    return {
      lang,
      title: titled(known.title?.[lang] ?? null, lang),
      description: known.description[lang],
      url: alternates[lang],
      type: 'website',
      alternates,
    };
  }
  const news = new RegExp(`^${SITE_NEWS_PATH}/(\\d{1,15})$`).exec(path);
  if (news) {
    // A news item is written in one language (docs/site.md): its head speaks that language.
    const item = await publicNewsItem(db, Number(news[1])).catch(() => null);
    if (!item) return null;
    return {
      lang: item.lang,
      title: titled(item.title, item.lang),
      description: summaryOf(item.summary || item.body || item.title),
      url: `${base}${path}`,
      type: 'article',
      image: absolute(origin, item.coverUrl),
      news: item,
    };
  }
  const cms = new RegExp(`^${SITE_PAGES_PATH}/([^/]{1,200})$`).exec(path);
  if (cms) {
    let name: string;
    try {
      name = decodeURIComponent(cms[1]!);
    } catch {
      return null;
    }
    // A page missing in English falls back to its Chinese original, as the page itself does.
    const item = await publicPage(db, name, lang).catch(() => null);
    if (!item) return null;
    const alternates = both(path);
    return {
      lang: item.lang,
      title: titled(item.title, item.lang),
      description: summaryOf(item.summary || item.body || item.title),
      url: alternates[lang],
      type: 'website',
      image: absolute(origin, item.coverUrl),
      alternates,
    };
  }
  return null;
}

const escapeAttr = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The tags of a head: title, description, canonical, hreflang alternates, Open Graph and Twitter card. */
export function headTags(h: PageHead): string {
  const meta = (attr: 'name' | 'property', key: string, value: string) =>
    `<meta ${attr}="${key}" content="${escapeAttr(value)}" />`;
  const tags = [
    `<title>${escapeAttr(h.title)}</title>`,
    meta('name', 'description', h.description),
    `<link rel="canonical" href="${escapeAttr(h.url)}" />`,
    ...Object.entries(h.alternates ?? {}).map(
      ([l, href]) => `<link rel="alternate" hreflang="${l === 'zh' ? 'zh-CN' : 'en'}" href="${escapeAttr(href)}" />`,
    ),
    meta('property', 'og:site_name', SITE_NAMES[h.lang]),
    meta('property', 'og:type', h.type),
    meta('property', 'og:title', h.title),
    meta('property', 'og:description', h.description),
    meta('property', 'og:url', h.url),
    meta('property', 'og:locale', h.lang === 'en' ? 'en_US' : 'zh_CN'),
    ...(h.image ? [meta('property', 'og:image', h.image)] : []),
    meta('name', 'twitter:card', h.image ? 'summary_large_image' : 'summary'),
  ];
  return tags.join('\n    ');
}

/** index.html with the page's head: its language on <html>, its tags in place of the build's <title>. */
export function withPageHead(html: string, h: PageHead): string {
  const tags = headTags(h);
  const lang = h.lang === 'en' ? 'en' : 'zh-CN';
  let out = html.replace(/<html([^>]*?)\s+lang="[^"]*"/i, '<html$1').replace(/<html/i, `<html lang="${lang}"`);
  out = /<title>[\s\S]*?<\/title>/i.test(out)
    ? out.replace(/<title>[\s\S]*?<\/title>/i, () => tags)
    : out.replace(/<\/head>/i, () => `  ${tags}\n  </head>`);
  return out;
}
