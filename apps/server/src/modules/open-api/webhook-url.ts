import { isIP } from 'node:net';
import { OPEN_API_ERRORS } from '@tcm/contract';
import { AppError } from '../../http/app-error.js';

const PRIVATE_V4 = [/^127\./, /^10\./, /^192\.168\./, /^172\.(1[6-9]|2\d|3[01])\./, /^169\.254\./, /^0\./];
const PRIVATE_V6 = [/^::1$/, /^::$/, /^f[cd]/i, /^fe80/i, /^::ffff:/i];

/**
 * A partner's webhook URL: http(s) only and, unless OPEN_API_WEBHOOK_ALLOW_PRIVATE, not a
 * loopback, link-local or private address written into the URL (our server must not be turned
 * into a probe of its own network). Names are not resolved here: a name that resolves to a
 * private address is left to the network's egress rules (docs/open-api.md).
 */
export function checkWebhookUrl(raw: string, allowPrivate: boolean): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new AppError(OPEN_API_ERRORS.WEBHOOK_URL_INVALID);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new AppError(OPEN_API_ERRORS.WEBHOOK_URL_INVALID);
  if (url.username || url.password) throw new AppError(OPEN_API_ERRORS.WEBHOOK_URL_INVALID);
  if (allowPrivate) return url.toString();
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const kind = isIP(host);
  const isPrivate =
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    (kind === 4 && PRIVATE_V4.some((r) => r.test(host))) ||
    (kind === 6 && PRIVATE_V6.some((r) => r.test(host)));
  if (isPrivate) throw new AppError(OPEN_API_ERRORS.WEBHOOK_URL_INVALID);
  return url.toString();
}
