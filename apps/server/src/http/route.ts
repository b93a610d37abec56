import type { FastifySchema, onRequestAsyncHookHandler } from 'fastify';
import type { z } from 'zod';
import { okSchema } from './envelope.js';

/** The onRequest hook that guards a route (requireAuth, the device guard, a client-header check). */
type Guard = onRequestAsyncHookHandler;

/**
 * The first argument of a route that is open on purpose (no sign-in: the public site, the visitor
 * capture, sign-in itself); http/route-inventory.test.ts lists each open route.
 */
export const OPEN = 'open';

/**
 * What a route declares besides its guard and summary: its zod schemas (body, querystring,
 * params, headers) and OpenAPI extras as Fastify takes them, plus `data`, the schema of the
 * `data` field of the `{ code, msg, data }` envelope the route answers with on 200.
 */
export type RouteSchema = Omit<FastifySchema, 'response'> & {
  data?: z.ZodType;
  response?: Record<number, z.ZodType>;
  produces?: readonly string[];
  consumes?: readonly string[];
};

type Response<S extends RouteSchema> = S extends { data: infer D extends z.ZodType }
  ? { 200: ReturnType<typeof okSchema<D>> } & (S extends { response: infer R } ? R : unknown)
  : S extends { response: infer R }
    ? R
    : unknown;

type Schema<S extends RouteSchema> = Omit<S, 'data' | 'response'> & {
  tags: string[];
  summary: string;
  response: Response<S>;
};

/** The options object Fastify gets: typed from the schemas so `request.body` and the reply stay inferred. */
export type RouteOptions<S extends RouteSchema> = { onRequest: Guard; schema: Schema<S> };

/** The options of an open route: its schema only. */
export type OpenRouteOptions<S extends RouteSchema> = { schema: Schema<S> };

/**
 * The declaration boilerplate of a module's routes in one place, so that a route reads as its
 * guard, its summary and its schemas (issue 38 item 5):
 *
 *   const route = routeOf(['console']);
 *   app.post(PATHS.roleAdd, route(sys([B.roleAdd]), 'Create a role', { body, data: consoleRole }), handler);
 *
 * The guard is the first argument and required: every signed-in route guards before its body is
 * read (route-inventory.test.ts); a route open on purpose says so with `OPEN` in its place. The
 * handler stays at the call and still builds its envelope with `ok(...)`, so what a route answers
 * is read there.
 */
export function routeOf(tags: readonly string[]) {
  function route<const S extends RouteSchema = Record<never, never>>(
    guard: Guard,
    summary: string,
    schema?: S,
  ): RouteOptions<S>;
  function route<const S extends RouteSchema = Record<never, never>>(
    guard: typeof OPEN,
    summary: string,
    schema?: S,
  ): OpenRouteOptions<S>;
  function route<const S extends RouteSchema>(guard: Guard | typeof OPEN, summary: string, schema?: S) {
    const { data, response, ...rest } = schema ?? ({} as S);
    // Keys in the order the routes wrote them by hand, so the OpenAPI document stays the same.
    const out: Record<string, unknown> = { tags: [...tags], summary, ...rest };
    if (data) out.response = { 200: okSchema(data), ...response };
    else if (response) out.response = response;
    return guard === OPEN ? { schema: out } : { onRequest: guard, schema: out };
  }
  return route;
}
