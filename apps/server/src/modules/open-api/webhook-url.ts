import { isIP } from 'node:net';
import { OPEN_API_ERRORS } from '@tcm/contract';
import { AppError } from '../../http/app-error.js';
import { isPublicAddress } from '../../http/public-address.js';

/**
 * A partner's webhook URL at submit time: http(s) only and, unless OPEN_API_WEBHOOK_ALLOW_PRIVATE,
 * no address written into the URL that is not public (isPublicAddress), and no `localhost` name:
 * a quick 400 for the obvious. Names are resolved and checked at every send and redirect
 * (webhooks.ts → sendOutbound), where the answer that counts is the one the connection uses.
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
  const refused = host === 'localhost' || host.endsWith('.localhost') || (kind !== 0 && !isPublicAddress(host));
  if (refused) throw new AppError(OPEN_API_ERRORS.WEBHOOK_URL_INVALID);
  return url.toString();
}
