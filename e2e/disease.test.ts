import { describe, expect, it } from 'vitest';
import { DISEASE_PATHS } from '@tcm/contract';
import { BASE } from './browser.js';
import { entranceTokenOf, signInAt, vitalsRecordDone, type Lang } from './helpers.js';
import { useJourney } from './hooks.js';

// Issue 23 item 2: the seeded disease account screens a person of its team for hypertension,
// linking the person's analyzed record, sees the risk with its evidence and gets the PDF — once
// in Chinese, once in English.
const TEST_MS = 240_000;

const j = useJourney({ viewport: { width: 1500, height: 1000 } });

/** A finished record of the seeded team (made by its leader through the API). */
const teamRecord = async (name: string) =>
  vitalsRecordDone(
    await entranceTokenOf('leader', 'member'),
    { name, sex: 'male', age: 58 },
    { heightCm: 170, weightKg: 82, systolic: 152, diastolic: 96 },
  );

const T = {
  zh: { disease: '原发性高血压', bp: '血压' },
  en: { disease: 'Essential hypertension', bp: 'blood pressure' },
} as const;

async function journey(lang: Lang): Promise<void> {
  const { page, errors } = j;
  const person = `${lang === 'zh' ? '赵' : 'Zhao'} ${Date.now().toString(36)}`;
  await teamRecord(person);

  await signInAt(page, '/disease/login', lang, 'disease', /\/pc\/disease\/index$/);
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
    headers: { authorization: `Bearer ${await entranceTokenOf('disease', 'disease')}` },
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
