import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { clearSession, saveTokens } from '../lib/session.js';
import { renderAt } from '../test/render-at.js';
import { i18n } from '../lib/i18n.js';
import { readRegisterStep } from '../areas/entrance/DoctorRegister.js';

const at = renderAt;

describe('routes without a session', () => {
  beforeEach(() => {
    localStorage.clear();
    clearSession();
  });

  it('renders the public home with the entrances', async () => {
    at('/');
    expect(await screen.findByText('医生/科研登录')).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/');
  });

  it.each([
    ['member pages to the member login', '/member/config/teamRecord', 'login-member', '/member-login'],
    ['back-office pages to /login', '/system/translation', 'login-sys', '/login'],
  ])('sends %s and renders its card', async (_, path, card, login) => {
    at(path);
    expect(await screen.findByTestId(card)).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe(login);
  });

  // Issue 34: an unknown address is the 404 page, not the back-office sign-in (spec §2).
  it('lands an unknown address on the 404 page, in zh and en', async () => {
    at('/no-such-page');
    expect(await screen.findByText('您访问的页面不存在')).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/404');
    await i18n.changeLanguage('en');
    try {
      await screen.findByText('The page you asked for does not exist');
    } finally {
      await i18n.changeLanguage('zh');
    }
  });

  // Issue 34: /member/config/refresh is open (spec §2) and stays put for a visitor.
  it('opens /member/config/refresh without a session and offers the member sign-in', async () => {
    at('/member/config/refresh');
    const card = await screen.findByTestId('member-refresh');
    expect(card.textContent).toContain('此浏览器未登录会员账号');
    expect(screen.getByTestId('where').textContent).toBe('/member/config/refresh');
    fireEvent.click(screen.getByTestId('member-refresh-login'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/member/config/login'));
    expect(await screen.findByTestId('login-member')).toBeTruthy();
  });

  // Issue 34: /doctor/index speaks of the doctor area, not of "the public site" it is served in.
  it('shows /doctor/index as the way into the doctor area, in zh and en', async () => {
    at('/doctor/index');
    const page = await screen.findByTestId('doctor-index');
    expect(page.textContent).toContain('医案管理');
    expect(page.textContent).not.toContain('公开站点');
    fireEvent.click(screen.getByTestId('doctor-index-login'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/doctor/login'));
    await i18n.changeLanguage('en');
    try {
      at('/doctor/index');
      const en = (await screen.findAllByTestId('doctor-index')).at(-1)!;
      expect(en.textContent).toContain('case archives');
    } finally {
      await i18n.changeLanguage('zh');
    }
  });

  it('resolves /redirect/{path*} to the path', async () => {
    at('/redirect/guanyuwomen');
    // The about page: its CMS text (loaded from the server) and the cooperation form below it.
    expect(await screen.findByTestId('cooperation')).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/guanyuwomen');
  });

  it('scrolls to the top on every navigation', async () => {
    const scroll = vi.spyOn(window, 'scrollTo');
    at('/');
    await screen.findByText('医生/科研登录');
    const before = scroll.mock.calls.length;
    fireEvent.click(screen.getByText('新闻动态'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/xinwendongtai'));
    expect(scroll.mock.calls.length).toBeGreaterThan(before);
    expect(scroll).toHaveBeenLastCalledWith(0, 0);
    scroll.mockRestore();
  });

  it('renders a real 404 page', async () => {
    at('/404');
    expect(await screen.findByText('您访问的页面不存在')).toBeTruthy();
  });

  it('names each page in the window title (issue 17: the title never changed)', async () => {
    at('/404');
    await waitFor(() => expect(document.title).toBe('页面不存在 · 中医智能舌诊开放平台'));
    at('/xinwendongtai');
    await waitFor(() => expect(document.title).toBe('新闻动态 · 中医智能舌诊开放平台'));
  });
});

describe('doctor registration step', () => {
  it('starts at step 1 and keeps the active step on the client', async () => {
    sessionStorage.clear();
    expect(readRegisterStep()).toBe(1);
    sessionStorage.setItem('doctor_register_step', '2');
    expect(readRegisterStep()).toBe(2);
    sessionStorage.setItem('doctor_register_step', '9');
    expect(readRegisterStep()).toBe(1);
    sessionStorage.setItem('doctor_register_step', '2');
    at('/doctor/register');
    expect(await screen.findByText('姓名')).toBeTruthy();
    sessionStorage.clear();
  });
});

describe('Login route with loginOut', () => {
  it('signs a held session out and shows the back-office login', async () => {
    localStorage.setItem('access_token', 'stale');
    saveTokens('stale', 'stale-refresh', 'sys');
    at('/login?loginOut=1');
    expect(await screen.findByTestId('login-sys')).toBeTruthy();
    expect(localStorage.getItem('access_token')).toBeNull();
  });
});
