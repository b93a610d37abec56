import { useSyncExternalStore } from 'react';
import { DEFAULT_THEME_COLOR, type DoctorInfo, type MemberInfo, type UserInfoBase } from '@tcm/contract';
import { readCookie, writeCookie } from './cookies.js';
import type { BuiltMenus } from './menu-types.js';

/** Who signed in: decides the guard's landing pages and the info call (app/guard.ts). */
export type LoginType = 'sys' | 'member' | 'doctor' | 'display' | 'disease' | 'training';

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
/**
 * The server also sets the httpOnly access_token cookie (spec §4); the page keeps its own copy
 * here because script cannot read that cookie and needs it for the Bearer header.
 */
const TOKEN_KEY = 'access_token';
const LOGIN_TYPES: readonly LoginType[] = ['sys', 'member', 'doctor', 'display', 'disease', 'training'];

function initial(): SessionState {
  const stored = readCookie(LOGIN_TYPE_KEY) as LoginType | null;
  return {
    token: localStorage.getItem(TOKEN_KEY),
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

/** The token the browser still holds; null once it was cleared (another tab signed out). */
export function storedToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

/** Keeps the tokens after a login or refresh (the server sets the access_token cookie itself). */
export function saveTokens(access: string, refresh: string, loginType?: LoginType): void {
  localStorage.setItem(TOKEN_KEY, access);
  localStorage.setItem(REFRESH_KEY, refresh);
  if (loginType) writeCookie(LOGIN_TYPE_KEY, loginType, 365);
  setSession({ token: access, refreshToken: refresh, ...(loginType ? { loginType } : {}) });
}

/** Forced local logout: resets client state and clears stored data (spec §4). */
export function clearSession(): void {
  localStorage.removeItem(TOKEN_KEY);
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
