import type { FastifyBaseLogger } from 'fastify';
import { PASSWORD_ERRORS, type ChangePasswordBody, type ResetPasswordBody } from '@tcm/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import type { Principal } from '../auth/principal.repo.js';
import { hashPassword, verifyPassword } from '../auth/password.js';
import { assertPasswordAllowed } from './policy.js';
import { assertManageable, type AdminScope } from '../console/data-scope.js';
import { findTarget, replacePassword } from './passwords.repo.js';

/**
 * The signed-in user changes their own password. The old password is checked under the sign-in
 * lockout (a stolen session must not become a free password oracle); every other session of
 * the user is revoked, the calling one is kept so the user stays signed in where they are.
 */
export async function changeOwnPassword(
  ctx: AppContext,
  me: Principal,
  body: ChangePasswordBody,
  ip: string,
): Promise<{ revokedSessions: number }> {
  const user = await findTarget(ctx.db, { id: me.user.id });
  if (!user) throw new AppError(PASSWORD_ERRORS.USER_NOT_FOUND);
  if (!user.passwordHash) throw new AppError(PASSWORD_ERRORS.NO_PASSWORD);
  // Reserved like a sign-in attempt (delays and locks apply). The session stands in for the
  // captcha: the dialog has none, and the caller already proved a sign-in.
  await ctx.loginGuard.reserve(user.loginName, ip, true);
  if (!(await verifyPassword(user.passwordHash, body.oldPassword))) {
    throw new AppError(PASSWORD_ERRORS.OLD_PASSWORD_WRONG);
  }
  await ctx.loginGuard.succeeded(user.loginName, ip);
  if (body.newPassword === body.oldPassword) throw new AppError(PASSWORD_ERRORS.UNCHANGED);
  assertPasswordAllowed(body.newPassword, user.loginName);
  const hash = await hashPassword(body.newPassword);
  const revokedSessions = await replacePassword(ctx.db, user.id, hash, 'password-changed', {
    keepSessionId: me.sessionId,
    mustChangePassword: false,
  });
  return { revokedSessions };
}

/**
 * A back-office administrator sets a user's password (forgotten password, WeChat-only account).
 * Every session of the user ends; the audit line names both users and never the password.
 */
export async function resetPassword(
  ctx: AppContext,
  scope: AdminScope,
  body: ResetPasswordBody,
  log: FastifyBaseLogger,
): Promise<{ userId: string; revokedSessions: number }> {
  if (Boolean(body.userId) === Boolean(body.loginName)) throw new AppError(PASSWORD_ERRORS.TARGET_REQUIRED);
  const user = await findTarget(ctx.db, body.userId ? { id: body.userId } : { loginName: body.loginName as string });
  if (!user) throw new AppError(PASSWORD_ERRORS.USER_NOT_FOUND);
  // Inside the caller's data scope, and never an all-access administrator by someone who is not one.
  await assertManageable(ctx.db, scope, user.id);
  assertPasswordAllowed(body.newPassword, user.loginName);
  const hash = await hashPassword(body.newPassword);
  const revokedSessions = await replacePassword(ctx.db, user.id, hash, 'password-reset-by-admin', {
    mustChangePassword: true,
  });
  log.warn(
    {
      audit: 'password-reset',
      byUserId: scope.me.id,
      byLoginName: scope.me.loginName,
      userId: user.id,
      loginName: user.loginName,
      entrance: user.entrance,
      revokedSessions,
    },
    'administrator reset a password',
  );
  return { userId: user.id, revokedSessions };
}
