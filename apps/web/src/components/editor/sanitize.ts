import DOMPurify from 'dompurify';

/** Style properties the editor writes; everything else in a style attribute is dropped. */
const ALLOWED_STYLES = new Set(['font-size', 'text-indent', 'text-align', 'width', 'height']);

function cleanStyle(style: string): string {
  return style
    .split(';')
    .map((d) => d.trim())
    .filter((d) => {
      const [prop, ...rest] = d.split(':');
      const value = rest.join(':').toLowerCase();
      return prop && ALLOWED_STYLES.has(prop.trim().toLowerCase()) && !/url\(|expression|javascript:/.test(value);
    })
    .join('; ');
}

/**
 * Sanitises editor output before it is saved or shown: no scripts, handlers or foreign URLs
 * schemes; only the editor's own style properties survive.
 */
export function sanitizeHtml(html: string, opts: { lazyImages?: boolean } = {}): string {
  const purify = DOMPurify();
  purify.addHook('uponSanitizeAttribute', (_node, data) => {
    if (data.attrName === 'style') data.attrValue = cleanStyle(data.attrValue);
  });
  // A page that shows the HTML to visitors loads its pictures when they scroll near (speed of the
  // public site, docs/web.md); the editor keeps its own markup untouched.
  if (opts.lazyImages)
    purify.addHook('afterSanitizeAttributes', (node) => {
      if (node.nodeName !== 'IMG') return;
      node.setAttribute('loading', 'lazy');
      node.setAttribute('decoding', 'async');
    });
  return purify.sanitize(html, {
    ALLOWED_TAGS: [
      'p',
      'br',
      'strong',
      'b',
      'em',
      'i',
      'u',
      's',
      'span',
      'h1',
      'h2',
      'h3',
      'h4',
      'ul',
      'ol',
      'li',
      'blockquote',
      'a',
      'img',
      'video',
      'source',
      'code',
      'pre',
      'hr',
      // Tables of news and pages (issue 34 item 6).
      'table',
      'thead',
      'tbody',
      'tr',
      'th',
      'td',
    ],
    ALLOWED_ATTR: [
      'style',
      'href',
      'src',
      'alt',
      'title',
      'controls',
      'width',
      'height',
      'target',
      'rel',
      'colspan',
      'rowspan',
    ],
    // http(s), images as data URLs, and scheme-less (relative) addresses only.
    ALLOWED_URI_REGEXP: /^(?:https?:|data:image\/(?:png|jpeg|gif|webp);base64,|[^a-z]|[a-z0-9._-]+(?:[/?#]|$))/i,
  });
}

/** An entry counts as HTML when it starts with < and ends with > (spec §4). */
export function isHtmlText(text: string | null | undefined): boolean {
  const t = (text ?? '').trim();
  return t.startsWith('<') && t.endsWith('>');
}
