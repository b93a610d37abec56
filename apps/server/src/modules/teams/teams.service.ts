import { randomInt } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import {
  TEAM_ERRORS,
  type Application,
  type Invitation,
  type MemberFlagsBody,
  type TeamMemberRow,
  type TeamOverview,
} from '@tcm/contract';
import type { Db } from '../../db/client.js';
import { teamApplications, teamInvitations, teams, users } from '../../db/schema/index.js';
import { AppError } from '../../http/app-error.js';
import type { UserRow } from '../auth/principal.repo.js';
import { presentTeamMember } from '../users/users.presenter.js';
import * as repo from './teams.repo.js';
import {
  assertLeader,
  assertMayChangeFlags,
  assertMayJoin,
  assertMayLeave,
  assertMayRemove,
  isLeader,
} from './team-rules.js';

/** Letters and digits a person can read aloud without mixing up (no I, O, 0, 1). */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 10;
const DAY_MS = 86_400_000;
/** The web page that applies with a code (under /pc), given with every invitation. */
export const APPLY_PAGE = '/member/config/playApply';

const newCode = () =>
  Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Flags a member holds only as part of a team: cleared when they leave or are removed. */
const NO_TEAM = { teamId: null, teamLeader: false, canConfigTreatPlan: false, displayPermission: false } as const;

function presentInvitation(i: repo.InvitationRow): Invitation {
  return {
    id: i.id,
    code: i.code,
    link: `${APPLY_PAGE}?code=${i.code}`,
    expiresAt: i.expiresAt.toISOString(),
    revoked: !!i.revokedAt,
    createdAt: i.createdAt.toISOString(),
  };
}

function presentApplication(r: repo.ApplicationJoined): Application {
  return {
    id: r.a.id,
    teamId: r.a.teamId,
    teamName: r.teamName,
    applicantId: r.a.applicantId,
    applicantName: r.applicantName,
    applicantLoginName: r.loginName,
    message: r.a.message,
    status: r.a.status,
    reason: r.a.reason,
    createdAt: r.a.createdAt.toISOString(),
    decidedAt: iso(r.a.decidedAt),
  };
}

/** The caller's team as the home page and the team panel show it. */
export async function overview(db: Db, me: UserRow): Promise<TeamOverview> {
  const team = me.teamId ? await repo.findTeam(db, me.teamId) : undefined;
  if (!team) return { team: null, leader: false, members: [], invitations: [], pendingApplications: 0 };
  const leader = isLeader(me);
  return {
    team: { id: team.id, name: team.name, createdAt: team.createdAt.toISOString() },
    leader,
    members: (await repo.teamMembers(db, team.id)).map(presentTeamMember),
    invitations: leader ? (await repo.openInvitations(db, team.id)).map(presentInvitation) : [],
    pendingApplications: leader ? await repo.pendingCount(db, team.id) : 0,
  };
}

/** A member without a team founds one and leads it with every flag (docs/member.md). */
export async function createTeam(db: Db, me: UserRow, name: string): Promise<TeamOverview> {
  assertMayJoin(me);
  await db.transaction(async (tx) => {
    const [team] = await tx.insert(teams).values({ name }).returning();
    const moved = await tx
      .update(users)
      .set({ teamId: team!.id, teamLeader: true, canConfigTreatPlan: true, displayPermission: true })
      .where(and(eq(users.id, me.id), isNull(users.teamId)))
      .returning({ id: users.id });
    // Joined another team in between (an approval raced this call).
    if (!moved.length) throw new AppError(TEAM_ERRORS.ALREADY_IN_TEAM);
  });
  return overview(db, (await reload(db, me.id))!);
}

export async function renameTeam(db: Db, me: UserRow, name: string): Promise<TeamOverview> {
  const teamId = assertLeader(me);
  await db.update(teams).set({ name }).where(eq(teams.id, teamId));
  return overview(db, me);
}

export async function createInvitation(db: Db, me: UserRow, expiresInDays: number): Promise<Invitation> {
  const teamId = assertLeader(me);
  const [row] = await db
    .insert(teamInvitations)
    .values({ teamId, code: newCode(), expiresAt: new Date(Date.now() + expiresInDays * DAY_MS), createdBy: me.id })
    .returning();
  return presentInvitation(row!);
}

export async function revokeInvitation(db: Db, me: UserRow, id: string): Promise<void> {
  const teamId = assertLeader(me);
  const done = await db
    .update(teamInvitations)
    .set({ revokedAt: new Date() })
    .where(and(eq(teamInvitations.id, id), eq(teamInvitations.teamId, teamId)))
    .returning({ id: teamInvitations.id });
  if (done.length) return;
  const other = await db.select({ id: teamInvitations.id }).from(teamInvitations).where(eq(teamInvitations.id, id));
  throw new AppError(other.length ? TEAM_ERRORS.LEADER_REQUIRED : TEAM_ERRORS.INVITATION_INVALID);
}

