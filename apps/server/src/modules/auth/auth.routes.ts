import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCESS_TOKEN_COOKIE, AUTH_PATHS, ENTRANCES, pwdSigninBody, refreshBody, tokenResult } from '@tcm/contract';
import { ok } from '../../http/envelope.js';
import { OPEN, routeOf } from '../../http/route.js';
import { assertClient } from './client-auth.js';
import { principalOf, requireAuth } from './guard.js';
import { accessCookieOptions, setAccessCookie, signInWithPassword } from './signin.service.js';
import { FORM_OR_JSON } from '../../http/body-type.js';

const tags = ['auth'];
const route = routeOf(tags);

/** Password sign-in for every entrance, logout and refresh (spec §7 Auth, docs/auth.md). */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.ctx;

  // The back-office signs in at the spec's path; the other entrances at /backend/<entrance>/auth/signin.
  for (const entrance of ENTRANCES) {
    app.post(
      entrance === 'sys' ? AUTH_PATHS.pwdSignin : AUTH_PATHS.entranceSignin(entrance),
      route(OPEN, `Password sign-in of the ${entrance} entrance (client Basic header)`, {
        consumes: FORM_OR_JSON,
        body: pwdSigninBody,
        data: tokenResult,
      }),
      async (request, reply) => {
        assertClient(request, config.clientId, config.clientSecret);
        const tokens = await signInWithPassword(app.ctx, { ...request.body, entrance, ip: request.ip });
        setAccessCookie(reply, tokens);
        return ok(tokens, request.msgLang);
      },
    );
  }

  app.post(
    AUTH_PATHS.loginOut,
    route(requireAuth({ beforePasswordChange: true }), 'Logout: revokes the session and its refresh tokens', {
      data: z.null(),
    }),
    async (request, reply) => {
      await app.ctx.tokens.revokeSession(principalOf(request).sessionId, 'logout');
      reply.clearCookie(ACCESS_TOKEN_COOKIE, accessCookieOptions(reply));
      return ok(null, request.msgLang);
    },
  );

  app.post(
    AUTH_PATHS.refreshToken,
    route(OPEN, 'Rotate a refresh token (client Basic header); reuse revokes the family', {
      consumes: FORM_OR_JSON,
      body: refreshBody,
      data: tokenResult,
    }),
    async (request, reply) => {
      assertClient(request, config.clientId, config.clientSecret);
      const tokens = await app.ctx.tokens.rotate(request.body.refresh_token);
      setAccessCookie(reply, tokens);
      return ok(tokens, request.msgLang);
    },
  );
};
