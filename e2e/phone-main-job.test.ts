import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { RECORD_PATHS } from '@tcm/contract';
import { questionsFor } from '@tcm/contract/questionnaire';
import { BASE, PASSWORD } from './browser.js';
import { apiWith, dragKnob, fillLogin, memberTokenOf, solveJigsaw, uploadWith } from './helpers.js';
import { journeyHooks, type Journey } from './hooks.js';
import { FACE, PULSE, TONGUE, VOICE } from './samples.js';

// Issue 17: the main job on a phone (390×844, touch), in zh and en — a visitor hands in a tongue photo;
// a member completes a full capture (photo, pulse file, voice file, questionnaire), plays the
// voice, reloads the result by its URL; a refused photo of a record is redone on the result page
// without losing the answers. No page scrolls sideways; the wizard's main buttons are ≥ 44 px.
const ANALYSIS_MS = 180_000;
const TEST_MS = 420_000;
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

let j: Journey;
journeyHooks(
  PHONE,
  (x) => (j = x),
  () => j.page,
);

/** Console errors other than the browser's own line for an answered HTTP error (a 401 is an answer). */
function watchConsole(page: Page): string[] {
  const out: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) out.push(m.text());
  });
  return out;
}

/**
 * The page does not scroll sideways and has no white frame (issue 17: an 8 px body margin). The
 * document's width is compared with the phone's (the viewport set for the page), not with
 * innerWidth: a mobile browser zooms a too-wide page out until it fits, and innerWidth then grows
 * with the page, so a page 524 px wide would pass (as in e2e/phone-layout.test.ts).
 */
async function fitsPhone(page: Page, where: string): Promise<void> {
  const W = page.viewportSize()!.width;
  const m = await page.evaluate(() => ({
    doc: Math.max(document.documentElement.scrollWidth, window.innerWidth),
    margin: getComputedStyle(document.body).margin,
  }));
  expect([where, m.doc, m.margin]).toEqual([where, W, '0px']);
}

/** Touch targets: each of these buttons is at least 44 px high and wide. */
async function touchSized(page: Page, testIds: string[]): Promise<void> {
  for (const id of testIds) {
    const box = await page.getByTestId(id).first().boundingBox();
    expect([id, Math.round(box!.height) >= 44, Math.round(box!.width) >= 44]).toEqual([id, true, true]);
  }
}

async function setLanguage(page: Page, lang: 'zh' | 'en'): Promise<void> {
  await page.context().addCookies([{ name: 'language', value: lang, url: BASE }]);
}

/** Waits until the record is finished with `status` (a record with a refused part is `partial`). */
async function waitDone(page: Page, status: 'done' | 'partial' = 'done'): Promise<void> {
  const finished = page.locator(
    `[data-testid="record-status"][data-status="${status}"], [data-testid="record-status"][data-status="failed"]`,
  );
  await finished.first().waitFor({ timeout: ANALYSIS_MS });
  if ((await finished.first().getAttribute('data-status')) === 'failed')
    expect.fail(`analysis failed: ${await page.getByTestId('record-failed').textContent()}`);
}

async function signInMember(page: Page): Promise<void> {
  await page.goto(`${BASE}/pc/member-login`);
  await page.getByTestId('login-submit').waitFor();
  await fitsPhone(page, 'member-login');
  await fillLogin(page, 'member');
  await page.waitForURL(/\/pc\/member\/config\/home$/);
}

const fileInput = (page: Page, scope: string) => page.locator(`[data-testid="${scope}"] input[type=file]`).first();

