import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  TRAINING_FEATURES,
  TRAINING_PATHS,
  tongueLabelWord,
  type TrainingKey,
  type TrainingReading,
} from '@tcm/contract';
import { BASE } from './browser.js';
import { useJourney } from './hooks.js';
import { fillLogin, type Lang } from './helpers.js';

// Issue 23 item 3: a learner takes an exam on a phone, gets a score and a certificate; zh and en.
// The question bank is seeded through the API with a handful of photos of ../shared/data.
const j = useJourney({ viewport: { width: 390, height: 844 } });

const DATA = new URL('../../shared/data/tongue/', import.meta.url);
const IDS = ['TE0000011', 'TE0000018', 'TE0000039', 'TE0000040'];
/** Sign-in, seeding, two photos and the PDF: more than the 60 s default on a machine under load 30. */
const JOURNEY_MS = 240_000;

async function api<T>(p: Page, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const token = await p.evaluate(() => localStorage.getItem('access_token'));
  const form = body instanceof FormData;
  const res = await fetch(`${BASE}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body && !form ? { 'content-type': 'application/json' } : {}) },
    body: form ? body : body ? JSON.stringify(body) : undefined,
  });
  const env = (await res.json()) as { code: number; msg: string; data: T };
  if (env.code !== 0) throw new Error(`${path}: ${res.status} ${env.msg}`);
  return env.data;
}

/** The seeded training account signed in at the training entrance, the page in `lang` (its cookie). */
async function signIn(page: Page, lang: Lang): Promise<void> {
  if (lang === 'en') await page.context().addCookies([{ name: 'language', value: 'en', url: BASE }]);
  await page.goto(`${BASE}/pc/training/login`);
  await fillLogin(page, 'training');
  await page.waitForURL(/\/pc\/training\/index$/);
}

/** Imports the four photos with their rows of labels-manual.tsv (again: skipped) and adds a course. */
async function seed(p: Page, lang: string): Promise<Map<string, TrainingKey>> {
  const lines = readFileSync(new URL('labels-manual.tsv', DATA), 'utf8').split('\n');
  const table = [lines[0], ...lines.filter((l) => IDS.includes(l.split('\t')[0]!))].join('\n');
  const form = new FormData();
  form.append('labels', new Blob([table]), 'labels.tsv');
  for (const id of IDS)
    form.append(
      'photos',
      new Blob([readFileSync(new URL(`images/${id}.jpg`, DATA))], { type: 'image/jpeg' }),
      `${id}.jpg`,
    );
  await api(p, 'POST', TRAINING_PATHS.questionsImport, form);
  await api(p, 'POST', TRAINING_PATHS.courses, {
    titleZh: `舌诊入门 ${lang}`,
    titleEn: `Tongue basics ${lang}`,
    published: true,
    examQuestions: 2,
    examMinutes: 10,
    passScore: 60,
  });
  const bank = await api<{ rows: Array<{ photoUrl: string; key: TrainingKey }> }>(
    p,
    'GET',
    `${TRAINING_PATHS.questions}?size=100`,
  );
  return new Map(bank.rows.map((q) => [q.photoUrl, q.key]));
}

/** The starter course's data file (docs/training.md "Starter course"): the journey knows each right option. */
const STARTER = JSON.parse(
  readFileSync(new URL('../apps/server/src/modules/training/data/starter-course.json', import.meta.url), 'utf8'),
) as {
  course: { titleZh: string; titleEn: string };
  lessons: Array<{ titleZh: string; titleEn: string }>;
  questions: Array<{ answer: number; zh: { q: string; o: string[] }; en: { q: string; o: string[] } }>;
};

/**
 * A learner's journey on a phone, once in each language: the seeded training account signed in
 * at the training entrance first, and no error in the page's console at the end.
 */
function learnerJourney(name: string, journey: (page: Page, lang: Lang) => Promise<void>): void {
  it.each(['zh', 'en'] as const)(
    name,
    async (lang) => {
      await signIn(j.page, lang);
      await journey(j.page, lang);
      expect(j.errors).toEqual([]);
    },
    JOURNEY_MS,
  );
}

// Issue 33 item 4: on a fresh install (nothing imported, no course written) a learner opens the
// starter course, reads a lesson and answers a practice at once; zh and en.
describe('training starter course', () => {
  learnerJourney(
    'a learner on a fresh install opens the starter course and answers a practice (%s)',
    async (page, lang) => {
      const panel = page.locator('.ant-collapse-item', {
        hasText: STARTER.course[lang === 'zh' ? 'titleZh' : 'titleEn'],
      });
      if (!(await panel.getAttribute('class'))?.includes('ant-collapse-item-active'))
        await panel.getByText(STARTER.course[lang === 'zh' ? 'titleZh' : 'titleEn']).click();
      // A lesson, with the sources of its facts.
      await panel.getByText(STARTER.lessons[3]![lang === 'zh' ? 'titleZh' : 'titleEn']).click();
      await panel.getByText(lang === 'zh' ? '来源' : 'Sources', { exact: true }).waitFor();

      await panel.getByTestId('training-start-practice').click();
      const byPrompt = new Map(STARTER.questions.map((q) => [q[lang].q, q]));
      for (let i = 0; i < 5; i++) {
        const prompt = (await page.getByTestId('training-prompt').textContent())!;
        const q = byPrompt.get(prompt)!;
        expect(q).toBeDefined();
        await page.getByText(`${String.fromCharCode(65 + q.answer)}. ${q[lang].o[q.answer]}`, { exact: true }).click();
        await page.getByTestId('training-submit').click();
        const review = page.getByTestId('training-choice-review');
        await review.waitFor();
        expect(await review.textContent()).toContain(lang === 'zh' ? '回答正确' : 'Right');
        expect(await review.textContent()).toContain(lang === 'zh' ? '出处' : 'Source');
        if (i < 4) await page.getByTestId('training-next').click();
      }
      await page.getByTestId('training-finish').click();
      // Every journey reads the app as a reader who asked for reduced motion (browser.ts), so antd's
      // confirmation does not zoom in under the click (app/reduced-motion.test.tsx: motion off).
      expect(await page.evaluate(() => matchMedia('(prefers-reduced-motion: reduce)').matches)).toBe(true);
      await page.locator('.ant-popconfirm .ant-btn-primary').click();
      await page.getByTestId('training-score').waitFor();
      expect(await page.getByTestId('training-score').textContent()).toBe(lang === 'zh' ? '得分 100' : 'Score 100');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    },
  );
});

describe('training', () => {
  learnerJourney('a learner takes an exam on a phone, gets a score and a certificate (%s)', async (page, lang) => {
    // The seeded training account also teaches (docs/training.md): it seeds the bank, then sits the exam.
    const keys = await seed(page, lang);
    await page.reload();

    // This run's course: open its panel and start its exam.
    const title = lang === 'zh' ? `舌诊入门 ${lang}` : `Tongue basics ${lang}`;
    const panel = page.locator('.ant-collapse-item', { hasText: title });
    // The first course opens by itself; a later one opens on its title.
    if (!(await panel.getAttribute('class'))?.includes('ant-collapse-item-active'))
      await panel.getByText(title).click();
    await panel.getByTestId('training-start-exam').click();
    await page.getByTestId('training-time-left').waitFor();
    for (let i = 0; i < 2; i++) {
      const src = await page.locator('.ant-card img').first().getAttribute('src');
      const key = keys.get(new URL(src!, BASE).pathname)!;
      expect(key).toBeDefined();
      // Reads each scored feature as the expert did (the first accepted label).
      const reading = Object.fromEntries(Object.entries(key).map(([f, v]) => [f, v[0]])) as TrainingReading;
      for (const f of TRAINING_FEATURES) {
        const label = reading[f];
        if (label)
          await page
            .getByTestId(`training-choice-${f}`)
            .getByText(tongueLabelWord(f, label, lang), { exact: true })
            .click();
      }
      await page.getByTestId('training-submit').click();
      await page.getByTestId('training-review-count').waitFor();
      expect(await page.getByTestId('training-review-count').textContent()).toMatch(
        lang === 'zh' ? /答对 (\d) \/ \1 项/ : /(\d) of \1 right/,
      );
      if (i === 0) await page.getByTestId('training-next').click();
    }
    await page.getByTestId('training-finish').click();
    await page.locator('.ant-popconfirm .ant-btn-primary').click();
    await page.getByTestId('training-score').waitFor();
    expect(await page.getByTestId('training-score').textContent()).toBe(lang === 'zh' ? '得分 100' : 'Score 100');
    await page.getByText(lang === 'zh' ? '考试通过' : 'Exam passed').waitFor();
    // Usable on a phone: nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('training-certificate').click(),
    ]);
    expect(download.suggestedFilename()).toBe(`certificate-${lang}.pdf`);
    const bytes = readFileSync(await download.path());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
