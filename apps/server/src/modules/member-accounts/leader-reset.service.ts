import { eq } from 'drizzle-orm';
import { MEMBER_ACCOUNT_ERRORS, TEAM_ERRORS } from '@tcm/contract';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { AppError } from '../../http/app-error.js';
import type { UserRow } from '../auth/principal.repo.js';
import { hashPassword } from '../auth/password.js';
import { replacePassword } from '../passwords/passwords.repo.js';
import { assertPasswordAllowed } from '../passwords/policy.js';
import { assertLeader } from '../teams/team-rules.js';

/**
 * A team leader sets a new password for a plain member of the team who forgot theirs. The member
 * must change it at the next sign-in and every session of theirs ends (as an administrator's
 * reset). A leader's own password, or another leader's, is not theirs to set: co-leaders could
 * otherwise take each other's accounts (403 1450005; the administrator resets leaders).
 */
export async function leaderResetPassword(
  db: Db,
  me: UserRow,
  userId: string,
  newPassword: string,
): Promise<{ revokedSessions: number }> {
  const teamId = assertLeader(me);
  if (userId === me.id) throw new AppError(TEAM_ERRORS.NOT_SELF);
  const [target] = await db.select().from(users).where(eq(users.id, userId));
  if (!target?.teamId) throw new AppError(TEAM_ERRORS.MEMBER_NOT_FOUND);
  if (target.teamId !== teamId) throw new AppError(TEAM_ERRORS.LEADER_REQUIRED);
  if (target.teamLeader) throw new AppError(MEMBER_ACCOUNT_ERRORS.LEADER_TARGET);
  assertPasswordAllowed(newPassword, target.loginName);
  const hash = await hashPassword(newPassword);
  const revokedSessions = await replacePassword(db, target.id, hash, 'password-reset-by-leader', {
    mustChangePassword: true,
  });
  return { revokedSessions };
}
