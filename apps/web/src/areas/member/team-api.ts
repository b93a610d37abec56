import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  MEMBER_ACCOUNT_PATHS,
  TEAM_PATHS,
  type Application,
  type HomeRecord,
  type Invitation,
  type MemberHome,
  type TeamMemberRow,
  type TeamOverview,
  type TeamRecordsQuery,
  type TeamStats,
} from '@tcm/contract';
import { http } from '../../lib/api.js';
import { loadInfo } from '../../app/loaders.js';

/** Query keys of the member home and team calls: one place, so mutations refresh the right ones. */
export const TEAM_KEYS = {
  /** Every team key (the team, its applications). */
  team: ['team'] as const,
  /** Every home key (the member's and the team's home, drill-downs). */
  home: ['home'] as const,
  mine: ['team', 'mine'] as const,
  myApplications: ['team', 'applications', 'mine'] as const,
  applications: (status?: string) => ['team', 'applications', status ?? 'all'] as const,
  homeMine: ['home', 'mine'] as const,
  homeTeam: ['home', 'team'] as const,
  drill: (q: TeamRecordsQuery | null) =>
    q ? (['home', 'drill', q.facet, q.key ?? ''] as const) : (['home', 'drill', 'none'] as const),
};

export const useTeam = () =>
  useQuery({ queryKey: TEAM_KEYS.mine, queryFn: () => http.get<TeamOverview>(TEAM_PATHS.mine) });
export const useMemberHome = () =>
  useQuery({ queryKey: TEAM_KEYS.homeMine, queryFn: () => http.get<MemberHome>(TEAM_PATHS.homeMine) });
export const useTeamStats = (enabled: boolean) =>
  useQuery({ queryKey: TEAM_KEYS.homeTeam, queryFn: () => http.get<TeamStats>(TEAM_PATHS.homeTeam), enabled });
export const useDrill = (q: TeamRecordsQuery | null) =>
  useQuery({
    queryKey: TEAM_KEYS.drill(q),
    queryFn: () => http.get<HomeRecord[]>(TEAM_PATHS.homeTeamRecords, { params: { facet: q!.facet, key: q!.key } }),
    enabled: !!q,
  });
export const useMyApplications = () =>
  useQuery({ queryKey: TEAM_KEYS.myApplications, queryFn: () => http.get<Application[]>(TEAM_PATHS.myApplications) });
export const useTeamApplications = (enabled: boolean) =>
  useQuery({
    queryKey: TEAM_KEYS.applications(),
    queryFn: () => http.get<Application[]>(TEAM_PATHS.applications),
    enabled,
  });

/**
 * A team mutation: afterwards the team, applications and member info (flags and pages decide
 * the menu) are read again.
 */
function useTeamMutation<A, R>(fn: (a: A) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await Promise.all([
        qc.invalidateQueries({ queryKey: TEAM_KEYS.team }),
        qc.invalidateQueries({ queryKey: TEAM_KEYS.home }),
        loadInfo('member'),
      ]);
    },
  });
}

export const useCreateTeam = () =>
  useTeamMutation((name: string) => http.post<TeamOverview>(TEAM_PATHS.create, { body: { name } }));
export const useRenameTeam = () =>
  useTeamMutation((name: string) => http.post<TeamOverview>(TEAM_PATHS.rename, { body: { name } }));
export const useInvite = () =>
  useTeamMutation((expiresInDays: number) =>
    http.post<Invitation>(TEAM_PATHS.invitations, { body: { expiresInDays } }),
  );
export const useRevoke = () =>
  useTeamMutation((id: string) => http.post<null>(TEAM_PATHS.revokeInvitation(id), { body: {} }));
export const useApply = () =>
  useTeamMutation((b: { code: string; message?: string }) => http.post<Application>(TEAM_PATHS.apply, { body: b }));
export const useDecide = () =>
  useTeamMutation((b: { id: string; approve: boolean; reason?: string }) =>
    http.post<Application>(TEAM_PATHS.decide(b.id), { body: { approve: b.approve, reason: b.reason } }),
  );
export const useLeave = () => useTeamMutation(() => http.post<null>(TEAM_PATHS.leave, { body: {} }));
export const useRemoveMember = () =>
  useTeamMutation((id: string) => http.post<null>(TEAM_PATHS.remove(id), { body: {} }));
export const useSetFlags = () =>
  useTeamMutation(
    (b: {
      id: string;
      flags: Partial<Pick<TeamMemberRow, 'teamLeader' | 'canConfigTreatPlan' | 'displayPermission'>>;
    }) => http.post<TeamMemberRow>(TEAM_PATHS.flags(b.id), { body: b.flags }),
  );

/**
 * A leader's reset of a plain member's password (issue 33 item 1); nothing on screen lists
 * passwords, so no key is read again.
 */
export const useResetMemberPassword = (memberId: string) =>
  useMutation({
    mutationFn: (newPassword: string) =>
      http.post<{ revokedSessions: number }>(MEMBER_ACCOUNT_PATHS.resetPassword(memberId), { body: { newPassword } }),
  });
