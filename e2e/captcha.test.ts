import { describe, expect, it } from 'vitest';
import { BASE, PASSWORD } from './browser.js';
import { useJourney } from './hooks.js';
import { approveDoctor, fillLogin, passJigsaw } from './helpers.js';
import { registerThroughApi } from './register-api.js';

const journey = useJourney({ viewport: { width: 1400, height: 900 } });

const CLIENT = `Basic ${Buffer.from('tcm-web:tcm-web-secret').toString('base64')}`;
const post = (path: string, body: Record<string, string>) =>
  fetch(`${BASE}${path}`, {
    method: 'POST',
    headers: { authorization: CLIENT, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).then((r) => r.json() as Promise<{ code: number }>);
const wrongPassword = (loginName: string) =>
  post('/backend/doctor/auth/signin', { loginName, loginPassword: 'not-the-password' });

// Issue 24 items 3 and 9 (docs/security.md): guesses at an account make its sign-in ask for the captcha.
describe('captcha after failed sign-ins', () => {
  it('asks the doctor for the jigsaw after three wrong passwords, and the solved jigsaw signs in', async () => {
    const name = `drc${Date.now()}`;
    const account = { loginName: name, email: `${name}@example.org`, phone: `137${String(Date.now()).slice(-8)}` };
    expect((await registerThroughApi({ ...account, loginPassword: PASSWORD, name: '验证医生' })).code).toBe(0);
    // Someone guesses; the escalating delays (2 s, then 4 s) are waited out.
    expect((await wrongPassword(name)).code).toBe(1000000);
    expect((await wrongPassword(name)).code).toBe(1000000);
    await new Promise((r) => setTimeout(r, 2200));
    expect((await wrongPassword(name)).code).toBe(1000000);
    await new Promise((r) => setTimeout(r, 4200));
    const { page } = journey;
    // A registration waits for approval (docs/console.md); approved, it meets the captcha.
    await approveDoctor(page, name);
    await page.goto(`${BASE}/pc/keyan-login`);
    await fillLogin(page, name);
    await page.getByText('请先完成验证再登录').waitFor();
    await page.getByText('拖动滑块，把拼图块放进形状相同的缺口').waitFor();
    await passJigsaw(page, /\/pc\/doctor\/home$/);
    await page.getByTestId('user-name').getByText('验证医生').waitFor();
    expect(journey.errors).toEqual([]);
  });
});
