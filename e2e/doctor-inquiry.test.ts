import { describe, expect } from 'vitest';
import { ARCHIVE_PATHS } from '@tcm/contract';
import { BASE, watchErrors } from './browser.js';
import { apiWith, entranceTokenOf, inBothLanguages, pickOption, signInAt, type Lang } from './helpers.js';
import { useJourney } from './hooks.js';

// Issue 19 item 2: the seeded doctor builds a form template, sends the constitution
// questionnaire to a case's patient as a one-time link, the patient fills it on a phone, and
// the case shows the scored result; a second submission is refused. Once in zh, once in en.
const TEST_MS = 300_000;

const j = useJourney({ viewport: { width: 1500, height: 1000 } });

/** A case with a first visit, made through the archive API as the seeded doctor; answers the case id. */
async function seedCase(name: string): Promise<string> {
  const token = await entranceTokenOf('doctor', 'doctor');
  const c = await apiWith<{ id: string }>('POST', ARCHIVE_PATHS.add, token, {
    name,
    sex: 'male',
    birthDate: '1975-03-02',
    phone: '13900139000',
  });
  await apiWith('POST', ARCHIVE_PATHS.addVisit(c.id), token, { visitDate: '2026-11-20', chiefComplaint: '乏力' });
  return c.id;
}

const T = {
  zh: { thanks: '已提交，谢谢', submitted: '已提交', used: '只能使用一次' },
  en: { thanks: 'Submitted, thank you', submitted: 'Submitted', used: 'used only once' },
} as const;

async function journey(lang: Lang): Promise<void> {
  const { browser, page } = j;
  const patient = `${lang === 'zh' ? '李' : 'Li'} ${Date.now().toString(36)}`;
  const caseId = await seedCase(patient);

  await signInAt(page, '/keyan-login', lang, 'doctor', /\/pc\/doctor\/home$/);

  // The builder: one section, one single-choice question with two options, saved.
  const tplName = `${lang}-sleep-${Date.now().toString(36)}`;
  await page.goto(`${BASE}/pc/doctor/archive/inquiryTemp/edit`);
  await page.getByTestId('template-name').fill(tplName);
  await page.getByTestId('section-0-zh').fill('睡眠');
  await page.getByTestId('add-question-0').click();
  await pickOption(page, lang === 'zh' ? '单选' : 'Single choice');
  await page.getByTestId('edit-q1-zh').fill('失眠吗');
  await page.getByTestId('edit-q1-opt0-zh').fill('否');
  await page.getByTestId('edit-q1-opt1-zh').fill('是');
  await page.getByTestId('save-template').click();
  await page.waitForURL(/\/pc\/doctor\/archive\/inquiryTemp\/show\?id=/);
  await page.getByTestId('question-q1').getByText('失眠吗').waitFor();

  // The constitution questionnaire as a one-time link, from the case page.
  await page.goto(`${BASE}/pc/doctor/archive/review/${caseId}`);
  await page.getByTestId('case-new-form').click();
  await page.getByTestId('form-template').click();
  await pickOption(page, 'ZYYXH/T157-2009');
  await page.getByTestId('send-link').click();
  const shown = (await page.getByTestId('form-link').textContent()) ?? '';
  const link = /https?:\/\/\S+?\/pc\/inquiry\/[A-Za-z0-9_-]{43}/.exec(shown)?.[0] ?? '';
  expect(link).not.toBe('');

  // The patient, on a phone (390 px, touch), no account.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const p = await phone.newPage();
  const phoneErrors = watchErrors(p);
  await p.goto(link);
  if (lang === 'en') await p.getByTestId('language-switch').getByText('EN').click();
  await p.getByTestId('form-filler').waitFor();
  const questions = p.locator('[data-testid^="question-"]');
  expect(await questions.count()).toBe(60);
  // The third point ("sometimes") of a question: its label is the touch target.
  const point3 = (id: string) => p.getByTestId(`question-${id}`).locator('label').nth(2);
  const box = await point3('A1').boundingBox();
  expect(box!.height).toBeGreaterThanOrEqual(44);
  expect(box!.width).toBeGreaterThanOrEqual(44);
  for (const id of await questions.evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!.slice(9))))
    await point3(id).tap();
  await p.getByTestId('link-submit').tap();
  await p.getByText(T[lang].thanks).waitFor();
  // The link takes one submission: opened again it says so with its own message.
  await p.reload();
  await p.getByText(T[lang].used).waitFor();
  expect(phoneErrors.filter((e) => !e.includes('409'))).toEqual([]);
  await phone.close();

  // The case shows the submitted form with the engine's verdict (every answer 3: all eight biased types).
  await page.reload();
  const forms = page.getByTestId('case-forms');
  await forms.getByText(T[lang].submitted).waitFor();
  const score = (await forms.locator('[data-testid^="score-"]').first().textContent()) ?? '';
  expect(score).toContain(lang === 'zh' ? '气虚质' : 'Answers suggest');
  await forms.locator('[data-testid^="form-"]').first().click();
  await page.getByTestId('constitution-summary').waitFor();
}

describe('doctor inquiry forms', () => {
  inBothLanguages(
    'template builder → constitution link → phone fills it once → scored in the case',
    journey,
    TEST_MS,
    j,
  );
});
