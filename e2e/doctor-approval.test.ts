import { describe, it } from 'vitest';
import { BASE, PASSWORD } from './browser.js';
import { registerThroughApi } from './register-api.js';
import { useJourney } from './hooks.js';
import { fillLogin, signInBackOffice } from './helpers.js';

// One Chromium for the file, a fresh context per journey (e2e/hooks.ts).
const VIEWPORT = { width: 1400, height: 900 };
const j = useJourney({ viewport: VIEWPORT });

const WORDS = {
  zh: { pending: '您的医生注册正在审核中', done: '已处理' },
  en: { pending: 'Your doctor registration is awaiting approval', done: 'Done' },
};

/** Registers through the public call the /doctor/register page makes (seeded through the API, not clicks). */
async function register(): Promise<string> {
  const loginName = `dra${Date.now()}`;
  const env = await registerThroughApi({
    loginName,
    email: `${loginName}@example.org`,
    phone: `139${String(Date.now()).slice(-8)}`,
    loginPassword: PASSWORD,
    name: '待审医生',
  });
  if (env.code !== 0) throw new Error(`register: ${env.code} ${env.msg}`);
  return loginName;
}

async function approveJourney(lang: 'zh' | 'en'): Promise<void> {
  const { browser, page: admin } = j;
  const w = WORDS[lang];
  const loginName = await register();

  // The doctor tries at once: refused with the pending message in the reader's language.
  const context = await browser.newContext({ viewport: VIEWPORT });
  const doctor = (j.shown = await context.newPage());
  await doctor.goto(`${BASE}/pc/keyan-login`);
  if (lang === 'en') await doctor.getByTestId('language-switch').getByText('EN').click();
  await fillLogin(doctor, loginName);
  await doctor.getByText(w.pending).waitFor();

  // The admin finds the registration among the pending ones and approves it.
  j.shown = undefined;
  await signInBackOffice(admin);
  if (lang === 'en') await admin.getByTestId('language-switch').getByText('EN').click();
  await admin.goto(`${BASE}/pc/system/doctor`);
  const row = admin.getByTestId('console-doctors').locator('tr', { hasText: loginName });
  await row.locator('input[type="checkbox"]').check();
  await admin.getByTestId('btn-sysDoctor-approve').click();
  await admin.getByTestId('doctor-approve').click();
  await admin.getByText(w.done).waitFor();
  await row.waitFor({ state: 'detached' });

  // Now the doctor signs in.
  j.shown = doctor;
  await fillLogin(doctor, loginName);
  await doctor.waitForURL(/\/pc\/doctor\/home$/);
  await doctor.getByTestId('user-name').getByText('待审医生').waitFor();
  await context.close();
}

describe('doctor registration approval', () => {
  it('a registered doctor cannot sign in until an admin approves the registration (zh)', async () => {
    await approveJourney('zh');
  });
  it('the same in English', async () => {
    await approveJourney('en');
  });
});
