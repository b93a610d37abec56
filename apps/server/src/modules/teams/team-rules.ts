import { ADVICE_CONFIG_ERRORS, DISPLAY_ERRORS, TEAM_ERRORS, type MemberFlagsBody } from '@tcm/contract';
import { AppError } from '../../http/app-error.js';
import type { UserRow } from '../auth/principal.repo.js';

/**
 * Who may do what with a member team: the only place these rules live (docs/member.md "Rules").
 * Services and the menu filter call these; nothing else decides it.
 */

type Who = Pick<UserRow, 'entrance' | 'teamId' | 'teamLeader' | 'canConfigTreatPlan' | 'displayPermission'>;

/** A member-area menu flag (menus.requires) and whether this user holds it. */
export function holdsMenuFlag(u: Who, requires: string | null): boolean {
  switch (requires) {
    case null:
      return true;
    // Device records are the team's devices' captures: the records list answers 403 to others.
    case 'teamLeader':
      return isLeader(u);
    // Spec §2, §6: only a team leader who can configure treatment plans.
    case 'canConfigTreatPlan':
      return u.teamLeader && u.canConfigTreatPlan;
    case 'displayPermission':
      return u.displayPermission;
    default:
      return false;
  }
}

/** A leader of some team (member entrance). */
export function isLeader(u: Who): u is Who & { teamId: string } {
  return u.entrance === 'member' && u.teamLeader && !!u.teamId;
}

/** The team this caller leads, or 403. Every team-managing action starts here. */
export function assertLeader(u: Who): string {
  if (!isLeader(u)) throw new AppError(TEAM_ERRORS.LEADER_REQUIRED);
  return u.teamId;
}

/** Only member accounts join or create teams (doctors and back-office users have their own areas). */
export function assertMayJoin(u: Who): void {
  if (u.entrance !== 'member') throw new AppError(TEAM_ERRORS.MEMBERS_ONLY);
  if (u.teamId) throw new AppError(TEAM_ERRORS.ALREADY_IN_TEAM);
}

/**
 * A leader changes another member's flags. Self-changes are refused (a leader cannot raise their
 * own rights), and a leader grants or withdraws only a flag they hold themselves, so a co-leader
 * without canConfigTreatPlan can neither hand it to a friend who hands it back nor take it away
 * from the leader who has it.
 */
export function assertMayChangeFlags(actor: Who & { id: string }, targetId: string, body: MemberFlagsBody): void {
  assertLeader(actor);
  if (actor.id === targetId) throw new AppError(TEAM_ERRORS.NOT_SELF);
  if (body.canConfigTreatPlan !== undefined && !actor.canConfigTreatPlan) throw new AppError(TEAM_ERRORS.FLAG_NOT_HELD);
  if (body.displayPermission !== undefined && !actor.displayPermission) throw new AppError(TEAM_ERRORS.FLAG_NOT_HELD);
}

/** A leader removes anyone of the team but themselves (they leave instead). */
export function assertMayRemove(actor: Who & { id: string }, targetId: string): string {
  const teamId = assertLeader(actor);
  if (actor.id === targetId) throw new AppError(TEAM_ERRORS.NOT_SELF);
  return teamId;
}

/** The last leader may not leave a team that still has members: it would be left unmanaged. */
export function assertMayLeave(u: Who, leaders: number, members: number): void {
  if (!u.teamId) throw new AppError(TEAM_ERRORS.NOT_IN_TEAM);
  if (u.teamLeader && leaders <= 1 && members > 1) throw new AppError(TEAM_ERRORS.LAST_LEADER);
}

/**
 * The team whose conclusion configuration this caller may read and change, or 403: a leader
 * holding canConfigTreatPlan (spec §2, §6), the same rule as the menu entry.
 */
export function assertMayConfigAdvice(u: Who): string {
  if (!isLeader(u) || !holdsMenuFlag(u, 'canConfigTreatPlan')) throw new AppError(ADVICE_CONFIG_ERRORS.FLAG_REQUIRED);
  return u.teamId;
}

/**
 * The team whose display this member may show: their own team, holding displayPermission, the
 * same flag as the menu entry /member/config/display (spec §2, §6; docs/display.md). 403 else.
 */
export function assertMayShowTeamDisplay(u: Who, teamId: string): string {
  if (u.entrance !== 'member' || !holdsMenuFlag(u, 'displayPermission'))
    throw new AppError(DISPLAY_ERRORS.PERMISSION_REQUIRED);
  if (u.teamId !== teamId) throw new AppError(DISPLAY_ERRORS.OTHER_TEAM);
  return teamId;
}
