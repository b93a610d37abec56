import { readFileSync } from 'node:fs';
import { describe, expect } from 'vitest';
import { ARCHIVE_PATHS } from '@tcm/contract';
import { BASE } from './browser.js';
import { apiAs, inBothLanguages, signInAt, type Lang } from './helpers.js';
import { useJourney } from './hooks.js';

// Issue 37 item 2: on the case page the doctor downloads a visit as a FHIR R4 Bundle; the file
// holds the 十八反 warning of its prescription and the reason the doctor gave. Once in Chinese,
// once in English (the button's label). The case and visit are made through the API.
const TEST_MS = 180_000;

const j = useJourney({ viewport: { width: 1500, height: 1000 }, acceptDownloads: true });

const LABEL = { zh: '导出 FHIR', en: 'Export FHIR' } as const;
const REASON = '顽痰久病，权衡后用之';

interface Entry {
  resource: { resourceType: string; detail?: string; mitigation?: Array<{ action: { text?: string } }> };
}

async function journey(lang: Lang): Promise<void> {
  const { page } = j;
  await signInAt(page, '/keyan-login', lang, 'doctor', /\/pc\/doctor\/home$/);
  const c = await apiAs<{ id: string }>(page, 'POST', ARCHIVE_PATHS.add, {
    name: `${lang === 'zh' ? '王' : 'Wang'} ${Date.now().toString(36)}`,
    sex: 'male',
    birthDate: '1970-01-02',
    phone: '13800138002',
  });
  await apiAs(page, 'POST', ARCHIVE_PATHS.addVisit(c.id), {
    visitDate: '2026-11-30',
    chiefComplaint: '咳喘痰多',
    tcmSyndrome: '痰湿证',
    prescription: {
      name: '试验方',
      herbs: [
        { name: '甘草', dose: 6 },
        { name: '甘遂', dose: 1 },
      ],
      doses: 3,
      acknowledgement: { reason: REASON },
    },
  });

  await page.goto(`${BASE}/pc/doctor/archive/review/${c.id}`);
  const button = page.getByTestId('visit-fhir-1');
  await button.getByText(LABEL[lang]).waitFor();
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  expect(download.suggestedFilename()).toMatch(/-fhir\.json$/);
  const bundle = JSON.parse(readFileSync(await download.path(), 'utf8')) as { type: string; entry: Entry[] };
  expect(bundle.type).toBe('document');
  const issue = bundle.entry.map((e) => e.resource).find((r) => r.resourceType === 'DetectedIssue');
  expect(issue?.detail).toContain('十八反');
  expect(issue?.mitigation?.[0]?.action.text).toBe(REASON);
}

describe('doctor downloads a visit as FHIR', () => {
  inBothLanguages('导出 FHIR: the Bundle carries the 十八反 warning and the reason', journey, TEST_MS, j);
});
