import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CORPORATION_BUTTONS as B,
  CORPORATION_PATHS,
  appKeyAddBody,
  appKeyCredentialsSchema,
  appKeySchema,
  corporationAddBody,
  corporationEditBody,
  corporationIdParams,
  corporationSchema,
  corporationUsageQuery,
  corporationUsageSchema,
} from '@tcm/contract';
import { ok } from '../../http/envelope.js';
import { routeOf } from '../../http/route.js';
import { principalOf, requireSys } from '../auth/guard.js';
import { audit } from '../records/records.repo.js';
import * as corp from './corporations.service.js';

const route = routeOf(['console']);

/** Corporations (partners), their menu flags and app keys in the back-office (issue 22 item 1, issue 25 item 1). */
export const corporationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, openApi } = app.ctx;

  app.get(
    CORPORATION_PATHS.list,
    route(requireSys([B.view]), 'Every corporation with its menu flags (button sysCorp-view)', {
      data: z.array(corporationSchema),
    }),
    async (request) => ok(await corp.listCorporations(db), request.msgLang),
  );

  app.post(
    CORPORATION_PATHS.add,
    route(requireSys([B.add]), 'Add a corporation (button sysCorp-add)', {
      body: corporationAddBody,
      data: corporationSchema,
    }),
    async (request) => ok(await corp.addCorporation(db, request.body), request.msgLang),
  );

  app.post(
    CORPORATION_PATHS.edit,
    route(
      requireSys([B.edit]),
      'Edit a corporation: name, contact, menu flags (api, h5, wx), enabled (button sysCorp-edit)',
      {
        body: corporationEditBody,
        data: corporationSchema,
      },
    ),
    async (request) => ok(await corp.editCorporation(db, request.body), request.msgLang),
  );

  app.get(
    CORPORATION_PATHS.keys(':id'),
    route(requireSys([B.keys]), 'App keys of a corporation (never their secrets; button sysCorp-keys)', {
      params: corporationIdParams,
      data: z.array(appKeySchema),
    }),
    async (request) => ok(await corp.corporationKeys(db, request.params.id), request.msgLang),
  );

  app.post(
    CORPORATION_PATHS.keyAdd,
    route(requireSys([B.keys]), 'Create an app key; its secret is in this answer only (button sysCorp-keys)', {
      body: appKeyAddBody,
      data: appKeyCredentialsSchema,
    }),
    async (request) => {
      const key = await corp.addKey(db, openApi.box, request.body);
      await keyAudit(request, 'openapi.key.create', key.id);
      return ok(key, request.msgLang);
    },
  );

  app.post(
    CORPORATION_PATHS.keyRotate(':id'),
    route(
      requireSys([B.keys]),
      'A new secret for the key (the old one stops at once); shown this once (button sysCorp-keys)',
      { params: corporationIdParams, data: appKeyCredentialsSchema },
    ),
    async (request) => {
      const key = await corp.rotateKey(db, openApi.box, request.params.id);
      await keyAudit(request, 'openapi.key.rotate', key.id);
      return ok(key, request.msgLang);
    },
  );

  app.post(
    CORPORATION_PATHS.keyRevoke(':id'),
    route(requireSys([B.keys]), 'Revoke an app key for good (button sysCorp-keys)', {
      params: corporationIdParams,
      data: appKeySchema,
    }),
    async (request) => {
      const key = await corp.revokeKey(db, request.params.id);
      await keyAudit(request, 'openapi.key.revoke', key.id);
      return ok(key, request.msgLang);
    },
  );

  app.get(
    CORPORATION_PATHS.usage(':id'),
    route(requireSys([B.view]), 'Calls per UTC day and operation, errors and analyses of a corporation’s keys', {
      params: corporationIdParams,
      querystring: corporationUsageQuery,
      data: corporationUsageSchema,
    }),
    async (request) =>
      ok({ days: await corp.corporationUsage(db, request.params.id, request.query.days) }, request.msgLang),
  );

  async function keyAudit(request: Parameters<typeof principalOf>[0], action: string, keyId: string) {
    await audit(db, { action, actorUserId: principalOf(request).user.id, targetId: keyId, ip: request.ip });
  }
};