describe('the main job on a phone (390×844)', () => {
  it(
    'a visitor hands in a tongue photo (en)',
    async () => {
      const { page, errors } = j;
      await setLanguage(page, 'en');
      await page.goto(`${BASE}/pc/tongueAnalyze`);
      await fileInput(page, 'tongue-upload').waitFor({ state: 'attached' });
      await fitsPhone(page, 'tongueAnalyze');
      await fileInput(page, 'tongue-upload').setInputFiles(TONGUE);
      await page.getByTestId('tongue-preview').waitFor();
      await page.getByTestId('analyze-submit').click();
      // Analysed on the phone first; saving sends it (e2e/tongue-on-device.test.ts).
      await page.getByTestId('on-device-save').click({ timeout: 180_000 });
      await waitDone(page);
      await page.getByTestId('tongue-features').getByText('Body color', { exact: true }).waitFor();
      await fitsPhone(page, 'visitor result');
      expect(errors).toEqual([]);
    },
    TEST_MS,
  );

  it(
    'a member completes a full capture, plays the voice and reloads the result by its URL (zh)',
    async () => {
      const { page, errors } = j;
      await setLanguage(page, 'zh');
      await signInMember(page);
      await page.getByTestId('capture-wizard').waitFor();
      await fitsPhone(page, 'wizard');
      await page.getByTestId('person-name').fill('王手机');
      await page.getByTestId('person-sex').getByText('女').click();
      await touchSized(page, ['wizard-next']);
      await page.getByTestId('wizard-next').click();

      // The camera is the first choice on a phone; a file works too.
      const first = page.locator('[data-testid="tongue-upload"] button').first();
      expect(await first.getAttribute('data-testid')).toBe('tongue-camera');
      await touchSized(page, ['tongue-camera', 'tongue-choose', 'wizard-next', 'wizard-prev']);
      await fileInput(page, 'tongue-upload').setInputFiles(TONGUE);
      await page.getByTestId('check-tongue-ok').waitFor({ timeout: 60_000 });
      await fitsPhone(page, 'tongue step');
      await page.getByTestId('wizard-next').click();
      await fileInput(page, 'face-upload').setInputFiles(FACE);
      await page.getByTestId('check-face-ok').waitFor({ timeout: 60_000 });
      await page.getByTestId('wizard-next').click();
      await fileInput(page, 'pulse-upload').setInputFiles(PULSE);
      await page.getByTestId('check-pulse-ok').waitFor({ timeout: 60_000 });
      await fitsPhone(page, 'pulse step');
      await page.getByTestId('wizard-next').click();

      await fileInput(page, 'voice-upload').setInputFiles(VOICE);
      const audio = page.locator('[data-testid="voice-ready"] audio');
      await audio.waitFor();
      // The chosen clip plays (issue 17: the CSP blocked blob: media).
      await audio.evaluate((a: HTMLAudioElement) => {
        a.muted = true;
        return a.play();
      });
      await expect
        .poll(() => audio.evaluate((a: HTMLAudioElement) => ({ paused: a.paused, t: a.currentTime > 0 })), {
          timeout: 10_000,
        })
        .toEqual({ paused: false, t: true });
      await page.getByTestId('check-voice-ok').waitFor({ timeout: 60_000 });
      await fitsPhone(page, 'voice step');
      await page.getByTestId('wizard-next').click();

      const radios = page.locator('[data-testid="questionnaire"] input[type=radio][value="2"]');
      await radios.first().waitFor();
      expect(await radios.count()).toBe(60);
      for (let i = 0; i < 60; i++) await radios.nth(i).check();
      await fitsPhone(page, 'questionnaire');
      await page.getByTestId('wizard-next').click();
      await page.getByTestId('vitals-systolic').fill('128');
      await page.getByTestId('vitals-diastolic').fill('84');
      await fitsPhone(page, 'vitals');
      await page.getByTestId('wizard-next').click();
      await touchSized(page, ['wizard-submit']);
      await page.getByTestId('wizard-submit').click();

      await page.getByTestId('wizard-result').waitFor({ timeout: 60_000 });
      await waitDone(page);
      expect(new URL(page.url()).searchParams.get('record')).toMatch(/^[0-9a-f-]{36}$/);
      await page.reload();
      await waitDone(page);
      for (const engine of ['tongue', 'face', 'pulse', 'voice', 'constitution', 'vitals', 'synthesis'])
        expect(await page.getByTestId(`engine-failed-${engine}`).count(), engine).toBe(0);
      // The charts of the PDF on the page, and blood pressure as systolic/diastolic.
      await page.getByTestId('constitution-radar').locator('canvas').waitFor();
      await page.getByTestId('pulse-waveform').locator('canvas').waitFor();
      expect(await page.getByTestId('vitals-value-bloodPressure').textContent()).toBe('128/84 mmHg');
      await fitsPhone(page, 'member result');
      expect(errors).toEqual([]);
    },
    TEST_MS,
  );

  it(
    'a refused photo of a record is redone on the result page; the answers stay (en)',
    async () => {
      const { page, errors } = j;
      const id = await recordWithRefusedTongue();
      await setLanguage(page, 'en');
      await signInMember(page);
      await page.goto(`${BASE}/pc/member/config/home?record=${id}`);
      await waitDone(page, 'partial');
      await page.getByTestId('engine-failed-tongue').waitFor();
      const constitution = await page.getByTestId('engine-constitution').textContent();
      await page.getByTestId('redo-tongue').click();
      await fileInput(page, 'redo-panel-tongue').setInputFiles(TONGUE);
      await page.getByTestId('check-tongue-ok').waitFor({ timeout: 60_000 });
      await fitsPhone(page, 'redo');
      await touchSized(page, ['tongue-camera', 'tongue-choose']);
      await page.getByTestId('redo-send-tongue').click();
      await page.getByTestId('tongue-features').waitFor({ timeout: ANALYSIS_MS });
      await waitDone(page);
      expect(await page.getByTestId('engine-failed-tongue').count()).toBe(0);
      // The answers and their scores stayed; the pulse result too.
      expect(await page.getByTestId('engine-constitution').textContent()).toBe(constitution);
      await page.getByTestId('engine-pulse').waitFor();
      const detail = await api<{ inquiry: { answers: object }; results: { tongue: { status: string } } }>(
        'GET',
        RECORD_PATHS.detail(id),
        await memberToken(),
      );
      expect([Object.keys(detail.inquiry.answers).length, detail.results.tongue.status]).toEqual([60, 'done']);
      await fitsPhone(page, 'redone result');
      expect(errors).toEqual([]);
    },
    TEST_MS,
  );

  it(
    'a wrong password on every sign-in page: the refusal, and no uncaught error (zh and en)',
    async () => {
      const { page, errors } = j;
      const logged = watchConsole(page);
      const pages = ['member-login', 'keyan-login', 'dpLogin', 'disease/login', 'training/login'];
      for (const [i, path] of pages.entries()) {
        const lang = i % 2 ? 'en' : 'zh';
        await setLanguage(page, lang);
        await page.goto(`${BASE}/pc/${path}`);
        await page.getByTestId('login-name').fill(`nobody-${Date.now().toString(36)}`);
        await page.getByTestId('login-password').fill(`${PASSWORD}-wrong`);
        await page.getByTestId('login-submit').click();
        await page
          .getByText(lang === 'en' ? 'Wrong user name or password' : '用户名或密码错误')
          .first()
          .waitFor();
        await fitsPhone(page, path);
      }
      // The back office asks the jigsaw first; the wrong password is refused after it.
      await setLanguage(page, 'zh');
      await page.goto(`${BASE}/pc/login`);
      await page.getByTestId('login-name').fill(`nobody-${Date.now().toString(36)}`);
      await page.getByTestId('login-password').fill(`${PASSWORD}-wrong`);
      await page.getByTestId('login-submit').click();
      await page.getByTestId('jigsaw-bg').waitFor();
      await page.waitForFunction(() => document.querySelector<HTMLImageElement>('[data-testid="jigsaw-bg"]')?.complete);
      const x = await solveJigsaw(page);
      await page.waitForTimeout(600);
      await dragKnob(page, x);
      await page.waitForTimeout(1500);
      await fitsPhone(page, 'login');
      expect([errors, logged]).toEqual([[], []]);
    },
    TEST_MS,
  );
});

const api = apiWith;
const memberToken = () => memberTokenOf('member');

/**
 * A record of the member, seeded through the API (not clicks): a face photo as the tongue (the
 * tongue engine refuses it), a pulse file and the 60 answers, analyzed to `done`.
 */
async function recordWithRefusedTongue(): Promise<string> {
  const token = await memberToken();
  const upload = (file: string, name: string) => uploadWith(token, file, name);
  const answers = Object.fromEntries(questionsFor('female').map((q) => [q.id, 2]));
  const created = await api<{ recordId: string }>('POST', RECORD_PATHS.create, token, {
    files: { tongue: await upload(FACE, 'not-a-tongue.jpg'), pulse: await upload(PULSE, 'bidmc01.csv') },
    person: { sex: 'female', age: 36 },
    inquiry: { answers },
    lang: 'en',
  });
  await expect
    .poll(async () => (await api<{ status: string }>('GET', RECORD_PATHS.detail(created.recordId), token)).status, {
      timeout: ANALYSIS_MS,
      interval: 1000,
    })
    // A refused part leaves the record partial, not done (issue 32 item 3).
    .toBe('partial');
  return created.recordId;
}
