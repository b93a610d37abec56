import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import {
  ACCESS_TOKEN_COOKIE,
  AUTH_ERRORS,
  HTTP_ERRORS,
  PASSWORD_ERRORS,
  REFRESH_TOKEN_HEADER,
  SPEC_ERRORS,
  type Entrance,
} from '@tcm/contract';
import { AppError } from '../../http/app-error.js';
import { SAFE_METHODS } from '../../http/csrf.js';
import { loadGrants, loadSessionUser, type Grants, type Principal } from './principal.repo.js';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
    /** Roles, menus and button codes of the caller, loaded once per request when asked. */
    grants(): Promise<Grants>;
  }
}

/**
 * The access token: the Bearer header, or the `access_token` cookie (spec §4, for <img> and file
 * URLs) on safe methods only. A browser attaches the cookie to cross-site requests too, so a
 * state-changing call authenticated by it alone would be forgeable (docs/security.md §4).
 */
function bearerOf(request: FastifyRequest): string | undefined {
  const h = request.headers.authorization;
  const m = h ? /^Bearer\s+(\S+)$/i.exec(h) : null;
  if (m?.[1]) return m[1];
  const cookie = request.cookies?.[ACCESS_TOKEN_COOKIE] || undefined;
  if (cookie && !SAFE_METHODS.has(request.method)) throw new AppError(HTTP_ERRORS.BEARER_REQUIRED);
  return cookie;
}

/** Verifies the access token (header, else cookie on GET/HEAD) and the live session behind it. */
async function authenticate(request: FastifyRequest): Promise<Principal> {
  if (request.principal) return request.principal;
  const token = bearerOf(request);
  if (!token) throw new AppError(SPEC_ERRORS.TOKEN_INVALID);
  const { ctx } = request.server;
  const claims = ctx.tokens.verifyAccess(token);
  const user = await loadSessionUser(ctx.db, claims.sessionId, claims.userId);
  if (!user) throw new AppError(SPEC_ERRORS.TOKEN_INVALID);
  request.principal = { user, sessionId: claims.sessionId, entrance: claims.entrance, tokenExp: claims.exp };
  return request.principal;
}

export interface GuardOptions {
  /** Entrances whose sessions may call the route; default any signed-in caller. */
  entrances?: readonly Entrance[];
  /** Button codes the caller must hold (all of them), enforced here, not only in the UI. */
  buttons?: readonly string[];
  /**
   * Open to a user whose password an administrator reset (sign-out, user info, menus and the change
   * itself); every other route answers 403 1100611 until the password is changed.
   */
  beforePasswordChange?: boolean;
}

/**
 * The guard of a private route, used as its `onRequest` hook: 401 (1200001) without a valid token,
 * 403 for a wrong entrance or missing button code. onRequest runs before the body is read, typed
 * (415), parsed or validated (400), so an anonymous or unentitled caller learns nothing about
 * what the route accepts (docs/auth.md "Guard order"); route-inventory.test.ts holds every route to it.
 */
export function requireAuth(opts: GuardOptions = {}): onRequestAsyncHookHandler {
  return async function guard(request: FastifyRequest) {
    const p = await authenticate(request);
    if (opts.entrances && !opts.entrances.includes(p.entrance)) throw new AppError(AUTH_ERRORS.FORBIDDEN);
    if (p.user.mustChangePassword && !opts.beforePasswordChange) throw new AppError(PASSWORD_ERRORS.CHANGE_REQUIRED);
    if (opts.buttons?.length) {
      const g = await request.grants();
      const missing = opts.buttons.filter((b) => !g.allAccess && !g.buttons.has(b));
      if (missing.length) throw new AppError(AUTH_ERRORS.FORBIDDEN, undefined, { missingButtons: missing });
    }
  };
}

/** The back-office guard: a `sys` account holding every one of `buttons` (none: any `sys` account). */
export const requireSys = (buttons: readonly string[] = []) => requireAuth({ entrances: ['sys'], buttons });

/** The principal of a guarded route (the guard ran first). */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new AppError(SPEC_ERRORS.TOKEN_INVALID);
  return request.principal;
}

/**
 * Decorates requests with the principal slot and, once the access token has used two thirds
 * of its life, adds the `refresh-token-header` response header (docs/auth.md).
 */
export function registerAuthDecorators(app: FastifyInstance): void {
  app.decorateRequest('principal', null);
  app.decorateRequest('grants', function (this: FastifyRequest) {
    const self = this as FastifyRequest & { _grants?: Promise<Grants> };
    if (!self.principal) return Promise.reject(new AppError(SPEC_ERRORS.TOKEN_INVALID));
    self._grants ??= loadGrants(self.server.ctx.db, self.principal.user.id);
    return self._grants;
  });
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply) => {
    const p = request.principal;
    if (!p) return;
    const left = p.tokenExp - Date.now() / 1000;
    if (left < request.server.ctx.tokens.accessTtlS / 3)
      reply.header(REFRESH_TOKEN_HEADER, String(Math.max(0, Math.floor(left))));
  });
}
