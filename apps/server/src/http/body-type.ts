import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HTTP_ERRORS } from '@tcm/contract';
import { AppError } from './app-error.js';

/** Bodies a route takes unless its schema names others with `consumes`. */
const JSON_TYPES: readonly string[] = ['application/json'];
/** Body types of the spec's form-encoded calls (sign-in, refresh, WeChat, menu updateStatus: spec §7); JSON too. */
export const FORM_OR_JSON = ['application/x-www-form-urlencoded', 'application/json'];

const hasBody = (request: FastifyRequest) =>
  request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0;

/**
 * Refuses a body that is not JSON on JSON routes, before it is read: a cross-site HTML form
 * (which can only send form-encoded, multipart or text/plain bodies without a preflight) never
 * reaches them (docs/security.md §4). Routes that take forms or files say so with
 * `schema.consumes` (shown in the API docs too) and check their own bodies. Runs after the
 * route's authentication, so that an anonymous probe learns only 401 (docs/auth.md "Guard order").
 */
export function registerBodyTypeCheck(app: FastifyInstance): void {
  // preParsing: after the route's own onRequest guard (401/403 first), still before the body is read.
  app.addHook('preParsing', async (request) => {
    if (!request.routeOptions.url || !hasBody(request)) return;
    if (request.routeOptions.schema?.consumes) return;
    const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (JSON_TYPES.includes(type)) return;
    throw new AppError(HTTP_ERRORS.JSON_REQUIRED, `Content-Type ${type || '(none)'} is not accepted here`);
  });
}
