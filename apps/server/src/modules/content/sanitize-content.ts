import sanitizeHtml from 'sanitize-html';
import { POLICY } from '../translation/sanitize.js';

const STYLES = POLICY.allowedStyles?.['*'] ?? {};
/** A cell spans 1 to 99 rows or columns: any other value (a script, a huge number) is dropped. */
const SPAN = /^[1-9]\d?$/;
const cellSpans: sanitizeHtml.Transformer = (tagName, attribs) => {
  const out = { ...attribs };
  for (const name of ['colspan', 'rowspan'] as const) if (name in out && !SPAN.test(out[name]!)) delete out[name];
  return { tagName, attribs: out };
};

/** A link that opens a new tab gets no handle on this page (`window.opener`) and sends no referrer. */
const safeLink: sanitizeHtml.Transformer = (tagName, attribs) =>
  attribs.target
    ? { tagName, attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' } }
    : { tagName, attribs };

/**
 * The allow-list of news and page bodies: the translation texts' list (docs/security.md §10c:
 * sanitize-html's defaults, i.e. headings, lists, blockquote, links, tables, plus images)
 * plus what the rich-text editor adds for articles: videos from the media picker (http(s) or
 * this server's files, never `javascript:`/`data:`), the first-line indent (text-indent), image
 * alt text, and (issue 34 item 6) table cells that span (colspan/rowspan, numbers only).
 * Everything else (scripts, event handlers, iframes, forms, `javascript:` links) is removed.
 */
const CONTENT_POLICY: sanitizeHtml.IOptions = {
  ...POLICY,
  allowedTags: [...(POLICY.allowedTags || []), 'video', 'figure', 'figcaption'],
  allowedAttributes: {
    ...POLICY.allowedAttributes,
    video: ['src', 'controls', 'poster', 'width', 'height'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
  },
  allowedStyles: { '*': { ...STYLES, 'text-indent': [/^\d{1,2}(\.\d+)?(em|px)$/], width: [/^\d{1,4}(%|px)$/] } },
  allowedSchemesByTag: { img: ['http', 'https'], video: ['http', 'https'] },
  transformTags: { a: safeLink, td: cellSpans, th: cellSpans },
};

/** A news or page body as it may be stored and served: inert HTML. */
export const sanitizeContentHtml = (html: string): string => sanitizeHtml(html, CONTENT_POLICY);

/**
 * The same list for a page's first HTML (modules/site/prerender.ts): pictures load when the reader scrolls
 * near them, as the web app sets them (components/editor/sanitize.ts `lazyImages`), so they do not
 * compete with the page's first paint.
 */
const LAZY_IMAGES_POLICY: sanitizeHtml.IOptions = {
  ...CONTENT_POLICY,
  allowedAttributes: {
    ...CONTENT_POLICY.allowedAttributes,
    img: [...((CONTENT_POLICY.allowedAttributes || {}).img ?? []), 'loading', 'decoding'],
  },
  transformTags: {
    ...CONTENT_POLICY.transformTags,
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy', decoding: 'async' } }),
  },
};
export const sanitizeShownHtml = (html: string): string => sanitizeHtml(html, LAZY_IMAGES_POLICY);

const NO_MARKUP: sanitizeHtml.IOptions = { allowedTags: [], allowedAttributes: {} };
const ENTITIES: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&amp;': '&', '&quot;': '"', '&#39;': "'" };
const TAG_LIKE = /<[a-zA-Z!/?]/;

/**
 * Plain text of a form field (enquiries): markup removed, the entities the removal writes turned
 * back into characters, so `a < b` stays readable; repeated while the decoding made something
 * that looks like a tag again (`&lt;script&gt;` typed literally), so no tag ever comes back out.
 */
export function plainText(text: string): string {
  let out = text;
  for (let i = 0; i < 5; i++) {
    out = sanitizeHtml(out, NO_MARKUP).replace(/&(lt|gt|amp|quot|#39);/g, (m) => ENTITIES[m] ?? m);
    if (!TAG_LIKE.test(out)) return out.trim();
  }
  return out.replace(/</g, '＜').trim();
}
