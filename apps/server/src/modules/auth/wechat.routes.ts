import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUTH_ERRORS, AUTH_PATHS, tokenResult, wechatExchangeBody, wechatWithoutUserResult } from '@tcm/contract';
import { AppError } from '../../http/app-error.js';
import { ok } from '../../http/envelope.js';
import { noStore, setAccessCookie } from './signin.service.js';
import { exchangeWechatCode, findOrCreateWechatUser, findWechatUser } from './wechat.service.js';
import { FORM_OR_JSON } from '../../http/body-type.js';
import { OPEN, routeOf } from '../../http/route.js';

const tags = ['auth'];
const route = routeOf(tags);

/** WeChat OAuth code exchange (spec §7): oauth2Sessionid carries the code WeChat redirected with. */
export const wechatRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, db, tokens } = app.ctx;

  app.post(
    AUTH_PATHS.wechatGetAccessToken,
    route(OPEN, 'WeChat sign-in: exchange the code, create the member account on first use, return tokens', {
      consumes: FORM_OR_JSON,
      body: wechatExchangeBody,
      data: tokenResult,
    }),
    async (request, reply) => {
      const profile = await exchangeWechatCode(config.wechat, request.body.oauth2Sessionid);
      const user = await findOrCreateWechatUser(db, profile);
      if (user.status !== 1) throw new AppError(AUTH_ERRORS.ACCOUNT_DISABLED);
      const t = await tokens.issue(user.id, user.entrance);
      setAccessCookie(reply, t);
      return ok(t, request.msgLang);
    },
  );

  app.post(
    AUTH_PATHS.wechatGetAccessTokenWithoutInitUser,
    route(
      OPEN,
      'WeChat exchange without creating an account: tokens when bound, else the WeChat profile (bound=false)',
      {
        consumes: FORM_OR_JSON,
        body: wechatExchangeBody,
        data: wechatWithoutUserResult,
      },
    ),
    async (request, reply) => {
      const profile = await exchangeWechatCode(config.wechat, request.body.oauth2Sessionid);
      const user = await findWechatUser(db, profile.openid);
      if (user && user.status !== 1) throw new AppError(AUTH_ERRORS.ACCOUNT_DISABLED);
      const t = user ? await tokens.issue(user.id, user.entrance) : null;
      noStore(reply); // the WeChat profile of an unbound user is personal data too
      if (t) setAccessCookie(reply, t);
      return ok({ ...profile, bound: Boolean(user), token: t }, request.msgLang);
    },
  );
};
