import { TEAM_ERRORS, type MemberRegisterBody } from '@tcm/contract';
import type { Db } from '../../db/client.js';
import { teamApplications } from '../../db/schema/index.js';
import { AppError } from '../../http/app-error.js';
import { assertPasswordAllowed } from '../passwords/policy.js';
import { assertIdentityFree } from '../console/users.service.js';
import { findInvitationByCode } from '../teams/teams.repo.js';
import { insertAccount } from '../users/users.service.js';

/** The invitation a code names, or 404 (unknown) / 410 (expired or revoked), as the apply call answers. */
async function openInvitation(db: Db, code: string) {
  const inv = await findInvitationByCode(db, code.toUpperCase());
  if (!inv) throw new AppError(TEAM_ERRORS.INVITATION_INVALID);
  if (inv.revokedAt || inv.expiresAt.getTime() <= Date.now()) throw new AppError(TEAM_ERRORS.INVITATION_EXPIRED);
  return inv;
}

/**
 * Creates a member account with a password (no WeChat needed) and, with an invitation code, its
 * pending application to that team in the same transaction: either both exist or neither. The
 * caller has already checked the captcha, so only now is anything looked up (a taken name: 409).
 */
export async function registerMember(
  db: Db,
  body: Omit<MemberRegisterBody, 'captchaId' | 'x' | 'pow'>,
): Promise<{ id: string; applicationId: string | null }> {
  assertPasswordAllowed(body.loginPassword, body.loginName);
  const inv = body.inviteCode ? await openInvitation(db, body.inviteCode) : undefined;
  await assertIdentityFree(db, { loginName: body.loginName, phone: body.phone });
  return insertAccount(
    db,
    body.loginPassword,
    { entrance: 'member', loginName: body.loginName, name: body.name, phone: body.phone ?? null },
    async (tx, userId) => {
      if (!inv) return { id: userId, applicationId: null };
      const [a] = await tx
        .insert(teamApplications)
        .values({ teamId: inv.teamId, applicantId: userId, invitationId: inv.id })
        .returning({ id: teamApplications.id });
      return { id: userId, applicationId: a!.id };
    },
  );
}
