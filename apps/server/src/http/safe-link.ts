/** Schemes a stored link may use; everything else (javascript:, data:, vbscript:, file:…) is refused. */
const ALLOWED_SCHEMES = new Set(['http', 'https']);

/**
 * Whether a stored link is safe to put in an href or an iframe src: a relative path, or an
 * http(s) URL. Browsers ignore ASCII whitespace and control characters inside a scheme
 * (`java\tscript:` runs), so they are removed before the scheme is read.
 */
export function isSafeLink(value: string): boolean {
  const s = value.replace(/[\u0000-\u0020\u007f]/g, '').toLowerCase();
  const scheme = /^([a-z][a-z0-9+.-]*):/.exec(s)?.[1];
  return scheme === undefined || ALLOWED_SCHEMES.has(scheme);
}
