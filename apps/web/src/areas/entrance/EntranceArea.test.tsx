import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { AUTH_ERRORS, AUTH_PATHS, DOCTOR_APPROVAL_ERRORS } from '@tcm/contract';
import { envelope, resetFetchAndSession } from '../../test/fetch-stub.js';
import { i18n } from '../../lib/i18n.js';
import { renderAt } from '../../test/render-at.js';

/**
 * A non-console sign-in that the server answers with 1100510 (the account has failed sign-ins:
 * captcha first) opens the jigsaw with the same credentials. Only `fetch` is replaced.
 */
afterEach(resetFetchAndSession);
const PIXEL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg==';

describe('entrance sign-in asked for a captcha', () => {
  it('opens the jigsaw after 1100510 and keeps the user on the login page', async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        calls.push(String(url));
        if (String(url).includes(AUTH_PATHS.entranceSignin('member')))
          return envelope(AUTH_ERRORS.CAPTCHA_REQUIRED.code, null, 400);
        if (String(url).includes(AUTH_PATHS.jigsawRegister))
          return envelope(0, {
            captchaId: '00000000-0000-4000-8000-000000000000',
            backgroundImage: PIXEL,
            pieceImage: PIXEL,
            width: 320,
            height: 160,
            pieceSize: 50,
            pieceY: 20,
            expiresIn: 120,
          });
        return envelope(0, null);
      }),
    );
    renderAt('/member-login');
    fireEvent.change(await screen.findByTestId('login-name'), { target: { value: 'someone' } });
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'secret-pw' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByTestId('jigsaw-bg')).toBeTruthy();
    expect(calls.some((u) => u.includes(AUTH_PATHS.jigsawRegister))).toBe(true);
    expect(screen.getByText('拖动滑块，把拼图块放进形状相同的缺口')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/member-login'));
  });
});

describe('a rejected doctor signs in', () => {
  /** The server's refusal of a rejected registration: 403 1600002 with the administrator's reason. */
  const rejectWith = (reason: string) =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => envelope(DOCTOR_APPROVAL_ERRORS.REJECTED.code, { reason }, 403)),
    );
  const signIn = async () => {
    renderAt('/doctor/login');
    fireEvent.change(await screen.findByTestId('login-name'), { target: { value: 'dr-wang' } });
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'secret-pw' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    return screen.findByTestId('login-rejected');
  };
  afterEach(() => void i18n.changeLanguage('zh'));

  it("reads the administrator's reason inside a zh frame, as text", async () => {
    rejectWith('执业证书照片不清晰 <b>x</b>');
    const box = await signIn();
    expect(box.textContent).toContain('您的医生注册未通过审核');
    expect(box.textContent).toContain('管理员给出的原因：执业证书照片不清晰 <b>x</b>');
    expect(box.querySelector('b')).toBeNull();
    expect(screen.getByTestId('where').textContent).toBe('/doctor/login');
  });

  it('frames the reason in English', async () => {
    await i18n.changeLanguage('en');
    rejectWith('Licence photo unreadable');
    expect((await signIn()).textContent).toContain('The administrator gave this reason: Licence photo unreadable');
  });

  it('says no reason was given when the administrator left it empty', async () => {
    rejectWith('');
    expect((await signIn()).textContent).toContain('管理员没有填写原因');
  });
});
