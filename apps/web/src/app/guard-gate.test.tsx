import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { MENU_PATHS, USER_PATHS, type MenuNode } from '@tcm/contract';
import { getSession, saveTokens } from '../lib/session.js';
import type { LoginType } from './guard.js';
import { renderAt } from '../test/render-at.js';
import { envelope, resetFetchAndSession } from '../test/fetch-stub.js';
import { preloadAnt } from './WithAnt.js';

// Ant Design's providers are a lazy chunk (docs/web.md): transform it once before the pages are
// awaited, as App.tsx's static import of antd used to.
beforeAll(() => preloadAnt(), 120_000);

/**
 * GuardGate carrying out the guard (spec §2, §8): a signed-in page loads its info; when that
 * fetch fails the user is logged out (server call, local state cleared) and sent to the login
 * page of the area. Only `fetch` is replaced: the client, session and router are the real ones.
 */
const at = renderAt;

afterEach(resetFetchAndSession);

describe('guard gate', () => {
  it.each<[string, LoginType, string, string]>([
    ['/welcome', 'sys', USER_PATHS.currentSysuser, '/login'],
    ['/member/config/home', 'member', USER_PATHS.memberInfo, '/member-login'],
    ['/doctor/archive/index', 'doctor', USER_PATHS.doctorInfo, '/keyan-login'],
  ])('%s: a failed info fetch logs out and goes to the matching login', async (path, type, infoPath, login) => {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        calls.push(String(url));
        // The info call fails at the HTTP level (no envelope); logout answers normally.
        return String(url).includes(infoPath) ? new Response('<html>bad gateway', { status: 502 }) : envelope(0, null);
      }),
    );
    saveTokens('token', 'refresh', type);
    at(path);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(login));
    expect(calls.some((u) => u.includes(infoPath))).toBe(true);
    expect(calls.some((u) => u.includes('/backend/auth/user/common/loginOut'))).toBe(true);
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(getSession().token).toBeNull();
  });

  it('loads user info and menus, derives the admin role and opens the page', async () => {
    const node = (
      id: number,
      pid: number,
      type: MenuNode['type'],
      name: string,
      path: string,
      component: string,
    ): MenuNode => ({
      id,
      pid,
      area: 'console',
      type,
      name,
      nameEn: null,
      path,
      component,
      iconCls: null,
      blank: false,
      sort: id,
      status: 1,
      buttonCode: null,
      buttonIcon: null,
      buttonUrl: null,
      meta: { showOnSideBar: true, isFullscreen: false, framePage: false, query: null },
      children: [],
    });
    const head = node(1, 0, 'head', '系统管理', 'Layout', 'Layout');
    head.children.push(node(2, 1, 'menu', '工作台', '/welcome', 'welcome/index'));
    const user = {
      id: 'u',
      loginName: 'ops',
      name: '运营人员',
      entrance: 'sys',
      email: null,
      phone: null,
      headImage: '/img/h.png',
      themeColorHex: '#224466',
      roles: [],
      buttons: [],
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const u = String(url);
        if (u.includes(USER_PATHS.currentSysuser)) return envelope(0, user);
        if (u.includes(MENU_PATHS.headMenu)) return envelope(0, { data: [head] });
        if (u.includes(MENU_PATHS.currentSysuserMenu)) return envelope(0, [head]);
        return envelope(2000404, null, 404);
      }),
    );
    saveTokens('token', 'refresh', 'sys');
    at('/login');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/welcome'));
    expect(await screen.findByTestId('user-name', {}, { timeout: 15_000 })).toBeTruthy();
    expect(getSession()).toMatchObject({ roles: ['admin'], themeColor: '#224466' });
    expect(getSession().user?.headImage).toBe('/img/h.png');
    expect(document.querySelector('.ant-avatar img')?.getAttribute('src')).toBe('/img/h.png');
  });
});
