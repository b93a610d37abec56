import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { BASE } from './browser.js';
import { fillLogin } from './helpers.js';
import { useJourney } from './hooks.js';
import { waitStep, wizardNext, wizardSkip } from './wizard.js';
import { TONGUE } from './samples.js';

// Issue 34 items 2 and 7: every capture step holds until its input is usable or the person skips
// it (an empty pulse file included), every invalid vital is marked at once, the phone's stepper is
// one line. One server, one browser; zh and en.
const j = useJourney({ viewport: { width: 1400, height: 900 } });

const WORDS = {
  zh: {
    empty: '文件为空',
    inputOrSkip: '请完成这一步，或点“跳过此步”并确认',
    skipTitle: '跳过“脉象”？',
    vitalsInvalid: '体征数值有误，请检查标红的项目',
    skipped: '已跳过：面象、脉象、声音、体质问卷（记录中不含这些项目）',
    compact: '第 4 / 8 步：脉象',
  },
  en: {
    empty: 'The file is empty',
    inputOrSkip: 'Complete this step, or choose “Skip this step” and confirm',
    skipTitle: 'Skip “Pulse”?',
    vitalsInvalid: 'Some values are wrong; check the fields marked in red',
    skipped: 'Skipped: Face, Pulse, Voice, Questionnaire (not part of this record)',
    compact: 'Step 4 of 8: Pulse',
  },
} as const;

async function toPulse(page: Page, lang: 'zh' | 'en'): Promise<void> {
  await page.context().addCookies([{ name: 'language', value: lang, url: BASE }]);
  await page.goto(`${BASE}/pc/member-login`);
  await fillLogin(page, 'member');
  await page.waitForURL(/\/pc\/member\/config\/home$/);
  await waitStep(page, 'person');
  await page.getByTestId('person-sex').locator('input[value="female"]').check();
  await wizardNext(page, 'tongue');
  await page.locator('[data-testid="tongue-upload"] input[type=file]').setInputFiles(TONGUE);
  await page.getByTestId('check-tongue-ok').waitFor({ timeout: 60_000 });
  await wizardNext(page, 'face');
  await page.getByTestId('wizard-next').click();
  await page.getByTestId('wizard-problem').waitFor();
  await waitStep(page, 'face');
  await wizardSkip(page, 'pulse');
}

describe('capture wizard: held steps, explicit skips, vitals', () => {
  it.each(['zh', 'en'] as const)(
    'an empty pulse file holds its step; invalid vitals are all marked (%s)',
    async (lang) => {
      const { page } = j;
      const w = WORDS[lang];
      await toPulse(page, lang);

      // The empty CSV is refused on the client and "next" holds the step (it used to go on and the
      // record silently lacked the pulse).
      await page
        .locator('[data-testid="pulse-upload"] input[type=file]')
        .setInputFiles({ name: 'empty.csv', mimeType: 'text/csv', buffer: Buffer.alloc(0) });
      await page.getByTestId('wizard-step-pulse').getByText(w.empty).waitFor();
      await page.getByTestId('wizard-next').click();
      await page.getByTestId('wizard-problem').getByText(w.inputOrSkip).waitFor();
      await waitStep(page, 'pulse');

      // Skipping is a choice: the confirmation names the part; "go back" keeps the step.
      await page.getByTestId('wizard-skip').click();
      await page.locator('.ant-popconfirm').getByText(w.skipTitle).waitFor();
      await page.locator('.ant-popconfirm .ant-btn:not(.ant-btn-primary)').click();
      await waitStep(page, 'pulse');

      if (lang === 'en') {
        // On a phone the stepper is one line, not the eight-step list above the step.
        await page.setViewportSize({ width: 390, height: 844 });
        await page.locator('[data-testid="wizard-stepper"][data-compact="true"]').getByText(w.compact).waitFor();
        expect(await page.getByTestId('capture-wizard').locator('.ant-steps').count()).toBe(0);
        await page.setViewportSize({ width: 1400, height: 900 });
        await page.getByTestId('capture-wizard').locator('.ant-steps').waitFor();
      }

      await wizardSkip(page, 'voice');
      await wizardSkip(page, 'questionnaire');
      await wizardSkip(page, 'vitals');

      // Heart rate 400, SpO2 120 and a systolic below the diastolic: all marked as they are typed.
      const form = page.getByTestId('vitals-form');
      await page.getByTestId('vitals-heartRate').fill('400');
      await page.getByTestId('vitals-spo2').fill('120');
      await page.getByTestId('vitals-systolic').fill('70');
      await page.getByTestId('vitals-diastolic').fill('90');
      await expect.poll(() => form.locator('.ant-form-item-has-error').count(), { timeout: 10_000 }).toBe(3);
      for (const f of ['heartRate', 'spo2', 'systolic'])
        await form
          .locator('.ant-form-item-has-error')
          .filter({ has: page.getByTestId(`vitals-${f}`) })
          .waitFor();
      await page.getByTestId('wizard-next').click();
      await page.getByTestId('wizard-problem').getByText(w.vitalsInvalid).waitFor();
      await waitStep(page, 'vitals');

      await page.getByTestId('vitals-heartRate').fill('72');
      await page.getByTestId('vitals-spo2').fill('98');
      await page.getByTestId('vitals-systolic').fill('120');
      await page.getByTestId('vitals-diastolic').fill('80');
      await expect.poll(() => form.locator('.ant-form-item-has-error').count()).toBe(0);
      await wizardNext(page, 'submit');
      await page.getByTestId('wizard-skipped').getByText(w.skipped).waitFor();
      expect(j.errors).toEqual([]);
    },
  );
});
