import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  WECHAT_BIND_ERRORS,
  WECHAT_BIND_PATHS,
  sceneCodeSchema,
  wechatBindingSchema,
  wechatCallbackQuerySchema,
  wechatMineSchema,
  wechatPushBodySchema,
  wechatPushResultSchema,
} from '@tcm/contract';
import { ok } from '../../http/envelope.js';
import { routeOf } from '../../http/route.js';
import { principalOf, requireAuth } from '../auth/guard.js';
import {
  acceptPush,
  bindingStatus,
  createBinding,
  handleEvent,
  isBound,
  parsePushXml,
  pushReport,
  signatureValid,
} from './binding.service.js';
import { AppError } from '../../http/app-error.js';

const tags = ['wechat'];
const route = routeOf(tags);
const member = requireAuth({ entrances: ['member'] });
const XML_TYPES = ['text/xml', 'application/xml'];
/** WeChat pushes are small; anything bigger is not one. */
const XML_LIMIT = 64 * 1024;

/** WeChat official-account binding and report push (docs/member.md "WeChat binding"). */
export const wechatBindingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  // Only this plugin's routes read XML (the event push); elsewhere XML stays refused.
  app.addContentTypeParser(XML_TYPES, { parseAs: 'string', bodyLimit: XML_LIMIT }, (_req, body, done) =>
    done(null, body),
  );

  app.post(
    WECHAT_BIND_PATHS.create,
    route(member, 'A one-time binding scene code and the QR link that carries it', { data: wechatBindingSchema }),
    async (request) => ok(await createBinding(ctx, principalOf(request)), request.msgLang),
  );

  app.get(
    WECHAT_BIND_PATHS.mine,
    route(member, 'Whether the caller has a WeChat account bound', { data: wechatMineSchema }),
    async (request) => ok({ bound: await isBound(ctx, principalOf(request)) }, request.msgLang),
  );

  app.get(
    WECHAT_BIND_PATHS.status(':scene'),
    route(member, 'The outcome of one of the caller’s scene codes (the outcome pages poll it)', {
      params: z.object({ scene: sceneCodeSchema }),
      data: wechatBindingSchema,
    }),
    async (request) => ok(await bindingStatus(ctx, principalOf(request), request.params.scene), request.msgLang),
  );

  app.post(
    WECHAT_BIND_PATHS.pushReport(':id'),
    route(member, 'Push a finished report to the bound member as a template message linking to /checked/pdf', {
      params: z.object({ id: z.string().uuid() }),
      body: wechatPushBodySchema,
      data: wechatPushResultSchema,
    }),
    async (request) =>
      ok(
        await pushReport(ctx, principalOf(request), request.params.id, request.body.lang, request.ip),
        request.msgLang,
      ),
  );

  app.get(
    WECHAT_BIND_PATHS.callback,
    {
      schema: {
        tags,
        summary: 'WeChat server URL check: echoes echostr when the signature matches',
        querystring: wechatCallbackQuerySchema,
      },
    },
    async (request, reply) => {
      if (!signatureValid(ctx.config.wechat.mpToken, request.query))
        throw new AppError(WECHAT_BIND_ERRORS.SIGNATURE_INVALID);
      return reply.type('text/plain').send(request.query.echostr ?? '');
    },
  );

  app.post(
    WECHAT_BIND_PATHS.callback,
    {
      schema: {
        tags,
        summary: 'WeChat event push (XML, signed): a binding QR scan marks the binding; replays are ignored',
        consumes: XML_TYPES,
        querystring: wechatCallbackQuerySchema,
      },
    },
    async (request, reply) => {
      // The signature and the window come before the body is looked at; a replay is answered
      // like a delivery (WeChat would otherwise retry it) but changes nothing.
      if (await acceptPush(ctx, request.query)) {
        const xml = typeof request.body === 'string' ? request.body : '';
        await handleEvent(ctx, parsePushXml(xml));
      }
      return reply.type('text/plain').send('success');
    },
  );
};
