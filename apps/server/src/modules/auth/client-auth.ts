import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AUTH_ERRORS } from '@tcm/contract';
import { AppError } from '../../http/app-error.js';

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** Checks the fixed client `Authorization: Basic base64(CLIENT_ID:CLIENT_SECRET)` header (spec §7). */
export function assertClient(request: FastifyRequest, clientId: string, clientSecret: string): void {
  const h = request.headers.authorization ?? '';
  const m = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(h);
  if (!m?.[1]) throw new AppError(AUTH_ERRORS.CLIENT_INVALID);
  const decoded = Buffer.from(m[1], 'base64').toString('utf8');
  const i = decoded.indexOf(':');
  if (i < 0 || !same(decoded.slice(0, i), clientId) || !same(decoded.slice(i + 1), clientSecret)) {
    throw new AppError(AUTH_ERRORS.CLIENT_INVALID);
  }
}

/** The header value a client sends, for tests and docs. */
export const basicHeader = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
