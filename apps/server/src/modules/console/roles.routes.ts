import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CONSOLE_BUTTONS as B,
  CONSOLE_PATHS,
  consoleIdParams,
  consoleRole,
  consoleRoleAddBody,
  consoleRoleEditBody,
} from '@tcm/contract';
import { ok, okSchema } from '../../http/envelope.js';
import { routeOf } from '../../http/route.js';
import { requireSys } from '../auth/guard.js';
import * as svc from './roles.service.js';
import { scopeOf } from './users.routes.js';

const route = routeOf(['console']);

/** Roles: menus and button codes as a tree, data scope (issue 22 item 1), under /backend/sys/v1/role. */
export const consoleRoleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  const one = { 200: okSchema(consoleRole) };

  app.get(
    CONSOLE_PATHS.roleList,
    route(requireSys(), 'Every role with its menu ids and holder count', { data: z.array(consoleRole) }),
    async (request) => ok(await svc.listRoles(db), request.msgLang),
  );

  app.post(
    CONSOLE_PATHS.roleAdd,
    route(requireSys([B.roleAdd]), 'Create a role (button sysRole-add)', { body: consoleRoleAddBody, response: one }),
    async (request) => ok(await svc.addRole(db, await scopeOf(request), request.body), request.msgLang),
  );

  app.post(
    CONSOLE_PATHS.roleEdit,
    route(requireSys([B.roleEdit]), 'Edit a role: name, scope, menus (button sysRole-edit)', {
      body: consoleRoleEditBody,
      response: one,
    }),
    async (request) => ok(await svc.editRole(db, await scopeOf(request), request.body), request.msgLang),
  );

  app.delete(
    CONSOLE_PATHS.roleRemove(':id'),
    route(requireSys([B.roleRemove]), 'Remove a role nobody holds (button sysRole-remove)', {
      params: consoleIdParams,
      data: z.null(),
    }),
    async (request) => {
      await svc.removeRole(db, request.params.id);
      return ok(null, request.msgLang);
    },
  );
};
