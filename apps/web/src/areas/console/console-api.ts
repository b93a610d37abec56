import { useQuery } from '@tanstack/react-query';
import {
  CONSOLE_PATHS,
  MENU_PATHS,
  type CombinedQuery,
  type ConsoleMemberFlagsBody,
  type ConsoleRole,
  type ConsoleTeam,
  type ConsoleTeamMember,
  type ConsoleRoleAddBody,
  type ConsoleRoleEditBody,
  type ConsoleUser,
  type ConsoleUserAddBody,
  type ConsoleUserEditBody,
  type ConsoleUserPage,
  type Entrance,
  type MenuAddBody,
  type MenuNode,
  type SignInHistoryPage,
} from '@tcm/contract';
import { http } from '../../lib/api.js';
import { useInvalidatingMutation, usePostMutation } from '../../lib/invalidating-mutation.js';

/**
 * Query keys of the account, role, team and menu screens. One tree under `console`, so a write
 * names the branches it changes: `teams` covers the team list and every team's members.
 */
export const CONSOLE_KEYS = {
  users: ['console', 'users'] as const,
  history: (id: string, page: number) => ['console', 'history', id, page] as const,
  roles: ['console', 'roles'] as const,
  teams: ['console', 'teams'] as const,
  teamMembers: (id: string) => ['console', 'teams', id, 'members'] as const,
  menus: ['console', 'menus'] as const,
};

/** Reads of the back-office account, role and menu screens (docs/console.md); writes are the hooks below. */
export const consoleApi = {
  users: (
    page: number,
    size: number,
    body: { entrance?: Entrance; keyword?: string; query?: CombinedQuery },
    sort?: { field: string; order: 'asc' | 'desc' },
  ) =>
    http.post<ConsoleUserPage>(CONSOLE_PATHS.userList, {
      params: { page, size, ...(sort ? { sort: sort.field, order: sort.order } : {}) },
      body,
    }),
  history: (id: string, page: number, size: number) =>
    http.get<SignInHistoryPage>(CONSOLE_PATHS.userHistory(id), { params: { page, size } }),
  roles: () => http.get<ConsoleRole[]>(CONSOLE_PATHS.roleList),
  teams: () => http.get<ConsoleTeam[]>(CONSOLE_PATHS.teamList),
  teamMembers: (id: string) => http.get<ConsoleTeamMember[]>(CONSOLE_PATHS.teamMembers(id)),
  /** Every entry of every area, buttons included. */
  menuTree: () => http.get<MenuNode[]>(MENU_PATHS.tree(0)),
};

export const useRoles = () => useQuery({ queryKey: CONSOLE_KEYS.roles, queryFn: consoleApi.roles });
export const useMenuTree = () => useQuery({ queryKey: CONSOLE_KEYS.menus, queryFn: consoleApi.menuTree });
export const useTeams = () => useQuery({ queryKey: CONSOLE_KEYS.teams, queryFn: consoleApi.teams });
export const useTeamMembers = (id: string) =>
  useQuery({ queryKey: CONSOLE_KEYS.teamMembers(id), queryFn: () => consoleApi.teamMembers(id) });
export const useSignInHistory = (id: string, page: number) =>
  useQuery({ queryKey: CONSOLE_KEYS.history(id, page), queryFn: () => consoleApi.history(id, page, 100) });

// Accounts. A name shows in the team list (leader) and members; role tags show on the users.
export const useAddUser = () =>
  usePostMutation<Partial<ConsoleUserAddBody>, ConsoleUser>(CONSOLE_PATHS.userAdd, [CONSOLE_KEYS.users]);
export const useEditUser = () =>
  usePostMutation<ConsoleUserEditBody, ConsoleUser>(CONSOLE_PATHS.userEdit, [CONSOLE_KEYS.users, CONSOLE_KEYS.teams]);
export const useSetUserStatus = () =>
  useInvalidatingMutation(
    (a: { id: string; status: 0 | 1 }) =>
      http.post<ConsoleUser>(CONSOLE_PATHS.userStatus, { form: { id: a.id, status: String(a.status) } }),
    [CONSOLE_KEYS.users],
  );
/** Replaces an account's roles: its tags and the roles' holder counts change. */
export const useAssignRoles = () =>
  useInvalidatingMutation(
    (a: { userId: string; roleIds: string[] }) => http.post<ConsoleUser>(CONSOLE_PATHS.userRoles, { body: a }),
    [CONSOLE_KEYS.users, CONSOLE_KEYS.roles],
  );

// Roles: their names show as the users' tags.
export const useAddRole = () =>
  usePostMutation<Partial<ConsoleRoleAddBody>, ConsoleRole>(CONSOLE_PATHS.roleAdd, [CONSOLE_KEYS.roles]);
export const useEditRole = () =>
  usePostMutation<ConsoleRoleEditBody, ConsoleRole>(CONSOLE_PATHS.roleEdit, [CONSOLE_KEYS.roles, CONSOLE_KEYS.users]);
export const useRemoveRole = () =>
  useInvalidatingMutation(
    (id: string) => http.del<null>(CONSOLE_PATHS.roleRemove(id)),
    [CONSOLE_KEYS.roles, CONSOLE_KEYS.users],
  );

// Teams: the list shows the leader and the member count, the drawer the members and their flags.
export const useAddTeam = () =>
  useInvalidatingMutation(
    (name: string) => http.post<ConsoleTeam>(CONSOLE_PATHS.teamAdd, { body: { name } }),
    [CONSOLE_KEYS.teams],
  );
export const useAppointLeader = () =>
  useInvalidatingMutation(
    (a: { teamId: string; userId: string }) => http.post<ConsoleTeamMember[]>(CONSOLE_PATHS.teamLeader, { body: a }),
    [CONSOLE_KEYS.teams],
  );
export const useSetMemberFlags = () =>
  usePostMutation<ConsoleMemberFlagsBody, ConsoleTeamMember>(CONSOLE_PATHS.memberFlags, [CONSOLE_KEYS.teams]);

// Menus: a removed entry also leaves the roles that granted it (their grant count).
export const useAddMenu = () => usePostMutation<Partial<MenuAddBody>, MenuNode>(MENU_PATHS.add, [CONSOLE_KEYS.menus]);
export const useEditMenu = () =>
  usePostMutation<Partial<MenuAddBody> & { id: number }, MenuNode>(MENU_PATHS.edit, [CONSOLE_KEYS.menus]);
export const useRemoveMenu = () =>
  useInvalidatingMutation(
    (id: number) => http.del<null>(MENU_PATHS.remove(id)),
    [CONSOLE_KEYS.menus, CONSOLE_KEYS.roles],
  );
export const useSetMenuStatus = () =>
  useInvalidatingMutation(
    (a: { id: number; status: 0 | 1 }) =>
      http.post<null>(MENU_PATHS.updateStatus, { form: { id: String(a.id), status: String(a.status) } }),
    [CONSOLE_KEYS.menus],
  );
export const useMoveMenu = () =>
  useInvalidatingMutation(
    (q: { id: number; sort: number; oldPid: number; newPid: number }) =>
      http.post<MenuNode>(MENU_PATHS.updateMenu, {
        params: { id: q.id, sort: q.sort, oldPid: q.oldPid, newPid: q.newPid },
      }),
    [CONSOLE_KEYS.menus],
  );
