import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { changePasswordBody, PASSWORD_PATHS, RESET_PASSWORD_BUTTON, resetPasswordBody } from '@tcm/contract';
import { ok, okSchema } from '../../http/envelope.js';
import { principalOf, requireAuth } from '../auth/guard.js';
import { scopeOf } from '../console/users.routes.js';
import { changeOwnPassword, resetPassword } from './passwords.service.js';

const tags = ['auth'];

/** Change-password for every entrance and the administrator's reset (docs/auth.md, docs/security.md §8). */
export const passwordRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    PASSWORD_PATHS.changePassword,
    {
      onRequest: requireAuth({ beforePasswordChange: true }),
      schema: {
        tags,
        summary: 'Change your own password (any entrance, Bearer); other sessions are revoked',
        body: changePasswordBody,
        response: { 200: okSchema(z.object({ revokedSessions: z.number().int() })) },
      },
    },
    async (request) =>
      ok(await changeOwnPassword(app.ctx, principalOf(request), request.body, request.ip), request.msgLang),
  );

  app.post(
    PASSWORD_PATHS.resetPassword,
    {
      // The seeded admin role (all access) holds every button code; others need this one granted.
      onRequest: requireAuth({ entrances: ['sys'], buttons: [RESET_PASSWORD_BUTTON] }),
      schema: {
        tags,
        summary: "Administrator sets a user's password (userId or loginName); the user's sessions end",
        body: resetPasswordBody,
        response: { 200: okSchema(z.object({ userId: z.string(), revokedSessions: z.number().int() })) },
      },
    },
    async (request) =>
      ok(await resetPassword(app.ctx, await scopeOf(request), request.body, request.log), request.msgLang),
  );
};
