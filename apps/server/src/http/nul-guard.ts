import type { FastifyInstance } from 'fastify';
import { HTTP_ERRORS } from '@tcm/contract';
import { AppError } from './app-error.js';

const MAX_DEPTH = 32;

/**
 * The path of the first string (value or key) holding a NUL character, or null. PostgreSQL
 * text cannot hold U+0000, so such input would only ever fail inside a query as a 500.
 */
export function nulPath(value: unknown, where: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? where : null;
  if (!value || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  if (Buffer.isBuffer(value) || ArrayBuffer.isView(value)) return null; // file bytes are not text
  for (const [k, v] of Object.entries(value)) {
    const here = `${where}.${k}`;
    if (k.includes('\u0000')) return here;
    const hit = nulPath(v, here, depth + 1);
    if (hit) return hit;
  }
  return null;
}

/** Throws 2000101 naming the field when `value` holds a NUL anywhere. */
export function assertNoNul(value: unknown, where: string): void {
  const hit = nulPath(value, where);
  if (hit)
    throw new AppError(HTTP_ERRORS.NUL_CHARACTER, `${hit.replace(/\u0000/g, '\\u0000')}: NUL (\\u0000) not allowed`);
}

/**
 * Refuses NUL in the body, query and path parameters of every route, before its schema and
 * handler run, so that routes added later are covered too. Text that arrives later (multipart
 * fields, JSON inside a field) is checked where it is parsed: `readMultipart`, `parseOr400`.
 */
export function registerNulGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    assertNoNul(request.params, 'params');
    assertNoNul(request.query, 'query');
    assertNoNul(request.body, 'body');
  });
}
