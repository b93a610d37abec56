import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  CONSOLE_BUTTONS as B,
  CONSOLE_PATHS,
  consoleIdParams,
  consoleUser,
  consoleUserAddBody,
  consoleUserEditBody,
  consoleUserListBody,
  consoleUserListQuery,
  consoleUserPage,
  consoleUserRolesBody,
  consoleUserStatusBody,
  signInHistoryPage,
} from '@tcm/contract';
import { FORM_OR_JSON } from '../../http/body-type.js';
import { ok, okSchema } from '../../http/envelope.js';
import { routeOf } from '../../http/route.js';
import { principalOf, requireSys } from '../auth/guard.js';
import { adminScope, type AdminScope } from './data-scope.js';
import * as svc from './users.service.js';

const route = routeOf(['console']);
const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(1000).default(100),
});

/** The caller's data scope (docs/console.md), loaded once the guard has let the request in. */
export const scopeOf = async (request: FastifyRequest): Promise<AdminScope> =>
  adminScope(request.server.ctx.db, principalOf(request).user, await request.grants());

/** Back-office account administration under /backend/sys/v1/user (issue 22 item 1). */
export const consoleUserRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  const one = { 200: okSchema(consoleUser) };

  app.post(
    CONSOLE_PATHS.userList,
    route(requireSys(), 'Page of accounts in your data scope: entrance, keyword and/or combined query', {
      querystring: consoleUserListQuery,
      body: consoleUserListBody,
      data: consoleUserPage,
    }),
    async (request) =>
      ok(
        await svc.listUsers(db, await scopeOf(request), { ...request.query, ...(request.body ?? {}) }),
        request.msgLang,
      ),
  );

  app.post(
    CONSOLE_PATHS.userAdd,
    route(requireSys([B.userAdd]), 'Create an account (button sysUser-add)', {
      body: consoleUserAddBody,
      response: one,
    }),
    async (request) => ok(await svc.addUser(db, await scopeOf(request), request.body), request.msgLang),
  );

  app.post(
    CONSOLE_PATHS.userEdit,
    route(requireSys([B.userEdit]), 'Edit an account (button sysUser-edit)', {
      body: consoleUserEditBody,
      response: one,
    }),
    async (request) => ok(await svc.editUser(db, await scopeOf(request), request.body), request.msgLang),
  );

  app.post(
    CONSOLE_PATHS.userStatus,
    route(requireSys([B.userStatus]), 'Enable (1) or disable (0) an account, form or JSON (button sysUser-status)', {
      consumes: FORM_OR_JSON,
      body: consoleUserStatusBody,
      response: one,
    }),
    async (request) =>
      ok(await svc.setUserStatus(db, await scopeOf(request), request.body.id, request.body.status), request.msgLang),
  );

  app.post(
    CONSOLE_PATHS.userRoles,
    route(requireSys([B.userRoles]), "Replace an account's roles (button sysUser-roles)", {
      body: consoleUserRolesBody,
      response: one,
    }),
    async (request) =>
      ok(await svc.assignRoles(db, await scopeOf(request), request.body.userId, request.body.roleIds), request.msgLang),
  );

  app.get(
    CONSOLE_PATHS.userHistory(':id'),
    route(requireSys([B.userHistory]), 'Sign-in attempts of an account, newest first (button sysUser-history)', {
      params: consoleIdParams,
      querystring: pageQuery,
      data: signInHistoryPage,
    }),
    async (request) =>
      ok(
        await svc.userSignInHistory(
          db,
          await scopeOf(request),
          request.params.id,
          request.query.page,
          request.query.size,
        ),
        request.msgLang,
      ),
  );
};
