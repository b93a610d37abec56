import { describe, expect } from 'vitest';
import { RESEARCH_PATHS } from '@tcm/contract';
import { BASE } from './browser.js';
import { entranceTokenOf, inBothLanguages, pickOption, signInAt, vitalsRecordDone, type Lang } from './helpers.js';
import { useJourney } from './hooks.js';

// Issue 20: the seeded doctor imports the platform's records into a pool (and a file of coded
// cases through the API), opens each analysis screen with real numbers, trains a classifier,
// watches its progress, reads its result page and predicts one new sample — in zh and in en.
const TEST_MS = 420_000;

const j = useJourney({ viewport: { width: 1500, height: 1000 }, acceptDownloads: true });

/** Two finished platform records of the doctor. */
async function platformRecords(token: string): Promise<void> {
  for (const [i, vitals] of [
    { heightCm: 162, weightKg: 70, systolic: 142, diastolic: 91 },
    { heightCm: 170, weightKg: 60, systolic: 118, diastolic: 76 },
  ].entries())
    await vitalsRecordDone(token, { name: `研究 ${i}`, sex: 'female', age: 40 + i }, vitals);
}

/** 60 coded cases: thirst and a red tongue with 湿热, their absence with 气虚 (every 5th flipped). */
function casesCsv(): string {
  const lines = ['thirst,tongue,rate,syndrome'];
  for (let i = 0; i < 60; i++) {
    const hot = i % 2 === 0;
    const s = (i % 5 === 0) !== hot ? '湿热' : '气虚';
    lines.push(`${hot ? 1 : 0},${hot ? 'red' : 'pale'},${hot ? 80 + (i % 9) : 62 + (i % 4)},${s}`);
  }
  return lines.join('\n');
}

/** Each CSV column is the variable of the same key: its type, kind and words. */
const MAPPING = (
  [
    ['thirst', 'binary', 'finding', '口渴', 'Thirst'],
    ['tongue', 'categorical', 'finding', '舌色', 'Tongue color'],
    ['rate', 'numeric', 'vital', '脉率', 'Pulse rate'],
    ['syndrome', 'categorical', 'syndrome', '证型', 'Syndrome'],
  ] as const
).map(([key, type, kind, zh, en]) => ({ column: key, key, type, kind, label: { zh, en } }));

