import { describe, expect, it } from 'vitest';
import { ARCHIVE_PATHS, AUTH_PATHS, RECORD_PATHS } from '@tcm/contract';
import { BASE, PASSWORD } from './browser.js';
import { fillLogin } from './helpers.js';
import { useJourney } from './hooks.js';
import { tongueThenSkipToVitals, waitStep, wizardNext } from './wizard.js';
import { TONGUE } from './samples.js';

// Issue 33 item 2: from a case visit the doctor captures with the members' wizard; the record is
// the doctor's, linked to the visit and shown in it, and the case page draws the patient's trends
// across visits. The case, its first visit (with a vitals record) and the follow-up are seeded
// through the API; the capture itself goes through the browser. One server, one browser; zh, en.
const TEST_MS = 240_000;
const j = useJourney({ viewport: { width: 1280, height: 900 } });

type Lang = 'zh' | 'en';
const T = {
  zh: { capture: '采集四诊', trends: '历次就诊趋势', systolic: '收缩压' },
  en: { capture: 'Capture', trends: 'Trends across visits', systolic: 'Systolic' },
} as const;

async function doctorApi() {
  const basic = `Basic ${Buffer.from('tcm-web:tcm-web-secret').toString('base64')}`;
  const signIn = await fetch(`${BASE}${AUTH_PATHS.entranceSignin('doctor')}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic },
    body: new URLSearchParams({ loginName: 'doctor', loginPassword: PASSWORD }).toString(),
  });
  const token = ((await signIn.json()) as { data: { access_token: string } }).data.access_token;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  return async <T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> => {
    const r = await fetch(`${BASE}${path}`, { method, headers, body: body ? JSON.stringify(body) : undefined });
    const json = (await r.json()) as { code: number; data: T };
    expect([path, r.status, json.code]).toEqual([path, 200, 0]);
    return json.data;
  };
}

/** A case with a first visit linked to a finished vitals record, and an empty follow-up. */
async function seedCase(lang: Lang) {
  const api = await doctorApi();
  const name = `${lang === 'zh' ? '赵' : 'Zhao'} ${Date.now().toString(36)}`;
  const c = await api<{ id: string }>('POST', ARCHIVE_PATHS.add, {
    name,
    sex: 'female',
    birthDate: '1978-03-02',
    phone: '13800138000',
  });
  const visit = { chiefComplaint: lang === 'zh' ? '头晕一月' : 'Dizziness for a month', recordIds: [] };
  const v1 = await api<{ id: string }>('POST', ARCHIVE_PATHS.addVisit(c.id), { ...visit, visitDate: '2026-11-10' });
  const rec = await api<{ recordId: string }>('POST', RECORD_PATHS.create, {
    person: { name, sex: 'female', age: 48 },
    vitals: { systolic: 152, diastolic: 96, heartRate: 84 },
  });
  await expect
    .poll(async () => (await api<{ status: string }>('GET', RECORD_PATHS.detail(rec.recordId))).status, {
      timeout: 120_000,
      interval: 1000,
    })
    .toBe('done');
  await api('POST', ARCHIVE_PATHS.linkRecord(v1.id), { recordId: rec.recordId });
  const v2 = await api<{ id: string }>('POST', ARCHIVE_PATHS.addVisit(c.id), { ...visit, visitDate: '2026-11-24' });
  return { api, caseId: c.id, visitId: v2.id };
}

describe('doctor capture from a visit', () => {
  it.each(['zh', 'en'] as const)(
    'captures with the wizard, sees the record in the visit and the trends across visits (%s)',
    async (lang) => {
      const { page, errors } = j;
      const seeded = await seedCase(lang);
      await page.context().addCookies([{ name: 'language', value: lang, url: BASE }]);
      await page.goto(`${BASE}/pc/keyan-login`);
      await fillLogin(page, 'doctor');
      await page.waitForURL(/\/pc\/doctor\/home$/);
      await page.goto(`${BASE}/pc/doctor/archive/review/${seeded.caseId}`);
      // One visit with a result: no trend yet.
      await page.getByTestId('case-trends').locator('.ant-empty').waitFor();

      await page.getByTestId('visit-capture-2').getByText(T[lang].capture).click();
      await waitStep(page, 'person');
      // The patient is filled in from the case; no "for whom" (the record is the doctor's).
      expect(await page.getByTestId('person-sex').locator('input[value="female"]').isChecked()).toBe(true);
      expect(await page.getByTestId('wizard-source').count()).toBe(0);
      await wizardNext(page, 'tongue');
      await tongueThenSkipToVitals(page, TONGUE);
      await page.getByTestId('vitals-systolic').fill('134');
      await page.getByTestId('vitals-diastolic').fill('86');
      await page.getByTestId('vitals-heartRate').fill('76');
      await wizardNext(page, 'submit');
      await page.getByTestId('wizard-submit').click();
      await page.getByTestId('capture-wizard').waitFor({ state: 'detached', timeout: 60_000 });

      // The record is in the follow-up, followed until its analysis is done.
      const visit2 = page.getByTestId('visit-2');
      await visit2.locator('[data-testid="record-status"][data-status="done"]').waitFor({ timeout: 180_000 });
      const linked = await seeded.api<{ recordIds: string[] }>('GET', ARCHIVE_PATHS.visit(seeded.visitId));
      expect(linked.recordIds).toHaveLength(1);
      // The doctor's own record (a doctor sees the records they made).
      const rec = await seeded.api<{ source: string; status: string }>(
        'GET',
        RECORD_PATHS.detail(linked.recordIds[0]!),
      );
      expect([rec.source, rec.status]).toEqual(['doctor', 'done']);

      // Trends across the two visits: blood pressure and heart rate, named in the reader's language.
      const trends = page.getByTestId('case-trends');
      await trends.getByText(T[lang].trends).waitFor();
      await trends.getByTestId('case-trend-chart').locator('canvas').first().waitFor();
      const series = (await trends.getByTestId('case-trend-series').getAttribute('data-series'))!.split(' ');
      expect(series).toEqual(expect.arrayContaining(['vitals.systolic', 'vitals.diastolic', 'vitals.heartRate']));
      expect(errors).toEqual([]);
    },
    TEST_MS,
  );
});
