import { useSyncExternalStore } from 'react';
import { ACCESS_TOKEN_COOKIE, DEFAULT_THEME_COLOR, type DoctorInfo, type MemberInfo, type UserInfoBase } from '@tcm/contract';
import { readCookie, removeCookie, writeCookie } from './cookies.js';
import type { LoginType } from '../app/guard.js';
import type { BuiltMenus } from '../app/dynamic-menu.js';

/** Client state of spec §3 that the guards and layouts read. */
export interface SessionState {
  /** Token held in memory; compared with the cookie to detect an invalidated session. */
  token: string | null;
  refreshToken: string | null;
  loginType: LoginType;
  roles: string[];
  user: UserInfoBase | null;
  member: MemberInfo | null;
  doctor: DoctorInfo | null;
  menus: BuiltMenus | null;
  themeColor: string;
}

const LOGIN_TYPE_KEY = 'login_type';
const REFRESH_KEY = 'refresh_token';
const LOGIN_TYPES: readonly LoginType[] = ['sys', 'member', 'doctor', 'display', 'disease', 'training'];

function initial(): SessionState {
  const stored = readCookie(LOGIN_TYPE_KEY) as LoginType | null;
  return {
    token: readCookie(ACCESS_TOKEN_COOKIE),
    refreshToken: localStorage.getItem(REFRESH_KEY),
    loginType: stored && LOGIN_TYPES.includes(stored) ? stored : 'sys',
    roles: [],
    user: null,
    member: null,
    doctor: null,
    menus: null,
    themeColor: DEFAULT_THEME_COLOR,
  };
}

let state: SessionState = initial();
const listeners = new Set<() => void>();

export function getSession(): SessionState {
  return state;
}

export function setSession(patch: Partial<SessionState>): void {
  state = { ...state, ...patch };
  for (const l of listeners) l();
}

/** The token the browser still holds (cookie); null once it expired or was cleared elsewhere. */
export function storedToken(): string | null {
  return readCookie(ACCESS_TOKEN_COOKIE);
}

/** Keeps the tokens after a login or refresh: access token in the access_token cookie (spec §4). */
export function saveTokens(access: string, refresh: string, loginType?: LoginType): void {
  writeCookie(ACCESS_TOKEN_COOKIE, access, 7);
  localStorage.setItem(REFRESH_KEY, refresh);
  if (loginType) writeCookie(LOGIN_TYPE_KEY, loginType, 365);
  setSession({ token: access, refreshToken: refresh, ...(loginType ? { loginType } : {}) });
}

/** Forced local logout: resets client state and clears stored data (spec §4). */
export function clearSession(): void {
  removeCookie(ACCESS_TOKEN_COOKIE);
  localStorage.removeItem(REFRESH_KEY);
  state = { ...initial(), token: null, refreshToken: null, loginType: state.loginType };
  for (const l of listeners) l();
}

function subscribe(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

/** React view of the session. */
export function useSession(): SessionState {
  return useSyncExternalStore(subscribe, getSession, getSession);
}
