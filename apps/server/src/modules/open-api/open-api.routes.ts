import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  OPEN_API_PATHS,
  openApiSubmitBody,
  openApiTaskParams,
  openApiTaskSchema,
  openApiUsageSchema,
} from '@tcm/contract';
import { ok, okSchema } from '../../http/envelope.js';
import { openApiDocument } from './document.js';
import { callerOf, signed } from './signature.js';
import { findTask, submitPartnerCapture, usageToday } from './tasks.service.js';

const tags = ['open-api'];
const security = [{ tcmSignature: [] }];

/** The partner API under /backend/openapi/v1 (issue 25 items 1, 2; docs/open-api.md). */
export const openApiRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.post(
    OPEN_API_PATHS.submit,
    {
      ...signed('submit'),
      schema: {
        tags,
        summary: 'Submit captures for analysis; answers the task to poll (or wait for the webhook)',
        description:
          'Captures are Base64 in JSON. With `idempotencyKey`, a repeat of the same body answers the first task (`replayed: true`); the same key with another body is 409 4500012. Each new analysis takes one unit of the key’s daily quota (429 4500008 beyond).',
        body: openApiSubmitBody,
        security,
        response: { 200: okSchema(openApiTaskSchema) },
      },
    },
    async (request) =>
      ok(await submitPartnerCapture(ctx, callerOf(request), request.body, request.ip), request.msgLang),
  );

  app.get(
    OPEN_API_PATHS.task(':taskId'),
    {
      ...signed('task'),
      schema: {
        tags,
        summary: 'Poll a task: status, progress, typed results, conclusion and the PDF report link',
        params: openApiTaskParams,
        security,
        response: { 200: okSchema(openApiTaskSchema) },
      },
    },
    async (request) => ok(await findTask(ctx, callerOf(request), request.params.taskId), request.msgLang),
  );

  app.get(
    OPEN_API_PATHS.usage,
    {
      ...signed('usage'),
      schema: {
        tags,
        summary: 'The calling key’s analyses today (UTC), its daily quota and rate limit',
        security,
        response: { 200: okSchema(openApiUsageSchema) },
      },
    },
    async (request) => ok(await usageToday(ctx, callerOf(request)), request.msgLang),
  );

  app.get(
    OPEN_API_PATHS.document,
    { schema: { tags, summary: 'The OpenAPI 3 document of the partner API (no credentials needed)', security: [] } },
    // The OpenAPI media type: a document, not an answer in the { code, msg, data } envelope.
    async (_request, reply) => reply.type('application/vnd.oai.openapi+json;version=3.0').send(openApiDocument(app)),
  );
};
