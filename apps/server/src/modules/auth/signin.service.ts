import type { FastifyReply } from 'fastify';
import { ACCESS_TOKEN_COOKIE, AUTH_ERRORS, SPEC_ERRORS, type Entrance, type TokenResult } from '@tcm/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { verifyPassword } from './password.js';
import { findUserByLoginName } from './principal.repo.js';

export interface PasswordAttempt {
  loginName: string;
  loginPassword: string;
  entrance: Entrance;
  ip: string;
}

/**
 * Checks a password sign-in under the lockout rules and opens a session. A wrong password,
 * an unknown name and a user of another entrance all answer 1000000 alike.
 */
export async function signInWithPassword(ctx: AppContext, a: PasswordAttempt): Promise<TokenResult> {
  await ctx.loginGuard.assertOpen(a.loginName, a.ip);
  const user = await findUserByLoginName(ctx.db, a.loginName.trim());
  const passwordOk = await verifyPassword(user?.passwordHash, a.loginPassword);
  if (!user || !passwordOk || user.entrance !== a.entrance) {
    await ctx.loginGuard.recordFailure(a.loginName, a.ip);
    throw new AppError(SPEC_ERRORS.BAD_CREDENTIALS);
  }
  if (user.status !== 1) throw new AppError(AUTH_ERRORS.ACCOUNT_DISABLED);
  await ctx.loginGuard.recordSuccess(a.loginName, a.ip);
  return ctx.tokens.issue(user.id, user.entrance);
}

/**
 * Answers that carry tokens must never be kept by a browser or proxy cache (RFC 6749 §5.1):
 * `no-store` (and the HTTP/1.0 `Pragma`) on every sign-in, refresh, captcha and WeChat answer.
 */
export function noStore(reply: FastifyReply): void {
  reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
}

/** Options of the `access_token` cookie: Secure on a TLS deployment (TLS=true, docs/server.md). */
export function accessCookieOptions(reply: FastifyReply) {
  return { path: '/', httpOnly: true, sameSite: 'lax', secure: reply.server.ctx.config.tls } as const;
}

/** Sets the `access_token` cookie of spec §4 next to the tokens in the body, uncacheable. */
export function setAccessCookie(reply: FastifyReply, tokens: TokenResult): void {
  noStore(reply);
  reply.setCookie(ACCESS_TOKEN_COOKIE, tokens.access_token, {
    ...accessCookieOptions(reply),
    maxAge: tokens.expires_in,
  });
}
