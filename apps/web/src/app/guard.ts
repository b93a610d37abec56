/**
 * The route guard of spec §2 as a pure function: path × login state × stored login type →
 * what the router does. `GuardGate` performs the loads and redirects it asks for.
 */
import type { LoginType } from '../lib/session.js';

export type { LoginType } from '../lib/session.js';
export type InfoKind = 'sys' | 'member' | 'doctor';

export interface GuardInput {
  path: string;
  /** Token the browser keeps (survives reloads). */
  storedToken: boolean;
  /** Token held in the in-memory state of this page. */
  stateToken: boolean;
  loginType: LoginType;
  /** Which infos are loaded: roles for sys, member info, doctor info. */
  loaded: Readonly<Record<InfoKind, boolean>>;
}

export type GuardDecision =
  | { kind: 'pass' }
  /** `keepSearch`: the query goes along (an invitation link's code to the registration). */
  | { kind: 'redirect'; to: string; keepSearch?: boolean }
  /** Fetch the info, build its routes, then run the guard again; on failure logout → onFail. */
  | { kind: 'load'; info: InfoKind; onFail: string }
  /** Stored token gone while the page still holds one: clear cache and reload (spec §2). */
  | { kind: 'reload' };

/** Console page that /login and / lead to for a back-office user (seeded menu 工作台). */
export const WELCOME_PATH = '/welcome';
export const MEMBER_HOME = '/member/config/home';
export const DOCTOR_HOME = '/doctor/home';
export const NOT_FOUND = '/404';
/** The page an invitation link opens (`?code=`; apps/server teams.service APPLY_PAGE). */
const INVITE_PAGE = '/member/config/playApply';

/** Open without login (spec §2 "not logged in"). */
const OPEN_EXACT = new Set(['/device', '/unsubscribe/post', '/checked/pdf', '/checked/pdf/new', '/wx_login/author']);
const ENTRANCE_LOGINS = new Set([
  '/login',
  '/member/config/login',
  '/member/config/refresh',
  '/member-login',
  '/doctor/login',
  '/doctor/register',
  '/member-register',
  '/keyan-login',
  '/dpLogin',
  '/disease/login',
  '/training/login',
]);

/**
 * Public marketing pages. The spec's "everything else goes to /login" would lock visitors out
 * of the public site it also describes (§1); these pages are the public route group, open to
 * all (docs/web.md).
 */
const PUBLIC_EXACT = new Set([
  '/',
  '/404',
  '/information',
  '/xinwendongtai',
  '/shexiangyujibingyanjiu',
  '/guanyuwomen',
  '/jiankangzhuangtaibianshi',
  '/shezhenshixun',
  '/zhongyishiAIzhushou',
  '/tongueAnalyze',
  '/ertongshezhen',
  '/xinguanshezhen',
  '/checked/pdf/newPdfTestPreview',
  '/doctor/index',
]);

const isRedirect = (p: string) => p === '/redirect' || p.startsWith('/redirect/');
/** Dynamic pages and news items (docs/site.md) are public like their lists. */
const isPublic = (p: string) => PUBLIC_EXACT.has(p) || p.startsWith('/pages/') || p.startsWith('/xinwendongtai/');
/**
 * A patient's one-time form link (docs/archive.md) and a partner's H5 capture link
 * (docs/open-api.md): the token in the path is the credential.
 */
const isTokenLink = (p: string) => p.startsWith('/inquiry/') || p.startsWith('/h5/');
const isOpen = (p: string) => OPEN_EXACT.has(p) || isRedirect(p) || isPublic(p) || isTokenLink(p);

/**
 * Back-office pages come from the server's menus, which a signed-out page cannot read; these are
 * the seeded ones' paths (apps/server/src/seed/menu-tree.ts), so a signed-out user following a
 * back-office bookmark meets the sign-in (spec "everything else goes to /login") while any other
 * unknown path is the 404 page (spec "any unknown path redirects to /404"). A menu added later
 * under another path is a 404 until its user signs in (docs/web.md).
 */
const BACK_OFFICE = ['/welcome', '/system', '/content'];
const isBackOffice = (p: string) => BACK_OFFICE.some((b) => p === b || p.startsWith(`${b}/`));

