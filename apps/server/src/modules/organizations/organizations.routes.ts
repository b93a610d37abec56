import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ORGANIZATION_BUTTONS as B,
  ORGANIZATION_PATHS as P,
  consoleIdParams,
  organizationAddBody,
  organizationAssignBody,
  organizationAssignResult,
  organizationEditBody,
  organizationNode,
  organizationTree,
} from '@tcm/contract';
import { ok, okSchema } from '../../http/envelope.js';
import { routeOf } from '../../http/route.js';
import { requireSys } from '../auth/guard.js';
import { scopeOf } from '../console/users.routes.js';
import * as svc from './organizations.service.js';

const route = routeOf(['console']);
const one = { 200: okSchema(organizationNode) };

/** The organization tree under /backend/sys/v1/organization (issue 33 item 3; docs/console.md). */
export const organizationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  app.get(
    P.tree,
    route(requireSys(), 'The organizations in your data scope as a tree, with their account and team counts', {
      data: organizationTree,
    }),
    async (request) => ok(await svc.organizationTree(db, await scopeOf(request)), request.msgLang),
  );

  app.post(
    P.add,
    route(requireSys([B.add]), 'Add an organization (button sysOrg-add)', { body: organizationAddBody, response: one }),
    async (request) => ok(await svc.addOrganization(db, await scopeOf(request), request.body), request.msgLang),
  );

  app.post(
    P.edit,
    route(requireSys([B.edit]), 'Rename, recode, move, sort or enable/disable an organization (button sysOrg-edit)', {
      body: organizationEditBody,
      response: one,
    }),
    async (request) => ok(await svc.editOrganization(db, await scopeOf(request), request.body), request.msgLang),
  );

  app.delete(
    P.remove(':id'),
    route(
      requireSys([B.remove]),
      'Remove an organization with nothing below it and nobody in it (button sysOrg-remove)',
      {
        params: consoleIdParams,
        data: z.null(),
      },
    ),
    async (request) => {
      await svc.removeOrganization(db, await scopeOf(request), request.params.id);
      return ok(null, request.msgLang);
    },
  );

  app.post(
    P.assign,
    route(
      requireSys([B.assign]),
      'Put accounts and/or teams into an organization, or out of any (button sysOrg-assign)',
      {
        body: organizationAssignBody,
        data: organizationAssignResult,
      },
    ),
    async (request) => ok(await svc.assignToOrganization(db, await scopeOf(request), request.body), request.msgLang),
  );
};
