import { readFileSync } from 'node:fs';
import { describe, expect } from 'vitest';
import { BASE } from './browser.js';
import { entranceTokenOf, inBothLanguages, pickOption, signInAt, vitalsRecordDone, type Lang } from './helpers.js';
import { useJourney } from './hooks.js';

// Issue 19: the seeded doctor keeps a case with a first visit linked to a platform record, a
// follow-up pre-filled from it, a prescription from a classic formula that meets a 十八反
// warning, and the medical-record PDF — once in Chinese, once in English.
const TEST_MS = 240_000;

const j = useJourney({ viewport: { width: 1500, height: 1000 }, acceptDownloads: true });

/** A finished platform record of the doctor, made through the API. */
const platformRecord = async (name: string) =>
  vitalsRecordDone(
    await entranceTokenOf('doctor', 'doctor'),
    { name, sex: 'female', age: 46 },
    { heightCm: 162, weightKg: 70, systolic: 142, diastolic: 91 },
  );

const T = {
  zh: {
    prefilled: '已按上次就诊预填',
    warning: '十八反',
    complaint: '胃脘冷痛两月',
  },
  en: {
    prefilled: 'Filled in from the previous visit',
    warning: 'Eighteen incompatibilities',
    complaint: 'Cold epigastric pain for two months',
  },
} as const;

async function journey(lang: Lang): Promise<void> {
  const { page } = j;
  const patient = `${lang === 'zh' ? '王' : 'Wang'} ${Date.now().toString(36)}`;
  await platformRecord(patient);

  await signInAt(page, '/keyan-login', lang, 'doctor', /\/pc\/doctor\/home$/);
  await page.goto(`${BASE}/pc/doctor/archive/index`);
  await page.getByTestId('archive-list').waitFor();

  // addArchive from the toolbar.
  await page.getByTestId('btn-doctorArchiveManage-add').click();
  await page.getByTestId('case-name').fill(patient);
  // antd's date picker (localised) takes a typed day on Enter.
  await page.getByTestId('case-birth').fill('1980-05-17');
  await page.getByTestId('case-birth').press('Enter');
  await page.getByTestId('case-phone').fill('13800138000');
  await page.getByTestId('case-id-number').fill('110101198005170023');
  await page.getByTestId('case-save').click();
  await page.waitForURL(/\/pc\/doctor\/archive\/review\//);

  // First visit, linked to the platform record.
  await page.getByTestId('add-visit').click();
  await page.waitForURL(/\/pc\/doctor\/archive\/addRecord\/[^/]+\/first$/);
  await page.getByTestId('visit-chiefComplaint').fill(T[lang].complaint);
  await page.getByTestId('visit-tcmSyndrome').fill('脾胃虚寒证');
  await page.getByTestId('visit-records').click();
  await pickOption(page, patient);
  await page.keyboard.press('Escape');
  await page.getByTestId('visit-save').click();
  await page.waitForURL(/\/pc\/doctor\/archive\/review\//);
  await page.getByTestId('visit-1').waitFor();
  await page.getByTestId('visit-1').getByTestId('record-result').waitFor();

  // Follow-up, pre-filled from the first visit.
  await page.getByTestId('add-visit').click();
  await page.waitForURL(/\/pc\/doctor\/archive\/addRecord\/[^/]+\/[0-9a-f-]{36}$/);
  await page.getByTestId('prefilled').getByText(T[lang].prefilled).waitFor();
  expect(await page.getByTestId('visit-chiefComplaint').inputValue()).toBe(T[lang].complaint);

  // A classic formula by pinyin initials, then an incompatible herb: the 十八反 warning shows.
  await page.getByTestId('rx-search').fill('snt');
  await pickOption(page, '四逆汤');
  await page.getByTestId('rx-herbs').getByText('附子').waitFor();
  await page.getByTestId('rx-no-warnings').waitFor();
  await page.getByTestId('rx-search').fill('fbx');
  await pickOption(page, '法半夏');
  await page.getByTestId('rx-warnings').getByText(T[lang].warning).waitFor();
  await page.getByTestId('visit-save').click();
  // 十八反 is saved only with the doctor's reason (issue 32; doctor-prescription-safety.test.ts).
  await page.getByTestId('ack-reason').fill(T[lang].complaint);
  await page.getByTestId('ack-save').click();
  await page.waitForURL(/\/pc\/doctor\/archive\/review\//);
  await page.getByTestId('visit-2').getByText(T[lang].warning).waitFor();

  // The medical record of the follow-up, full screen, downloadable.
  await page.getByTestId('visit-pdf-2').click();
  await page.waitForURL(/\/pc\/doctor\/archive\/showMedicalRecordPdf\//);
  await page.getByTestId('pdf-frame').waitFor();
  expect(await page.getByTestId('side-menu').count()).toBe(0);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('pdf-download').click()]);
  const bytes = readFileSync(await download.path());
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(download.suggestedFilename()).toBe(`medical-record-${lang}.pdf`);
}

describe('doctor case archive', () => {
  inBothLanguages(
    'case → first visit with a platform record → pre-filled follow-up → formula + 十八反 warning → PDF',
    journey,
    TEST_MS,
    j,
  );
});
