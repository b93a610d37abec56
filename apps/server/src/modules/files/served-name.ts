/** File name extension for each type the upload check can detect (content-check.ts `sniff`). */
const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/bmp': 'bmp',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'audio/wav': 'wav',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'application/json': 'json',
  'text/csv': 'csv',
};

/** The type a stored file is served with: its detected type, or opaque bytes for anything unknown. */
export const servedType = (mime: string): string => (mime in EXTENSIONS ? mime : 'application/octet-stream');

/**
 * The name a stored file is served under: the uploader's base name, cleaned of paths, control
 * and quoting characters, with the extension of the *detected* type (a GIF uploaded as
 * `x.html` is served as `x.gif`, so a download can never become a page: docs/security.md §10f).
 */
export function servedFileName(name: string, mime: string): string {
  const base = name
    .replace(/^.*[\\/]/, '')
    .replace(/\.[^.]*$/, '')
    .replace(/[\u0000-\u001f\u007f"';\\<>*?|:]/g, '_')
    .trim()
    .slice(0, 100);
  return `${base || 'file'}.${EXTENSIONS[mime] ?? 'bin'}`;
}

/** Content-Disposition: inline only for images (shown by <img>), attachment for everything else. */
export function contentDisposition(name: string, mime: string): string {
  const safe = servedFileName(name, mime);
  const ascii = safe.replace(/[^\x20-\x7e]/g, '_');
  const kind = servedType(mime).startsWith('image/') ? 'inline' : 'attachment';
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(safe)}`;
}
