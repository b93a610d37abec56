import { execFileSync } from 'node:child_process';
import { describe, expect } from 'vitest';
import { ARCHIVE_PATHS } from '@tcm/contract';
import { BASE } from './browser.js';
import { apiAs, inBothLanguages, pickOption, signInAt, type Lang } from './helpers.js';
import { useJourney } from './hooks.js';

// Issue 32 items 1 and 7: the doctor writes a prescription with 甘草 + 甘遂 (十八反) and 丁香 + 郁金
// (十九畏); saving asks for a reason in a dialog; the visit's PDF carries the warnings and the
// reason; the in-app viewer shows the PDF (no CSP-blocked grey frame). Once in Chinese, once in
// English. The case is made through the API; the prescription, dialog and viewer by hand.
const TEST_MS = 240_000;

const j = useJourney({ viewport: { width: 1500, height: 1000 }, acceptDownloads: true });

const T = {
  zh: { incompatible: '十八反', antagonism: '十九畏', reason: '顽痰久病，权衡后用之，嘱密切观察' },
  en: {
    incompatible: 'Eighteen incompatibilities',
    antagonism: 'Nineteen antagonisms',
    reason: 'Stubborn phlegm; benefit weighed, watched closely',
  },
} as const;

async function addHerb(name: string): Promise<void> {
  const { page } = j;
  await page.getByTestId('rx-search').fill(name);
  await pickOption(page, name);
  await page.getByTestId('rx-herbs').getByText(name, { exact: true }).waitFor();
}

/** Text of a PDF as Poppler's pdftotext reads it, white space dropped (lines break where the page does). */
const pdfText = (file: string) =>
  execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, '');

async function journey(lang: Lang): Promise<void> {
  const { page } = j;
  // Every CSP violation the app's documents report, from the first script on (kept across loads).
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => w.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  const consoleCsp: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text()) && /fram|object|child/i.test(m.text())) consoleCsp.push(m.text());
  });

  await signInAt(page, '/keyan-login', lang, 'doctor', /\/pc\/doctor\/home$/);
  const patient = `${lang === 'zh' ? '李' : 'Li'} ${Date.now().toString(36)}`;
  const c = await apiAs<{ id: string }>(page, 'POST', ARCHIVE_PATHS.add, {
    name: patient,
    sex: 'male',
    birthDate: '1972-03-04',
    phone: '13800138001',
  });

  // The prescription, written in the composer: both pairs warn on screen as the doctor types.
  await page.goto(`${BASE}/pc/doctor/archive/addRecord/${c.id}/first`);
  await page.getByTestId('visit-chiefComplaint').fill(lang === 'zh' ? '咳喘痰多' : 'Cough with copious phlegm');
  for (const herb of ['甘草', '甘遂', '丁香', '郁金']) await addHerb(herb);
  const warnings = page.getByTestId('rx-warnings');
  await warnings.getByText(T[lang].incompatible).waitFor();
  await warnings.getByText(T[lang].antagonism).waitFor();

  // Saving is refused until a reason is given in the dialog.
  await page.getByTestId('visit-save').click();
  const dialog = page.getByTestId('ack-dialog');
  await dialog.waitFor();
  await dialog.getByText(T[lang].incompatible).waitFor();
  await dialog.getByText(T[lang].antagonism).waitFor();
  expect(await page.getByTestId('ack-save').isDisabled()).toBe(true);
  await page.getByTestId('ack-reason').fill(T[lang].reason);
  await page.getByTestId('ack-save').click();
  await page.waitForURL(/\/pc\/doctor\/archive\/review\//);
  await page.getByTestId('visit-1').getByText(T[lang].incompatible).waitFor();
  // The case page shows who acknowledged, when and why.
  await page.getByTestId('visit-1').getByTestId('rx-acknowledged').getByText(T[lang].reason).waitFor();

  // The viewer: a document of its own, whose policy lets the blob: frame load the PDF.
  await page.getByTestId('visit-pdf-1').click();
  await page.waitForURL(/\/pc\/doctor\/archive\/showMedicalRecordPdf\//);
  await page.getByTestId('pdf-frame').waitFor();
  const pdfFrame = async () => {
    for (const f of page.frames())
      if (f.url().startsWith('blob:'))
        try {
          if ((await f.evaluate(() => document.contentType)) === 'application/pdf') return f.url();
        } catch {
          // A frame still navigating: look again.
        }
    return null;
  };
  await expect.poll(pdfFrame, { timeout: 30_000 }).not.toBeNull();
  // The browser's PDF viewer took the frame (a CSP-blocked frame is chrome-error:// instead).
  await expect
    .poll(() => page.frames().some((f) => /^chrome-extension:\/\/[a-z]+\/index\.html/.test(f.url())), {
      timeout: 30_000,
    })
    .toBe(true);
  expect(page.frames().some((f) => f.url().startsWith('chrome-error:'))).toBe(false);
  // Only the frame directives matter here: every page of the app also reports one `script-src
  // eval` (zod's feature probe `new Function("")`, caught by zod, which then validates without it).
  const violations = await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);
  expect(violations.filter((v) => !v.startsWith('script-src eval'))).toEqual([]);
  expect(consoleCsp).toEqual([]);

  // The download the pharmacist gets carries both warnings and the reason.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('pdf-download').click()]);
  const text = pdfText(await download.path());
  expect(text).toContain(T[lang].incompatible.replace(/\s+/g, ''));
  expect(text).toContain(T[lang].antagonism.replace(/\s+/g, ''));
  expect(text).toContain('甘遂');
  expect(text).toContain(T[lang].reason.replace(/\s+/g, ''));
}

describe('doctor prescription safety and the medical-record viewer', () => {
  inBothLanguages(
    '十八反 + 十九畏 → reason in the dialog → PDF with warnings and reason → viewer shows it',
    journey,
    TEST_MS,
    j,
  );
});
