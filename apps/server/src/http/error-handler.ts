import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HTTP_ERRORS, isEngineError, type ErrorDef, type IssueLike } from '@tcm/contract';
import { AppError, appErrorOf, isAppError } from './app-error.js';
import { fail } from './envelope.js';
import { resourceRefusal } from './resource-errors.js';
import { InputError, validationAnswer } from './validation.js';

interface PgError {
  code?: string;
  constraint?: string;
  detail?: string;
}

/** The zod issues behind a schema validation error of a route, rebuilt from the provider's copy. */
function issuesOf(error: FastifyError): IssueLike[] {
  return (error.validation ?? []).map((v) => ({
    ...v.params,
    code: v.keyword,
    path: v.instancePath
      .split('/')
      .slice(1)
      .filter((k) => k !== '')
      .map((k) => (/^\d+$/.test(k) ? Number(k) : k)),
  }));
}

/** The part of the request a route schema checked (body, querystring, params, headers). */
function validatedInput(error: FastifyError & { validationContext?: string }, request: FastifyRequest): unknown {
  const where = error.validationContext;
  return where === 'body' || where === 'querystring' || where === 'params' || where === 'headers'
    ? request[where === 'querystring' ? 'query' : where]
    : undefined;
}

function pgErrorOf(e: unknown): PgError | undefined {
  let cur: unknown = e;
  for (let i = 0; i < 3 && cur && typeof cur === 'object'; i++) {
    const c = cur as PgError & { cause?: unknown };
    if (typeof c.code === 'string' && /^[0-9A-Z]{5}$/.test(c.code)) return c;
    cur = c.cause;
  }
  return undefined;
}

/** Maps every error onto the envelope with a matching HTTP status; unknown errors become 500. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((thrown: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    // The engine side's error (an engine's reader, the report renderer, a research refusal)
    // answers as its own catalog entry: translated here, once, not by each route.
    const error: FastifyError | AppError = isEngineError(thrown) ? appErrorOf(thrown) : thrown;
    const lang = request.msgLang;
    const send = (def: ErrorDef, detail?: string, data: unknown = null) =>
      reply.status(def.status).send(fail(def, lang, detail, data));

    if (error instanceof InputError) {
      const a = validationAnswer(error.issues, error.input, lang);
      return send(HTTP_ERRORS.VALIDATION, a.msg, a.data);
    }
    if (isAppError(error)) {
      // A refusal that says when to come back says it in the header too (clients, proxies).
      const retryAfterS = (error.data as { retryAfterS?: unknown } | undefined)?.retryAfterS;
      const status = error.def.status;
      if ((status === 429 || status === 503) && typeof retryAfterS === 'number' && !reply.hasHeader('retry-after'))
        reply.header('retry-after', String(Math.max(1, Math.ceil(retryAfterS))));
      return send(error.def, error.detailMsg ?? error.texts?.[lang], error.data ?? null);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const a = validationAnswer(issuesOf(error), validatedInput(error, request), lang);
      return send(HTTP_ERRORS.VALIDATION, a.msg, a.data);
    }
    // Any other schema check (none today) answers the catalog's words, never its English.
    if (error.validation) return send(HTTP_ERRORS.VALIDATION);
    const pg = pgErrorOf(error);
    if (pg?.code === '23505') return send(HTTP_ERRORS.CONFLICT, undefined, { constraint: pg.constraint ?? null });
    // A value the database cannot read as its column's type: the catalog's words, not the
    // database's English detail (issue 32), which the log keeps.
    if (pg?.code === '22P02' || pg?.code === '22003') {
      request.log.info({ err: error }, 'value refused by the database');
      return send(HTTP_ERRORS.VALIDATION);
    }
    // Text the database cannot store (U+0000 in text or jsonb) is bad input, not a server fault:
    // a backstop for text that reached a query without passing the NUL guard.
    if (pg?.code === '22021' || pg?.code === '22P05') return send(HTTP_ERRORS.NUL_CHARACTER);
    const status = error.statusCode ?? 500;
    if (status === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE' || error.code === 'FST_FILES_LIMIT')
      return send(HTTP_ERRORS.PAYLOAD_TOO_LARGE);
    if (status === 415) return send(HTTP_ERRORS.UNSUPPORTED_MEDIA_TYPE);
    if (status === 429) return send(HTTP_ERRORS.RATE_LIMITED);
    if (status === 404) return send(HTTP_ERRORS.NOT_FOUND);
    // A framework refusal (malformed JSON, an empty JSON body) answers the catalog's words in the
    // reader's language: its own message is English for developers (issue 32).
    if (status >= 400 && status < 500) {
      request.log.info({ err: error }, 'request refused by the framework');
      return send(HTTP_ERRORS.VALIDATION);
    }
    // Out of descriptors, no pooled connection in time, the database restarting: 503, not 500.
    const refusal = resourceRefusal(error);
    if (refusal) {
      request.log.warn({ err: error }, 'refused for want of a resource');
      reply.header('retry-after', String(refusal.retryAfterS));
      return send(refusal.def, undefined, { retryAfterS: refusal.retryAfterS });
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(HTTP_ERRORS.INTERNAL);
  });

  app.setNotFoundHandler((request, reply) => {
    reply
      .status(404)
      .send(
        fail(HTTP_ERRORS.NOT_FOUND, request.msgLang, `${request.method} ${request.url.split('?')[0]} does not exist`),
      );
  });
}
