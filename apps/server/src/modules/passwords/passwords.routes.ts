import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { changePasswordBody, PASSWORD_PATHS, RESET_PASSWORD_BUTTON, resetPasswordBody } from '@tcm/contract';
import { ok } from '../../http/envelope.js';
import { routeOf } from '../../http/route.js';
import { principalOf, requireAuth } from '../auth/guard.js';
import { scopeOf } from '../console/users.routes.js';
import { changeOwnPassword, resetPassword } from './passwords.service.js';

const route = routeOf(['auth']);

/** Change-password for every entrance and the administrator's reset (docs/auth.md, docs/security.md §8). */
export const passwordRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    PASSWORD_PATHS.changePassword,
    route(
      requireAuth({ beforePasswordChange: true }),
      'Change your own password (any entrance, Bearer); other sessions are revoked',
      { body: changePasswordBody, data: z.object({ revokedSessions: z.number().int() }) },
    ),
    async (request) =>
      ok(await changeOwnPassword(app.ctx, principalOf(request), request.body, request.ip), request.msgLang),
  );

  app.post(
    PASSWORD_PATHS.resetPassword,
    route(
      requireAuth({ entrances: ['sys'], buttons: [RESET_PASSWORD_BUTTON] }),
      "Administrator sets a user's password (userId or loginName); the user's sessions end",
      { body: resetPasswordBody, data: z.object({ userId: z.string(), revokedSessions: z.number().int() }) },
    ),
    async (request) =>
      ok(await resetPassword(app.ctx, await scopeOf(request), request.body, request.log), request.msgLang),
  );
};
