import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { AUTH_PATHS, DISEASE_PATHS, RECORD_PATHS } from '@tcm/contract';
import { BASE, PASSWORD } from './browser.js';
import { fillLogin } from './helpers.js';
import { journeyHooks } from './hooks.js';

// Issue 23 item 2: the seeded disease account screens a person of its team for hypertension,
// linking the person's analyzed record, sees the risk with its evidence and gets the PDF — once
// in Chinese, once in English.
const TEST_MS = 240_000;

let page: Page;
let errors: string[];

journeyHooks(
  { viewport: { width: 1500, height: 1000 } },
  (j) => ({ page, errors } = j),
  () => page,
);

/** An access token of a seeded account, signed in through the API. */
async function tokenOf(loginName: string, entrance: 'member' | 'disease'): Promise<string> {
  const form = new URLSearchParams({ loginName, loginPassword: PASSWORD });
  const basic = `Basic ${Buffer.from('tcm-web:tcm-web-secret').toString('base64')}`;
  const signIn = await fetch(`${BASE}${AUTH_PATHS.entranceSignin(entrance)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic },
    body: form.toString(),
  });
  return ((await signIn.json()) as { data: { access_token: string } }).data.access_token;
}

/** A finished record of the seeded team (made by its leader through the API; vitals analyze quickly). */
async function teamRecord(name: string): Promise<string> {
  const token = await tokenOf('leader', 'member');
  const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const created = await fetch(`${BASE}${RECORD_PATHS.create}`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({
      person: { name, sex: 'male', age: 58 },
      vitals: { heightCm: 170, weightKg: 82, systolic: 152, diastolic: 96 },
    }),
  });
  const id = ((await created.json()) as { data: { recordId: string } }).data.recordId;
  await expect
    .poll(
      async () =>
        (
          (await (await fetch(`${BASE}${RECORD_PATHS.detail(id)}`, { headers: auth })).json()) as {
            data: { status: string };
          }
        ).data.status,
      { timeout: 120_000, interval: 1000 },
    )
    .toBe('done');
  return id;
}

const T = {
  zh: { disease: '原发性高血压', bp: '血压' },
  en: { disease: 'Essential hypertension', bp: 'blood pressure' },
} as const;

async function journey(lang: 'zh' | 'en'): Promise<void> {
  const person = `${lang === 'zh' ? '赵' : 'Zhao'} ${Date.now().toString(36)}`;
  await teamRecord(person);

  await page.goto(`${BASE}/pc/disease/login`);
  if (lang === 'en') await page.getByTestId('language-switch').getByText('EN').click();
  await fillLogin(page, 'disease');
  await page.waitForURL(/\/pc\/disease\/index$/);
  await page.getByTestId('screen-form').waitFor();

  await page.getByTestId('screen-disease').click();
  await page.locator('.ant-select-item-option').filter({ hasText: T[lang].disease }).first().click();
  await page.getByTestId('screen-records').click();
  await page.locator('.ant-select-item-option').filter({ hasText: person }).first().click();
  await page.keyboard.press('Escape');
  await page.getByTestId('screen-q-family-yes').click();
  await page.getByTestId('screen-q-salt-no').click();
  await page.getByTestId('screen-q-dizzy-yes').click();
  const [created] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith(DISEASE_PATHS.screenings) && r.request().method() === 'POST'),
    page.getByTestId('screen-submit').click(),
  ]);
  const screeningId = ((await created.json()) as { data: { id: string } }).data.id;

  // The result: a level, the evidence with the record's blood pressure among it.
  const result = page.getByTestId('screen-result');
  await result.waitFor();
  await result.getByText(person).waitFor();
  expect(await page.getByTestId('result-level').getAttribute('data-level')).toMatch(/^(low|medium|high)$/);
  await page.getByTestId('result-evidence').getByText(T[lang].bp, { exact: false }).first().waitFor();

  // The PDF in the page's language opens in a new tab; its bytes are read again through the API.
  const [pdf, popup] = await Promise.all([
    page.waitForResponse((r) => r.url().includes(`${DISEASE_PATHS.screeningPdf(screeningId)}?lang=${lang}`)),
    page.waitForEvent('popup'),
    page.getByTestId(`result-pdf-${lang}`).click(),
  ]);
  expect([pdf.status(), pdf.headers()['content-type']]).toEqual([200, 'application/pdf']);
  expect(popup.url()).toMatch(/^blob:/);
  const again = await fetch(`${BASE}${DISEASE_PATHS.screeningPdf(screeningId)}?lang=${lang}`, {
    headers: { authorization: `Bearer ${await tokenOf('disease', 'disease')}` },
  });
  const bytes = Buffer.from(await again.arrayBuffer());
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(bytes.length).toBeGreaterThan(10_000);
  expect(errors).toEqual([]);
}

describe('disease module', () => {
  it('a screening in Chinese produces a result with evidence and a PDF', () => journey('zh'), TEST_MS);
  it('a screening in English produces a result with evidence and a PDF', () => journey('en'), TEST_MS);
});
