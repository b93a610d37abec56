import type { FastifyReply } from 'fastify';
import {
  ACCESS_TOKEN_COOKIE,
  AUTH_ERRORS,
  DOCTOR_APPROVAL_ERRORS,
  SPEC_ERRORS,
  type Entrance,
  type TokenResult,
} from '@tcm/contract';
import type { AppContext } from '../../context.js';
import { AppError, isAppError } from '../../http/app-error.js';
import { verifyPassword } from './password.js';
import { findUserByLoginName } from './principal.repo.js';
import { recordSignIn } from './sign-in-history.repo.js';

export interface PasswordAttempt {
  loginName: string;
  loginPassword: string;
  entrance: Entrance;
  ip: string;
  /**
   * The captcha this request answers (jigsaw or drag), checked inside the guard's reservation:
   * a wrong answer is an account failure like a wrong password, so the escalating delays and the
   * locks count captcha failures per account too (issue 35 item 7).
   */
  captcha?: () => Promise<void>;
}

/**
 * Checks a password sign-in under the guard's rules and opens a session. The attempt is
 * reserved (counted as a failure) before the password is verified, so parallel guesses cannot
 * outrun the count; a success gives it back. A wrong password, an unknown name and a user of
 * another entrance all answer 1000000 alike.
 */
export async function signInWithPassword(ctx: AppContext, a: PasswordAttempt): Promise<TokenResult> {
  const captchaSolved = a.captcha !== undefined;
  if (!captchaSolved && ctx.loginGuard.alwaysNeedsCaptcha(a.entrance)) throw new AppError(AUTH_ERRORS.CAPTCHA_REQUIRED);
  const user = await findUserByLoginName(ctx.db, a.loginName.trim());
  try {
    await ctx.loginGuard.reserve(a.loginName, a.ip, captchaSolved);
    await a.captcha?.();
    const passwordOk = await verifyPassword(user?.passwordHash, a.loginPassword);
    if (!user || !passwordOk || user.entrance !== a.entrance) throw new AppError(SPEC_ERRORS.BAD_CREDENTIALS);
    if (user.status !== 1) throw new AppError(AUTH_ERRORS.ACCOUNT_DISABLED);
    // The password was right: the attempt is given back before the approval check.
    await ctx.loginGuard.succeeded(a.loginName, a.ip);
    assertApproved(user);
    const tokens = await ctx.tokens.issue(user.id, user.entrance);
    await recordSignIn(ctx.db, { userId: user.id, entrance: a.entrance, ip: a.ip, code: 0 });
    return tokens;
  } catch (e) {
    // The account's history shows refused attempts too (wrong password, locked, too soon, disabled).
    if (user && isAppError(e))
      await recordSignIn(ctx.db, { userId: user.id, entrance: a.entrance, ip: a.ip, code: e.def.code });
    throw e;
  }
}

/**
 * A doctor registration signs in only once approved (docs/console.md "Doctors"); checked after
 * the password, so the codes tell nothing to someone guessing names. A rejection carries its reason.
 */
function assertApproved(user: { approval: string; approvalReason: string | null }): void {
  if (user.approval === 'pending') throw new AppError(DOCTOR_APPROVAL_ERRORS.PENDING);
  if (user.approval === 'rejected')
    throw new AppError(DOCTOR_APPROVAL_ERRORS.REJECTED, undefined, { reason: user.approvalReason ?? '' });
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
