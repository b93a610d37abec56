import { H5_ERRORS, H5_LOGO_MAX_BYTES, type CorporationH5 } from '@tcm/contract';
import { AppError } from '../../http/app-error.js';

const LOGO = /^data:image\/(png|jpeg|webp);base64,([A-Za-z0-9+/]+={0,2})$/;

/** The first bytes of each logo type: a data URL's declared type must be what the bytes are. */
const MAGIC: Record<string, (b: Buffer) => boolean> = {
  png: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  jpeg: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  webp: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
};

/**
 * A logo is a small raster data URL checked by its magic bytes. SVG is refused: it can carry
 * script, and the page shows the logo to people who did not choose it.
 */
export function checkLogo(logo: string | null): string | null {
  if (logo === null || logo === '') return null;
  const m = LOGO.exec(logo);
  if (!m) throw new AppError(H5_ERRORS.LOGO_INVALID);
  const bytes = Buffer.from(m[2]!, 'base64');
  if (!bytes.length || bytes.length > H5_LOGO_MAX_BYTES || !MAGIC[m[1]!]!(bytes))
    throw new AppError(H5_ERRORS.LOGO_INVALID);
  return logo;
}

/** An allow-list entry as an origin (`https://host[:port]`), lower-cased as URL writes it. */
export function checkOrigin(entry: string): string {
  let u: URL;
  try {
    u = new URL(entry);
  } catch {
    throw new AppError(H5_ERRORS.RETURN_ORIGIN_INVALID, undefined, { origin: entry });
  }
  const bare = (u.pathname === '/' || u.pathname === '') && !u.search && !u.hash && !u.username && !u.password;
  if (!['http:', 'https:'].includes(u.protocol) || !bare || entry.replace(/\/$/, '').length !== u.origin.length)
    throw new AppError(H5_ERRORS.RETURN_ORIGIN_INVALID, undefined, { origin: entry });
  return u.origin;
}

/** The branding fields an edit sets, checked (undefined: left as it is). */
export function checkBranding(h5: Partial<CorporationH5> | undefined) {
  if (!h5) return {};
  return {
    ...(h5.brandName !== undefined ? { h5BrandName: h5.brandName } : {}),
    ...(h5.colour !== undefined ? { h5Color: h5.colour.toLowerCase() } : {}),
    ...(h5.logo !== undefined ? { h5Logo: checkLogo(h5.logo) } : {}),
    ...(h5.returnOrigins !== undefined ? { h5ReturnOrigins: [...new Set(h5.returnOrigins.map(checkOrigin))] } : {}),
  };
}

/**
 * A return URL is allowed when it is http(s) and its origin is exactly one of the allow-list:
 * the page never sends a person to a site the partner did not name (no open redirect).
 */
export function allowedReturnUrl(url: string, origins: readonly string[]): URL | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  if (!['http:', 'https:'].includes(u.protocol) || u.username || u.password) return null;
  return origins.includes(u.origin) ? u : null;
}
