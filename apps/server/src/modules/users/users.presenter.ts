import {
  DEFAULT_THEME_COLOR,
  type DoctorInfo,
  type MemberInfo,
  type TeamMemberRow,
  type UserInfoBase,
} from '@tcm/contract';
import type { Grants, UserRow } from '../auth/principal.repo.js';

/** A yes/no of the spec's user fields as it answers them: 1 = yes. */
export const flag = (b: boolean): 0 | 1 => (b ? 1 : 0);

/** The fields every user-info call shares (spec §3): never the password hash or WeChat ids. */
export function presentUser(u: UserRow, g: Grants): UserInfoBase {
  return {
    id: u.id,
    loginName: u.loginName,
    name: u.name,
    entrance: u.entrance,
    email: u.email,
    phone: u.phone,
    headImage: u.headImage,
    themeColorHex: u.themeColorHex ?? DEFAULT_THEME_COLOR,
    roles: g.roles,
    buttons: [...g.buttons].sort(),
    mustChangePassword: u.mustChangePassword,
  };
}

export function presentMember(u: UserRow, g: Grants, teamName: string | null): MemberInfo {
  return {
    ...presentUser(u, g),
    teamId: u.teamId,
    teamName,
    teamLeader: flag(u.teamLeader),
    canConfigTreatPlan: flag(u.canConfigTreatPlan),
    displayPermission: flag(u.displayPermission),
    canDoctorAgent: flag(u.canDoctorAgent),
  };
}

export function presentDoctor(u: UserRow, g: Grants): DoctorInfo {
  return { ...presentUser(u, g), kind: u.doctorKind ?? 'doctor', organisation: u.organisation, title: u.title };
}

/**
 * A user as a row of a team's member list, with the member flags of spec §3: the one presenter
 * of the team's own member page (`teams.service.ts`) and the console's team page
 * (`platform-teams.service.ts`, which adds the account's status and the agent flag).
 */
export function presentTeamMember(u: UserRow): TeamMemberRow {
  return {
    id: u.id,
    loginName: u.loginName,
    name: u.name,
    teamLeader: flag(u.teamLeader),
    canConfigTreatPlan: flag(u.canConfigTreatPlan),
    displayPermission: flag(u.displayPermission),
  };
}

/**
 * The fields of an account row every back-office account list answers (the console's users and
 * doctors, `modules/console`): one presenter, each list adding its own columns.
 */
export function presentAccount(u: UserRow) {
  return {
    id: u.id,
    loginName: u.loginName,
    name: u.name,
    email: u.email,
    phone: u.phone,
    organisation: u.organisation,
    status: u.status === 1 ? (1 as const) : (0 as const),
    createdAt: u.createdAt.toISOString(),
  };
}
