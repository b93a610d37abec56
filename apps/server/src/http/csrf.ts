import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ACCESS_TOKEN_COOKIE, HTTP_ERRORS } from '@tcm/contract';
import { AppError } from './app-error.js';

/** Methods that change nothing: the only ones the sign-in cookie authenticates (modules/auth/guard.ts). */
export const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

const COOKIE = new RegExp(`(?:^|;)\\s*${ACCESS_TOKEN_COOKIE}=[^;\\s]`);

/** Whether the request carries the sign-in cookie but no Authorization header: what a browser sends cross-site. */
export function cookieOnly(request: FastifyRequest): boolean {
  return !request.headers.authorization && COOKIE.test(request.headers.cookie ?? '');
}

function originOf(request: FastifyRequest): string | null {
  const o = request.headers.origin;
  if (o && o !== 'null') return o;
  if (o === 'null') return 'null'; // sandboxed frames and some redirects: never same-origin
  const ref = request.headers.referer;
  if (!ref) return null;
  try {
    return new URL(ref).origin;
  } catch {
    return 'null';
  }
}

/**
 * Defence in depth against cross-site request forgery (docs/security.md §4). The guard already
 * refuses the cookie for state-changing calls; here a state-changing request that carries the
 * cookie without a Bearer header is also refused when its Origin (or Referer) is neither this
 * server's host nor one of CORS_ORIGINS. Requests naming no origin (curl, devices) pass here.
 */
export function registerOriginCheck(app: FastifyInstance, allowedOrigins: readonly string[]): void {
  const allowed = new Set(allowedOrigins.map((o) => o.replace(/\/$/, '').toLowerCase()));
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !cookieOnly(request)) return;
    const origin = originOf(request);
    if (origin === null || allowed.has(origin.toLowerCase())) return;
    let host: string | null = null;
    try {
      host = new URL(origin).host;
    } catch {
      host = null;
    }
    if (host && host.toLowerCase() === request.host.toLowerCase()) return;
    throw new AppError(HTTP_ERRORS.CROSS_ORIGIN, `origin ${origin} is not allowed`);
  });
}
