import sanitizeHtml from 'sanitize-html';

const SCHEMES = ['http', 'https', 'mailto'];
const STYLE_VALUE = [/^[#\w\s(),.%-]+$/];

/** The allow-list: formatting, links, images and tables a rich-text editor makes; nothing that runs. */
export const POLICY: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'span', 'u', 's', 'font'],
  allowedAttributes: {
    a: ['href', 'name', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    '*': ['style', 'class', 'align'],
  },
  allowedStyles: {
    '*': {
      color: STYLE_VALUE,
      'background-color': STYLE_VALUE,
      'text-align': [/^(left|right|center|justify)$/],
      'font-size': STYLE_VALUE,
      'font-weight': STYLE_VALUE,
      'text-decoration': STYLE_VALUE,
    },
  },
  allowedSchemes: SCHEMES,
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
};

/** Everything allowed: the same parse and serialization as POLICY, without removing anything. */
const SAME_PARSE: sanitizeHtml.IOptions = {
  allowedTags: false,
  allowedAttributes: false,
  allowVulnerableTags: true,
  allowedSchemes: [],
  allowedSchemesAppliedToAttributes: [],
  allowProtocolRelative: true,
  parseStyleAttributes: false,
};

const LOOKS_LIKE_HTML = /<[a-zA-Z!/?]/;

/**
 * Translation texts may be HTML from the rich-text editor; they are shown on the public site.
 * Plain text stays exactly as typed (`a < b`, `Tom & Jerry`); HTML is kept byte-for-byte when
 * the allow-list removes nothing from it (so the original's SHA-256 key stays what the site
 * computes), and is replaced by its sanitised form when it held scripts, event handlers,
 * `javascript:` links or other markup outside the list (docs/security.md §10c).
 */
export function sanitizeTranslationText(text: string): string {
  if (!LOOKS_LIKE_HTML.test(text)) return text;
  const clean = sanitizeHtml(text, POLICY);
  return clean === sanitizeHtml(text, SAME_PARSE) ? text : clean;
}
