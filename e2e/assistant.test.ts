import { describe, it } from 'vitest';
import { BASE } from './browser.js';
import { useJourney } from './hooks.js';
import { fillLogin } from './helpers.js';

// A phone-width window: the assistant is used at the bedside as much as at a desk.
const j = useJourney({ viewport: { width: 390, height: 844 } });

const WORDS = {
  zh: { title: '齿痕', kind: '征象', signIn: '助手供医生账号使用' },
  en: { title: 'Tooth marks', kind: 'Sign', signIn: 'The assistant is for doctor accounts' },
};

async function journey(lang: 'zh' | 'en'): Promise<void> {
  const { page } = j;
  const w = WORDS[lang];
  // A visitor reads what the assistant is and where to sign in.
  await page.goto(`${BASE}/pc/zhongyishiAIzhushou`);
  if (lang === 'en') await page.getByTestId('language-switch').getByText('EN').click();
  await page.getByTestId('assistant-sign-in').getByText(w.signIn).waitFor();

  // The seeded doctor signs in and asks.
  await page.goto(`${BASE}/pc/keyan-login`);
  await fillLogin(page, 'doctor');
  await page.waitForURL(/\/pc\/doctor\/home$/);
  await page.goto(`${BASE}/pc/zhongyishiAIzhushou`);
  await page
    .getByTestId('assistant-question')
    .locator('input')
    .fill(lang === 'zh' ? '齿痕舌 说明什么' : 'tooth marks on the tongue');
  await page.getByTestId('assistant-question').locator('input').press('Enter');
  const sources = page.getByTestId('assistant-sources');
  await sources.getByText(`[1] ${w.title}`).waitFor();
  await sources.getByText(w.kind).first().waitFor();
  await sources.getByText('sign:tongue.toothMarks').first().waitFor();
}

describe('physicians assistant', () => {
  it('a visitor is sent to the doctor sign-in; a doctor asks about tooth marks and reads the answer with its sources (zh)', async () => {
    await journey('zh');
  });
  it('the same in English', async () => {
    await journey('en');
  });
});