function normalize(path: string): string {
  const p = path.split(/[?#]/)[0] ?? '/';
  return p.length > 1 && p.endsWith('/') ? p.slice(0, -1) : p || '/';
}

function notLoggedIn(p: string): GuardDecision {
  if (isOpen(p) || ENTRANCE_LOGINS.has(p)) return { kind: 'pass' };
  // A team's invitation link reaches people who may have no account yet: registration, code kept.
  if (p === INVITE_PAGE) return { kind: 'redirect', to: '/member-register', keepSearch: true };
  if (p.startsWith('/member/config/')) return { kind: 'redirect', to: '/member-login' };
  if (p.startsWith('/doctor/')) return { kind: 'redirect', to: '/keyan-login' };
  if (p === '/display') return { kind: 'redirect', to: '/login' };
  if (p === '/disease/index') return { kind: 'redirect', to: '/disease/login' };
  if (p === '/training/index') return { kind: 'redirect', to: '/training/login' };
  return { kind: 'redirect', to: isBackOffice(p) ? '/login' : NOT_FOUND };
}

function memberCheck(input: GuardInput, target: string, p: string): GuardDecision {
  if (!input.loaded.member) return { kind: 'load', info: 'member', onFail: '/member-login' };
  return target === p ? { kind: 'pass' } : { kind: 'redirect', to: target };
}

function doctorCheck(input: GuardInput, target: string, p: string): GuardDecision {
  if (!input.loaded.doctor) return { kind: 'load', info: 'doctor', onFail: '/keyan-login' };
  return target === p ? { kind: 'pass' } : { kind: 'redirect', to: target };
}

function sysCheck(input: GuardInput, p: string): GuardDecision {
  if (!input.loaded.sys) return { kind: 'load', info: 'sys', onFail: '/login' };
  return p === '/login' || p === '/' ? { kind: 'redirect', to: WELCOME_PATH } : { kind: 'pass' };
}

/** Entrance of a logged-in user at /login or / (spec: by stored login type, sys default). */
function entrance(input: GuardInput, p: string): GuardDecision {
  switch (input.loginType) {
    case 'member':
      return memberCheck(input, MEMBER_HOME, p);
    case 'doctor':
      return doctorCheck(input, DOCTOR_HOME, p);
    case 'display':
      return { kind: 'redirect', to: '/display' };
    case 'disease':
      return { kind: 'redirect', to: '/disease/index' };
    case 'training':
      return { kind: 'redirect', to: '/training/index' };
    case 'sys':
      return sysCheck(input, p);
  }
}

/** Decides one navigation (spec §2 "Route guard"). */
export function decideRoute(input: GuardInput): GuardDecision {
  const p = normalize(input.path);
  if (!input.storedToken && input.stateToken) return { kind: 'reload' };
  if (!input.storedToken) return notLoggedIn(p);

  if (p === '/login' || p === '/') return entrance(input, p);
  if (p === '/dpLogin') return { kind: 'redirect', to: '/display' };
  if (p === '/display') return { kind: 'pass' };
  if (p === '/disease/login') return { kind: 'redirect', to: '/disease/index' };
  if (p === '/training/login') return { kind: 'redirect', to: '/training/index' };
  if (p === '/disease/index' || p === '/training/index') return { kind: 'pass' };
  // Public pages, open helpers and the doctor registration stay reachable when signed in.
  if (isOpen(p) || p === '/doctor/register' || p === '/member-register') return { kind: 'pass' };

  if (
    p === '/member-login' ||
    p === '/member/config/login' ||
    p === '/member/config/refresh' ||
    p === '/member/config/index'
  ) {
    return memberCheck(input, MEMBER_HOME, p);
  }
  if (p.startsWith('/member/config/')) return memberCheck(input, p, p);
  if (p === '/keyan-login' || p === '/doctor/login') return doctorCheck(input, DOCTOR_HOME, p);
  if (p.startsWith('/doctor/')) return doctorCheck(input, p, p);
  // The back-office's menus may hold any path, so a back-office user's paths go to the system
  // check (the router answers /404 when no menu matches); for any other login type a path that
  // is no back-office page is unknown: /404, not a system check that would sign them out.
  if (input.loginType !== 'sys' && !isBackOffice(p)) return { kind: 'redirect', to: NOT_FOUND };
  return sysCheck(input, p);
}
