import teamsErrors from './errors/teams.json' with { type: 'json' };
import { z } from 'zod';
import { defineErrors } from './errors.js';

/**
 * Member teams (docs/member.md): a leader creates and renames the team, invites with a code or
 * link, decides join applications and grants the member flags. Range 14100xx.
 */
export const TEAM_ERRORS = defineErrors(teamsErrors);

const flag = z.union([z.literal(0), z.literal(1)]);
const teamName = z.string().trim().min(1).max(100);

export const TEAM_PATHS = {
  /** GET: the caller's team, members, open invitations and the pending count (home badge). */
  mine: '/backend/member/team/mine',
  create: '/backend/member/team/create',
  rename: '/backend/member/team/rename',
  invitations: '/backend/member/team/invitations',
  revokeInvitation: (id: string) => `/backend/member/team/invitations/${id}/revoke`,
  apply: '/backend/member/team/apply',
  /** GET: the caller's own applications and their outcome. */
  myApplications: '/backend/member/team/applications/mine',
  /** GET (leader): the team's applications. */
  applications: '/backend/member/team/applications',
  decide: (id: string) => `/backend/member/team/applications/${id}/decide`,
  leave: '/backend/member/team/leave',
  remove: (userId: string) => `/backend/member/team/members/${userId}/remove`,
  flags: (userId: string) => `/backend/member/team/members/${userId}/flags`,
  /** GET: a member's own latest results, trends and next suggested check. */
  homeMine: '/backend/member/home/mine',
  /** GET (leader): the team statistics. */
  homeTeam: '/backend/member/home/team',
  /** GET (leader): the records behind one chart segment. */
  homeTeamRecords: '/backend/member/home/team/records',
} as const;

export const teamCreateBody = z.object({ name: teamName });
export const teamRenameBody = teamCreateBody;
export const invitationCreateBody = z.object({
  /** Days the code stays valid (1-90). */
  expiresInDays: z.number().int().min(1).max(90).default(7),
});
export const applyBody = z.object({
  code: z
    .string()
    .trim()
    .min(4)
    .max(32)
    .regex(/^[A-Za-z0-9]+$/, 'letters and digits only'),
  message: z.string().trim().max(200).optional(),
});
export const decideBody = z
  .object({ approve: z.boolean(), reason: z.string().trim().max(200).optional() })
  .refine((b) => b.approve || !!b.reason, { message: 'a rejection needs a reason', path: ['reason'] });
export const memberFlagsBody = z
  .object({ teamLeader: flag.optional(), canConfigTreatPlan: flag.optional(), displayPermission: flag.optional() })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'give at least one flag' });
export type MemberFlagsBody = z.infer<typeof memberFlagsBody>;
export const teamItemParams = z.object({ id: z.string().uuid() });
export const teamUserParams = z.object({ userId: z.string().uuid() });
export const applicationStatus = z.enum(['pending', 'approved', 'rejected']);
export const applicationListQuery = z.object({ status: applicationStatus.optional() });

export const invitationSchema = z.object({
  id: z.string().uuid(),
  code: z.string(),
  /** Path of the web page that applies with this code (under /pc). */
  link: z.string(),
  expiresAt: z.string(),
  revoked: z.boolean(),
  createdAt: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const teamMemberRow = z.object({
  id: z.string().uuid(),
  loginName: z.string(),
  name: z.string(),
  teamLeader: flag,
  canConfigTreatPlan: flag,
  displayPermission: flag,
});
export type TeamMemberRow = z.infer<typeof teamMemberRow>;

export const teamOverview = z.object({
  team: z.object({ id: z.string().uuid(), name: z.string(), createdAt: z.string() }).nullable(),
  leader: z.boolean(),
  members: z.array(teamMemberRow),
  /** Open invitations (leaders only; empty for members). */
  invitations: z.array(invitationSchema),
  /** Applications waiting for a decision (leaders only; 0 for members): the home page badge. */
  pendingApplications: z.number().int(),
});
export type TeamOverview = z.infer<typeof teamOverview>;

export const applicationSchema = z.object({
  id: z.string().uuid(),
  teamId: z.string().uuid(),
  teamName: z.string(),
  applicantId: z.string().uuid(),
  applicantName: z.string(),
  applicantLoginName: z.string(),
  message: z.string().nullable(),
  status: applicationStatus,
  reason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type Application = z.infer<typeof applicationSchema>;

/** One record's facets as the home charts use them. */
export const homeRecordSchema = z.object({
  id: z.string().uuid(),
  shareToken: z.string(),
  personName: z.string().nullable(),
  createdAt: z.string(),
  conclusion: z.string().nullable(),
  /** Constitution letter A-I (A balanced) or null when the record has none. */
  constitution: z.string().nullable(),
  /** Top syndrome pattern id and name. */
  pattern: z.object({ id: z.string(), zh: z.string(), en: z.string() }).nullable(),
  /** Highest vitals risk level; `none` when vitals were measured and nothing stands out, null when not measured. */
  risk: z.enum(['none', 'low', 'medium', 'high']).nullable(),
  /** Constitution scale scores (letter -> 0-100) for the trend chart. */
  scores: z.record(z.string(), z.number()),
});
export type HomeRecord = z.infer<typeof homeRecordSchema>;

export const memberHomeSchema = z.object({
  latest: z.array(homeRecordSchema),
  /** Oldest first, for the trend charts. */
  trend: z.array(homeRecordSchema),
  lastCheckAt: z.string().nullable(),
  /** When the next check is due (docs/member.md); null = as soon as possible (no record yet). */
  nextCheckAt: z.string().nullable(),
});
export type MemberHome = z.infer<typeof memberHomeSchema>;

const bucket = z.object({ key: z.string(), count: z.number().int() });
export const teamStatsSchema = z.object({
  members: z.number().int(),
  week: z.number().int(),
  month: z.number().int(),
  constitution: z.array(bucket),
  patterns: z.array(bucket.extend({ zh: z.string(), en: z.string() })),
  risk: z.array(bucket),
  overdue: z.array(z.object({ id: z.string().uuid(), name: z.string(), lastCheckAt: z.string().nullable() })),
  overdueDays: z.number().int(),
});
export type TeamStats = z.infer<typeof teamStatsSchema>;

export const statFacet = z.enum(['week', 'month', 'constitution', 'pattern', 'risk', 'member']);
export const teamRecordsQuery = z.object({ facet: statFacet, key: z.string().trim().max(100).optional() });
export type TeamRecordsQuery = z.infer<typeof teamRecordsQuery>;
