import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADVICE_CONFIG_PATHS,
  adviceConfigBody,
  adviceConfigState,
  advicePreviewBody,
  adviceVersionParams,
  adviceVersionSchema,
} from '@tcm/contract';
import { ok } from '../../http/envelope.js';
import { routeOf } from '../../http/route.js';
import { principalOf, requireAuth } from '../auth/guard.js';
import * as svc from './advice-config.service.js';

const route = routeOf(['advice-config']);
/** Member entrance; who may configure is decided in teams/team-rules.ts (403 1420001). */
const member = requireAuth({ entrances: ['member'] });

/** The team's conclusion configuration (docs/member.md "Conclusion configuration"). */
export const adviceConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const { db } = ctx;
  const me = (request: Parameters<typeof principalOf>[0]) => principalOf(request).user;

  app.get(
    ADVICE_CONFIG_PATHS.current,
    route(member, 'Current version, defaults and history', { data: adviceConfigState }),
    async (request) => ok(await svc.state(db, me(request)), request.msgLang),
  );

  app.post(
    ADVICE_CONFIG_PATHS.current,
    route(member, 'Save a new version of the advice texts', { body: adviceConfigBody, data: adviceVersionSchema }),
    async (request) => ok(await svc.save(db, me(request), request.body), request.msgLang),
  );

  app.post(
    ADVICE_CONFIG_PATHS.reset,
    route(member, 'Back to the default texts (a new version)', { data: adviceVersionSchema }),
    async (request) => ok(await svc.reset(db, me(request)), request.msgLang),
  );

  app.post(
    ADVICE_CONFIG_PATHS.restore(':version'),
    route(member, 'Restore an earlier version (a new version)', {
      params: adviceVersionParams,
      data: adviceVersionSchema,
    }),
    async (request) => ok(await svc.restore(db, me(request), request.params.version), request.msgLang),
  );

  app.post(
    ADVICE_CONFIG_PATHS.preview,
    route(member, 'PDF of a team record with the draft advice (nothing saved)', {
      body: advicePreviewBody,
      produces: ['application/pdf'],
    }),
    async (request, reply) =>
      reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', 'inline; filename="advice-preview.pdf"')
        .header('cache-control', 'private, no-store')
        .send(await svc.preview(ctx, me(request), request.body)),
  );
};