export async function apply(db: Db, me: UserRow, code: string, message?: string): Promise<Application> {
  assertMayJoin(me);
  const inv = await repo.findInvitationByCode(db, code.toUpperCase());
  if (!inv) throw new AppError(TEAM_ERRORS.INVITATION_INVALID);
  if (inv.revokedAt || inv.expiresAt.getTime() <= Date.now()) throw new AppError(TEAM_ERRORS.INVITATION_EXPIRED);
  const pending = await repo.applicationRows(db, { teamId: inv.teamId, applicantId: me.id, status: 'pending' });
  if (pending.length) throw new AppError(TEAM_ERRORS.APPLICATION_PENDING);
  const [row] = await db
    .insert(teamApplications)
    .values({ teamId: inv.teamId, applicantId: me.id, invitationId: inv.id, message: message || null })
    .returning({ id: teamApplications.id });
  return (await applicationById(db, row!.id))!;
}

async function applicationById(db: Db, id: string): Promise<Application | undefined> {
  const [hit] = await repo.applicationRows(db, { id });
  return hit && presentApplication(hit);
}

export const myApplications = async (db: Db, me: UserRow): Promise<Application[]> =>
  (await repo.applicationRows(db, { applicantId: me.id })).map(presentApplication);

export async function teamApplicationsOf(db: Db, me: UserRow, status?: string): Promise<Application[]> {
  const teamId = assertLeader(me);
  return (await repo.applicationRows(db, { teamId, status })).map(presentApplication);
}

/** Approve (the applicant joins as a plain member) or reject with a reason. */
export async function decide(db: Db, me: UserRow, id: string, approve: boolean, reason?: string): Promise<Application> {
  const teamId = assertLeader(me);
  const app = await repo.findApplication(db, id);
  if (!app) throw new AppError(TEAM_ERRORS.APPLICATION_NOT_FOUND);
  // Another team's application: this caller leads a different team.
  if (app.teamId !== teamId) throw new AppError(TEAM_ERRORS.LEADER_REQUIRED);
  if (app.status !== 'pending') throw new AppError(TEAM_ERRORS.APPLICATION_DECIDED);
  await db.transaction(async (tx) => {
    const marked = await tx
      .update(teamApplications)
      .set({
        status: approve ? 'approved' : 'rejected',
        reason: reason || null,
        decidedBy: me.id,
        decidedAt: new Date(),
      })
      .where(and(eq(teamApplications.id, id), eq(teamApplications.status, 'pending')))
      .returning({ id: teamApplications.id });
    if (!marked.length) throw new AppError(TEAM_ERRORS.APPLICATION_DECIDED);
    if (!approve) return;
    const joined = await tx
      .update(users)
      .set({ ...NO_TEAM, teamId })
      .where(and(eq(users.id, app.applicantId), isNull(users.teamId)))
      .returning({ id: users.id });
    // The applicant joined or founded another team meanwhile: nothing is approved.
    if (!joined.length) throw new AppError(TEAM_ERRORS.ALREADY_IN_TEAM, 'The applicant already belongs to a team');
  });
  return (await applicationById(db, id))!;
}

async function leaderAndMemberCounts(db: Db, teamId: string): Promise<{ leaders: number; members: number }> {
  const rows = await db.select({ leader: users.teamLeader }).from(users).where(eq(users.teamId, teamId));
  return { leaders: rows.filter((r) => r.leader).length, members: rows.length };
}

/** The member's records stay theirs: records are never touched, only the membership ends. */
export async function leave(db: Db, me: UserRow): Promise<void> {
  const { leaders, members } = me.teamId ? await leaderAndMemberCounts(db, me.teamId) : { leaders: 0, members: 0 };
  assertMayLeave(me, leaders, members);
  await db.update(users).set(NO_TEAM).where(eq(users.id, me.id));
}

/** 404 when the person does not exist or has no team; 403 when they belong to another team. */
async function assertInTeam(db: Db, userId: string, teamId: string): Promise<void> {
  const target = await reload(db, userId);
  if (!target?.teamId) throw new AppError(TEAM_ERRORS.MEMBER_NOT_FOUND);
  if (target.teamId !== teamId) throw new AppError(TEAM_ERRORS.LEADER_REQUIRED);
}

export async function removeMember(db: Db, me: UserRow, userId: string): Promise<void> {
  const teamId = assertMayRemove(me, userId);
  await assertInTeam(db, userId, teamId);
  const done = await db
    .update(users)
    .set(NO_TEAM)
    .where(and(eq(users.id, userId), eq(users.teamId, teamId)))
    .returning({ id: users.id });
  if (!done.length) throw new AppError(TEAM_ERRORS.MEMBER_NOT_FOUND);
}

export async function setFlags(db: Db, me: UserRow, userId: string, body: MemberFlagsBody): Promise<TeamMemberRow> {
  const teamId = assertLeader(me);
  assertMayChangeFlags(me, userId, body);
  await assertInTeam(db, userId, teamId);
  const values = Object.fromEntries(
    Object.entries(body)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, v === 1]),
  );
  const [row] = await db
    .update(users)
    .set(values)
    .where(and(eq(users.id, userId), eq(users.teamId, teamId)))
    .returning();
  if (!row) throw new AppError(TEAM_ERRORS.MEMBER_NOT_FOUND);
  return presentTeamMember(row);
}

const reload = (db: Db, id: string) =>
  db
    .select()
    .from(users)
    .where(eq(users.id, id))
    .then((r) => r[0]);
