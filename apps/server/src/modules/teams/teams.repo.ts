import { and, count, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { teamApplications, teamInvitations, teams, users } from '../../db/schema/index.js';

export type TeamRow = typeof teams.$inferSelect;
export type InvitationRow = typeof teamInvitations.$inferSelect;

export const findTeam = (db: Db, id: string): Promise<TeamRow | undefined> =>
  db
    .select()
    .from(teams)
    .where(eq(teams.id, id))
    .then((r) => r[0]);

export const teamMembers = (db: Db, teamId: string) =>
  db.select().from(users).where(eq(users.teamId, teamId)).orderBy(desc(users.teamLeader), users.name, users.loginName);

/** Invitations that still admit someone: not revoked, not expired. */
export const openInvitations = (db: Db, teamId: string): Promise<InvitationRow[]> =>
  db
    .select()
    .from(teamInvitations)
    .where(
      and(
        eq(teamInvitations.teamId, teamId),
        isNull(teamInvitations.revokedAt),
        gt(teamInvitations.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(teamInvitations.createdAt));

export const findInvitationByCode = (db: Db, code: string): Promise<InvitationRow | undefined> =>
  db
    .select()
    .from(teamInvitations)
    .where(eq(teamInvitations.code, code))
    .then((r) => r[0]);

export const pendingCount = (db: Db, teamId: string): Promise<number> =>
  db
    .select({ n: count() })
    .from(teamApplications)
    .where(and(eq(teamApplications.teamId, teamId), eq(teamApplications.status, 'pending')))
    .then((r) => r[0]?.n ?? 0);

/** Applications with the team and applicant names, newest first. */
export function applicationRows(
  db: Db,
  where: { id?: string; teamId?: string; applicantId?: string; status?: string },
) {
  const conds = [
    where.id ? eq(teamApplications.id, where.id) : undefined,
    where.teamId ? eq(teamApplications.teamId, where.teamId) : undefined,
    where.applicantId ? eq(teamApplications.applicantId, where.applicantId) : undefined,
    where.status ? eq(teamApplications.status, where.status as 'pending') : undefined,
  ].filter((c) => c !== undefined);
  return db
    .select({ a: teamApplications, teamName: teams.name, applicantName: users.name, loginName: users.loginName })
    .from(teamApplications)
    .innerJoin(teams, eq(teams.id, teamApplications.teamId))
    .innerJoin(users, eq(users.id, teamApplications.applicantId))
    .where(and(...conds))
    .orderBy(desc(teamApplications.createdAt))
    .limit(500);
}
export type ApplicationJoined = Awaited<ReturnType<typeof applicationRows>>[number];

export const findApplication = (db: Db, id: string) =>
  db
    .select()
    .from(teamApplications)
    .where(eq(teamApplications.id, id))
    .then((r) => r[0]);
