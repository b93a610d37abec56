import { and, asc, count, eq, ne, type SQL } from 'drizzle-orm';
import { CONSOLE_ERRORS, type ConsoleMemberFlagsBody, type ConsoleTeam, type ConsoleTeamMember } from '@tcm/contract';
import type { Db } from '../../db/client.js';
import { teams, users } from '../../db/schema/index.js';
import { AppError } from '../../http/app-error.js';
import { flag, presentTeamMember } from '../users/users.presenter.js';

/**
 * The rules of teams, in one place for the back-office (modules/console) and, later, the member
 * area: one leader per team; a leader comes from the team's members or from members in no team;
 * the member flags of spec §3.
 */

/** Every team, or those the caller's data scope lets through (`where` on the teams table). */
export async function listTeams(db: Db, where?: SQL): Promise<ConsoleTeam[]> {
  const rows = await db.select().from(teams).where(where).orderBy(asc(teams.createdAt), asc(teams.name));
  const leaders = await db
    .select({ teamId: users.teamId, id: users.id, loginName: users.loginName, name: users.name })
    .from(users)
    .where(eq(users.teamLeader, true));
  const counts = await db.select({ teamId: users.teamId, n: count() }).from(users).groupBy(users.teamId);
  return rows.map((t) => {
    const leader = leaders.find((l) => l.teamId === t.id);
    return {
      id: t.id,
      name: t.name,
      leader: leader ? { id: leader.id, loginName: leader.loginName, name: leader.name } : null,
      memberCount: counts.find((c) => c.teamId === t.id)?.n ?? 0,
      organizationId: t.organizationId,
      createdAt: t.createdAt.toISOString(),
    };
  });
}

export async function createTeam(db: Db, name: string, organizationId: string | null = null): Promise<ConsoleTeam> {
  const [t] = await db.insert(teams).values({ name, organizationId }).returning({ id: teams.id });
  return (await listTeams(db)).find((x) => x.id === t!.id)!;
}

async function findTeam(db: Db, id: string) {
  const [t] = await db.select().from(teams).where(eq(teams.id, id));
  if (!t) throw new AppError(CONSOLE_ERRORS.TEAM_NOT_FOUND);
  return t;
}

const presentMember = (u: typeof users.$inferSelect): ConsoleTeamMember => ({
  ...presentTeamMember(u),
  status: u.status === 1 ? 1 : 0,
  canDoctorAgent: flag(u.canDoctorAgent),
});

export async function teamMembers(db: Db, teamId: string): Promise<ConsoleTeamMember[]> {
  await findTeam(db, teamId);
  const rows = await db.select().from(users).where(eq(users.teamId, teamId)).orderBy(asc(users.loginName));
  return rows.map(presentMember);
}

async function findMember(db: Db, userId: string) {
  const [u] = await db.select().from(users).where(eq(users.id, userId));
  if (!u || u.entrance !== 'member') throw new AppError(CONSOLE_ERRORS.USER_NOT_FOUND);
  return u;
}

/** Makes `userId` the team's one leader (the former leader stays a member). */
export async function appointLeader(db: Db, teamId: string, userId: string): Promise<ConsoleTeamMember[]> {
  await findTeam(db, teamId);
  const u = await findMember(db, userId);
  if (u.teamId && u.teamId !== teamId) throw new AppError(CONSOLE_ERRORS.NOT_A_MEMBER);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ teamLeader: false })
      .where(and(eq(users.teamId, teamId), ne(users.id, userId)));
    await tx.update(users).set({ teamId, teamLeader: true }).where(eq(users.id, userId));
  });
  return teamMembers(db, teamId);
}

/** Sets a member's flags; they take effect at the member's next page load (head menu, spec §6). */
export async function setMemberFlags(db: Db, body: ConsoleMemberFlagsBody): Promise<ConsoleTeamMember> {
  await findMember(db, body.userId);
  const set = Object.fromEntries(
    (['canConfigTreatPlan', 'displayPermission', 'canDoctorAgent'] as const)
      .filter((k) => body[k] !== undefined)
      .map((k) => [k, body[k] === 1]),
  );
  const [row] = Object.keys(set).length
    ? await db.update(users).set(set).where(eq(users.id, body.userId)).returning()
    : await db.select().from(users).where(eq(users.id, body.userId));
  return presentMember(row!);
}
