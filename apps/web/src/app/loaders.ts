import {
  MENU_PATHS,
  USER_PATHS,
  type DoctorInfo,
  type MemberInfo,
  type MenuNode,
  type UserInfoBase,
} from '@tcm/contract';
import { http } from '../lib/api.js';
import { setSession } from '../lib/session.js';
import { buildMenus, graftButtons } from './dynamic-menu.js';
import type { InfoKind } from './guard.js';

const inflight = new Map<InfoKind, Promise<void>>();

async function loadSys(): Promise<void> {
  const user = await http.get<UserInfoBase>(USER_PATHS.currentSysuser, { noErrorMessage: true });
  const head = await http.get<{ data: MenuNode[] }>(MENU_PATHS.headMenu, { noErrorMessage: true });
  const full = await http.get<MenuNode[]>(MENU_PATHS.currentSysuserMenu, { noErrorMessage: true });
  // The console derives the role 'admin' once user info is loaded (spec §1, §6).
  const roles = [...new Set([...user.roles, 'admin'])];
  setSession({ user, roles, menus: buildMenus(graftButtons(head.data, full)), themeColor: user.themeColorHex });
}

async function loadMember(): Promise<void> {
  const member = await http.get<MemberInfo>(USER_PATHS.memberInfo, { noErrorMessage: true });
  setSession({ member, user: member, themeColor: member.themeColorHex });
}

async function loadDoctor(): Promise<void> {
  const doctor = await http.get<DoctorInfo>(USER_PATHS.doctorInfo, { noErrorMessage: true });
  setSession({ doctor, user: doctor, themeColor: doctor.themeColorHex });
}

const loaders: Record<InfoKind, () => Promise<void>> = { sys: loadSys, member: loadMember, doctor: loadDoctor };

/** Fetches one info kind once at a time and stores it with the routes built from it. */
export function loadInfo(kind: InfoKind): Promise<void> {
  let p = inflight.get(kind);
  if (!p) {
    p = loaders[kind]().finally(() => inflight.delete(kind));
    inflight.set(kind, p);
  }
  return p;
}
