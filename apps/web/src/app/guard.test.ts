import { describe, expect, it } from 'vitest';
import { decideRoute, type GuardDecision, type GuardInput, type LoginType } from './guard.js';

const none = { sys: false, member: false, doctor: false };
const all = { sys: true, member: true, doctor: true };
const pass: GuardDecision = { kind: 'pass' };
const to = (p: string): GuardDecision => ({ kind: 'redirect', to: p });
const load = (info: 'sys' | 'member' | 'doctor', onFail: string): GuardDecision => ({ kind: 'load', info, onFail });

type Row = [path: string, state: 'out' | 'in' | 'in-loaded' | 'stale', type: LoginType, expected: GuardDecision];

function input(path: string, state: Row[1], loginType: LoginType): GuardInput {
  return {
    path,
    storedToken: state === 'in' || state === 'in-loaded',
    stateToken: state !== 'out',
    loginType,
    loaded: state === 'in-loaded' ? all : none,
  };
}

const rows: Row[] = [
  // Not logged in: open paths.
  ['/device', 'out', 'sys', pass],
  ['/unsubscribe/post', 'out', 'sys', pass],
  ['/checked/pdf', 'out', 'sys', pass],
  ['/inquiry/abc', 'out', 'sys', pass],
  ['/checked/pdf/new', 'out', 'sys', pass],
  ['/redirect/welcome', 'out', 'sys', pass],
  ['/redirect', 'out', 'sys', pass],
  ['/wx_login/author', 'out', 'sys', pass],
  ['/login', 'out', 'sys', pass],
  // Member entrance.
  ['/member/config/login', 'out', 'member', pass],
  ['/member/config/refresh', 'out', 'member', pass],
  ['/member-login', 'out', 'member', pass],
  ['/member/config/home', 'out', 'member', to('/member-login')],
  ['/member/config/teamRecord', 'out', 'sys', to('/member-login')],
  ['/member/config/index', 'out', 'member', to('/member-login')],
  // Issue 33: an invitation link reaches people without an account: registration, query kept.
  ['/member/config/playApply', 'out', 'member', { kind: 'redirect', to: '/member-register', keepSearch: true }],
  ['/member-register', 'out', 'sys', pass],
  ['/member-register', 'in', 'member', pass],
  // Doctor entrance.
  ['/doctor/login', 'out', 'doctor', pass],
  ['/doctor/register', 'out', 'doctor', pass],
  ['/keyan-login', 'out', 'doctor', pass],
  ['/doctor/home', 'out', 'doctor', to('/keyan-login')],
  ['/doctor/archive/review/7', 'out', 'sys', to('/keyan-login')],
  // Display, disease, training.
  ['/dpLogin', 'out', 'display', pass],
  ['/display', 'out', 'display', to('/login')],
  ['/disease/login', 'out', 'sys', pass],
  ['/training/login', 'out', 'sys', pass],
  ['/disease/index', 'out', 'sys', to('/disease/login')],
  ['/training/index', 'out', 'sys', to('/training/login')],
  // Everything else.
  ['/welcome', 'out', 'sys', to('/login')],
  ['/system/translation', 'out', 'sys', to('/login')],
  ['/system/user', 'out', 'sys', to('/login')],
  ['/content/index', 'out', 'sys', to('/login')],
  // An unknown path is the 404 page for a visitor (spec "any unknown path redirects to /404"),
  // whatever login type the browser last used; unknown member and doctor paths keep their sign-in.
  ['/no-such-page', 'out', 'sys', to('/404')],
  ['/no/such/page', 'out', 'member', to('/404')],
  ['/systems', 'out', 'sys', to('/404')],
  ['/member/config/no-such-page', 'out', 'member', to('/member-login')],
  ['/doctor/no-such-page', 'out', 'doctor', to('/keyan-login')],
  // A partner's H5 link: its token is the credential (issue 34).
  ['/h5/abc', 'out', 'sys', pass],
  // Public site group (docs/web.md).
  ['/', 'out', 'sys', pass],
  ['/xinwendongtai', 'out', 'sys', pass],
  ['/pages/about', 'out', 'sys', pass],
  ['/xinwendongtai/12', 'out', 'sys', pass],
  ['/404', 'out', 'sys', pass],

  // Logged in: /login and / by stored login type.
  ['/login', 'in', 'sys', load('sys', '/login')],
  ['/login', 'in-loaded', 'sys', to('/welcome')],
  ['/', 'in-loaded', 'sys', to('/welcome')],
  ['/login', 'in', 'member', load('member', '/member-login')],
  ['/', 'in-loaded', 'member', to('/member/config/home')],
  ['/login', 'in', 'doctor', load('doctor', '/keyan-login')],
  ['/', 'in-loaded', 'doctor', to('/doctor/home')],
  ['/login', 'in', 'display', to('/display')],
  ['/', 'in', 'display', to('/display')],
  ['/login', 'in', 'disease', to('/disease/index')],
  ['/login', 'in', 'training', to('/training/index')],
  // Display, disease, training when logged in.
  ['/dpLogin', 'in', 'display', to('/display')],
  ['/display', 'in', 'display', pass],
  ['/display', 'in', 'sys', pass],
  ['/disease/login', 'in', 'disease', to('/disease/index')],
  ['/training/login', 'in', 'training', to('/training/index')],
  ['/disease/index', 'in', 'disease', pass],
  // Member pages: info fetched, login/index/refresh → home.
  ['/member/config/teamRecord', 'in', 'member', load('member', '/member-login')],
  ['/member/config/teamRecord', 'in-loaded', 'member', pass],
  ['/member/config/login', 'in-loaded', 'member', to('/member/config/home')],
  ['/member/config/index', 'in-loaded', 'member', to('/member/config/home')],
  ['/member/config/refresh', 'in-loaded', 'member', to('/member/config/home')],
  ['/member-login', 'in-loaded', 'member', to('/member/config/home')],
  // Doctor pages.
  ['/doctor/home', 'in', 'doctor', load('doctor', '/keyan-login')],
  ['/doctor/archive/index', 'in-loaded', 'doctor', pass],
  ['/keyan-login', 'in-loaded', 'doctor', to('/doctor/home')],
  ['/doctor/register', 'in', 'doctor', pass],
  // System-user check for everything else.
  ['/welcome', 'in', 'sys', load('sys', '/login')],
  ['/welcome', 'in-loaded', 'sys', pass],
  ['/system/translation', 'in-loaded', 'sys', pass],
  ['/unknown', 'in', 'sys', load('sys', '/login')],
  // A signed-in member or doctor at an unknown path: /404, not signed out by the system check.
  ['/unknown', 'in-loaded', 'member', to('/404')],
  ['/unknown', 'in', 'doctor', to('/404')],
  ['/welcome', 'in', 'member', load('sys', '/login')],
  ['/redirect/welcome', 'in', 'sys', pass],
  ['/xinwendongtai', 'in', 'member', pass],
  // Open and public pages stay open when signed in, whatever the login type.
  ['/device', 'in', 'member', pass],
  ['/unsubscribe/post', 'in', 'sys', pass],
  ['/checked/pdf', 'in', 'doctor', pass],
  ['/inquiry/abc', 'in', 'member', pass],
  ['/checked/pdf/new', 'in', 'sys', pass],
  ['/wx_login/author', 'in', 'sys', pass],
  ['/pages/about', 'in', 'sys', pass],
  ['/404', 'in', 'sys', pass],
  ['/', 'out', 'doctor', pass],
  // Entrance pages of a signed-in user lead to their area, loading its info first.
  ['/member/config/login', 'in', 'member', load('member', '/member-login')],
  ['/member-login', 'in', 'member', load('member', '/member-login')],
  ['/doctor/login', 'in', 'doctor', load('doctor', '/keyan-login')],
  ['/doctor/login', 'in-loaded', 'doctor', to('/doctor/home')],
  ['/dpLogin', 'in', 'sys', to('/display')],
  ['/disease/login', 'in', 'sys', to('/disease/index')],
  ['/training/index', 'in', 'training', pass],
  ['/login', 'in-loaded', 'member', to('/member/config/home')],
  ['/login', 'in-loaded', 'doctor', to('/doctor/home')],
  // Routes built from member info are decided by the router once the info is loaded.
  ['/member/config/resultConfig', 'in-loaded', 'member', pass],
  ['/doctor/archive/showMedicalRecordPdf/3', 'in-loaded', 'doctor', pass],
  // Stored token gone while the state still holds one.
  ['/welcome', 'stale', 'sys', { kind: 'reload' }],
  ['/member/config/home', 'stale', 'member', { kind: 'reload' }],
  ['/', 'stale', 'sys', { kind: 'reload' }],
];

describe('decideRoute', () => {
  it.each(rows)('%s (%s, %s)', (path, state, type, expected) => {
    expect(decideRoute(input(path, state, type))).toEqual(expected);
  });

  it('ignores the query and a trailing slash', () => {
    expect(decideRoute(input('/member/config/home/?x=1', 'out', 'member'))).toEqual(to('/member-login'));
  });
});
