import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ASSISTANT_PATHS, assistantAnswer, assistantAskBody } from '@tcm/contract';
import { ok } from '../../http/envelope.js';
import { routeOf } from '../../http/route.js';
import { requireAuth } from '../auth/guard.js';
import { ask } from './assistant.service.js';

const route = routeOf(['assistant']);

/** The physicians' assistant (issue 22 item 5; docs/site.md "AI assistant"): doctor accounts only. */
export const assistantRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    ASSISTANT_PATHS.ask,
    route(
      requireAuth({ entrances: ['doctor'] }),
      'Ask the knowledge base; the answer lists the entries it used (1600020 when over the hourly limit)',
      { body: assistantAskBody, data: assistantAnswer },
    ),
    async (request) => ok(await ask(request, request.body.question), request.msgLang),
  );
};
