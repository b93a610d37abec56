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

/** Calls of the back-office account, role and menu screens (docs/console.md). */
export const consoleApi = {
  users: (page: number, size: number, body: { entrance?: Entrance; keyword?: string; query?: CombinedQuery }) =>
    http.post<ConsoleUserPage>(CONSOLE_PATHS.userList, { params: { page, size }, body }),
  addUser: (body: Partial<ConsoleUserAddBody>) => http.post<ConsoleUser>(CONSOLE_PATHS.userAdd, { body }),
  editUser: (body: ConsoleUserEditBody) => http.post<ConsoleUser>(CONSOLE_PATHS.userEdit, { body }),
  setUserStatus: (id: string, status: 0 | 1) =>
    http.post<ConsoleUser>(CONSOLE_PATHS.userStatus, { form: { id, status: String(status) } }),
  assignRoles: (userId: string, roleIds: string[]) =>
    http.post<ConsoleUser>(CONSOLE_PATHS.userRoles, { body: { userId, roleIds } }),
  history: (id: string, page: number, size: number) =>
    http.get<SignInHistoryPage>(CONSOLE_PATHS.userHistory(id), { params: { page, size } }),

  roles: () => http.get<ConsoleRole[]>(CONSOLE_PATHS.roleList),
  addRole: (body: Partial<ConsoleRoleAddBody>) => http.post<ConsoleRole>(CONSOLE_PATHS.roleAdd, { body }),
  editRole: (body: ConsoleRoleEditBody) => http.post<ConsoleRole>(CONSOLE_PATHS.roleEdit, { body }),
  removeRole: (id: string) => http.del<null>(CONSOLE_PATHS.roleRemove(id)),

  teams: () => http.get<ConsoleTeam[]>(CONSOLE_PATHS.teamList),
  addTeam: (name: string) => http.post<ConsoleTeam>(CONSOLE_PATHS.teamAdd, { body: { name } }),
  teamMembers: (id: string) => http.get<ConsoleTeamMember[]>(CONSOLE_PATHS.teamMembers(id)),
  appointLeader: (teamId: string, userId: string) =>
    http.post<ConsoleTeamMember[]>(CONSOLE_PATHS.teamLeader, { body: { teamId, userId } }),
  setMemberFlags: (body: ConsoleMemberFlagsBody) => http.post<ConsoleTeamMember>(CONSOLE_PATHS.memberFlags, { body }),

  /** Every entry of every area, buttons included. */
  menuTree: () => http.get<MenuNode[]>(MENU_PATHS.tree(0)),
  addMenu: (body: Partial<MenuAddBody>) => http.post<MenuNode>(MENU_PATHS.add, { body }),
  editMenu: (body: Partial<MenuAddBody> & { id: number }) => http.post<MenuNode>(MENU_PATHS.edit, { body }),
  removeMenu: (id: number) => http.del<null>(MENU_PATHS.remove(id)),
  setMenuStatus: (id: number, status: 0 | 1) =>
    http.post<null>(MENU_PATHS.updateStatus, { form: { id: String(id), status: String(status) } }),
  moveMenu: (q: { id: number; sort: number; oldPid: number; newPid: number }) =>
    http.post<MenuNode>(MENU_PATHS.updateMenu, {
      params: { id: q.id, sort: q.sort, oldPid: q.oldPid, newPid: q.newPid },
    }),
};