async function importCases(token: string, poolId: string): Promise<void> {
  const form = new FormData();
  form.append('mapping', JSON.stringify(MAPPING));
  form.append('file', new Blob([casesCsv()], { type: 'text/csv' }), 'cases.csv');
  const r = await fetch(`${BASE}${RESEARCH_PATHS.importFile(poolId)}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(r.status).toBe(200);
}

const T = {
  zh: { samples: '样本列表', system: '系统样本', imported: '已导入', trained: '准确率', predicted: '湿热' },
  en: {
    samples: 'Samples',
    system: 'System samples',
    imported: 'samples imported',
    trained: 'Accuracy',
    predicted: '湿热',
  },
} as const;

async function pick(testId: string, text: string, search = false, exact = false): Promise<void> {
  const { page } = j;
  await page.getByTestId(testId).click();
  // A long dictionary's list is virtual: only the first options exist until the search filters them.
  if (search) await page.keyboard.type(text);
  // `exact`: the option named just so ("脉率", the file's, not the system's "脉率（次/分）").
  await pickOption(page, exact ? new RegExp(`^${text}$`) : text);
}

async function runAndWait(): Promise<void> {
  const { page } = j;
  await page.getByTestId('start').click();
  await page.getByTestId('job-progress').or(page.locator('.ant-card')).first().waitFor();
  await page.getByTestId('job-progress').waitFor({ state: 'detached', timeout: 120_000 });
}

async function journey(lang: Lang): Promise<void> {
  const { page } = j;
  const token = await entranceTokenOf('doctor', 'doctor');
  await platformRecords(token);
  await signInAt(page, '/keyan-login', lang, 'doctor', /\/pc\/doctor\/home$/);
  await page.getByTestId('research-home').waitFor();

  // A pool from the toolbar, then the platform's own records through dataPoolItem-system.
  const name = `pool ${lang} ${Date.now().toString(36)}`;
  await page.goto(`${BASE}/pc/doctor/analysis/pool/index`);
  await page.getByTestId('btn-dataPool-add').click();
  await page.getByTestId('pool-name').fill(name);
  await page.getByTestId('pool-save').click();
  await page.getByTestId(`pool-${name}`).click();
  await page.waitForURL(/\/pc\/doctor\/analysis\/pool\/itemIndex\//);
  const poolId = page.url().split('/').pop()!;
  await page.getByTestId('btn-dataPoolItem-system').click();
  await page.getByTestId('system-import').click();
  await page.getByText(T[lang].imported).first().waitFor();
  await page.getByTestId('sample-table').locator('tbody tr.ant-table-row').first().waitFor();
  await importCases(token, poolId);

  // Frequency: the share of thirst (30 of 60 coded cases = 50 %).
  await page.goto(`${BASE}/pc/doctor/analysis/statistics/frequency/index`);
  await pick('pool-picker', name);
  await runAndWait();
  await page.getByTestId('frequency-table').getByRole('cell', { name: '30', exact: true }).first().waitFor();
  await page.getByTestId('frequency-table').getByRole('cell', { name: '50', exact: true }).first().waitFor();
  await page.getByTestId('frequency-chart').locator('canvas').waitFor();

  // Relation: thirst × 湿热 is in the table with its 2×2 counts (a/b/c/d = 24/6/6/24).
  await page.goto(`${BASE}/pc/doctor/analysis/syndromes/relate-syndromes-diagnosis/index`);
  await pick('pool-picker', name);
  await runAndWait();
  await page.getByTestId('relate-table').getByText('24/6/6/24').first().waitFor();

  // Clustering on two coded variables (k = 3): scatter and profiles.
  await page.goto(`${BASE}/pc/doctor/analysis/syndromes/cluster-syndromes/index`);
  await pick('pool-picker', name);
  await pick('cluster-vars', lang === 'zh' ? '口渴' : 'Thirst', true);
  // The file's pulse rate: the system's pulse rate has no data here (vitals-only records).
  await pick('cluster-vars', lang === 'zh' ? '脉率' : 'Pulse rate', true, true);
  await page.keyboard.press('Escape');
  await runAndWait();
  await page.getByTestId('cluster-scatter').locator('canvas').waitFor();
  await page.getByTestId('cluster-profiles').locator('tbody tr').first().waitFor();
  expect(await page.getByTestId('job-warning').count()).toBe(0);

  // A variable no sample records (no voice reading in this pool): the job ends `warning` and the
  // page says why in the reader's words (the variable by its label, never its key), above the result.
  await page.goto(`${BASE}/pc/doctor/analysis/syndromes/cluster-syndromes/index`);
  await pick('pool-picker', name);
  await pick('cluster-vars', lang === 'zh' ? '声音' : 'Voice', true);
  await page.keyboard.press('Escape');
  await page.getByTestId('start').click();
  const warning = page.getByTestId('job-warning');
  await warning
    .getByText(lang === 'zh' ? '没有样本记录以下变量：声音' : 'No sample records Voice')
    .waitFor({ timeout: 120_000 });
  await warning.getByText(lang === 'zh' ? '个聚类中有 2 个为空' : '2 of 3 clusters are empty').waitFor();
  expect(await warning.innerText()).not.toMatch(/voice\.reading|no_data/);
  await page.getByTestId('cluster-profiles').waitFor();

  // Classification: a forest on the coded variables, progress, then the result page.
  await page.goto(`${BASE}/pc/doctor/analysis/syndromes/classify-syndromes/index`);
  await pick('pool-picker', name);
  // The file's `syndrome` column fills the doctor's diagnosis variable the system import made.
  await pick('classify-target', lang === 'zh' ? '医生辨证' : "Doctor's syndrome", true);
  await pick('classify-features', lang === 'zh' ? '口渴' : 'Thirst', true);
  await pick('classify-features', lang === 'zh' ? '脉率' : 'Pulse rate', true);
  await page.keyboard.press('Escape');
  await page.getByTestId('start').click();
  await page.getByTestId('job-progress').waitFor();
  await page.getByTestId('view-result').click({ timeout: 180_000 });
  await page.waitForURL(/classify-result\/[0-9a-f-]{36}$/);
  await page.getByTestId('classify-result').getByText(T[lang].trained).first().waitFor();
  await page.getByTestId('confusion-table').getByText('湿热').first().waitFor();

  // Predict one new sample from the form: thirst (pulse rate left empty) → 湿热 (24 of 30 thirsty cases).
  await pick('predict-thirst', lang === 'zh' ? '有' : 'Yes');
  await page.getByTestId('predict-form').click();
  await page.getByTestId('predictions').getByText(T[lang].predicted).first().waitFor();
}

describe('doctor research', () => {
  inBothLanguages(
    'system import → frequency → relation → clustering → training with progress → result → prediction',
    journey,
    TEST_MS,
    j,
  );
});
