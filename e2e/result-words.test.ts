import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEVICE_PATHS, type RecordCreated } from '@tcm/contract';
import { BASE } from './browser.js';
import { fillLogin } from './helpers.js';
import { useJourney } from './hooks.js';

// Issue 16: the result page and the PDF of the same record use the same words for every feature,
// in zh and en. A record analyzed from real photos and recordings of the shared data (seeded
// through the device API), its page read in both languages, its PDF in both languages.
const DATA = '../shared/data';
const ANALYSIS_MS = 180_000;

const j = useJourney({ viewport: { width: 1400, height: 900 }, acceptDownloads: true });

const file = (p: string, name: string, mimeType: string) => ({
  name,
  mimeType,
  buffer: readFileSync(`${DATA}/${p}`),
});

/** Registers a device as the team leader and uploads a full capture with it; answers the record id. */
async function seedRecord(): Promise<string> {
  const { page } = j;
  await page.goto(`${BASE}/pc/member-login`);
  await fillLogin(page, 'leader');
  await page.waitForURL(/\/pc\/member\/config\/home$/);
  await page.getByTestId('side-menu').waitFor();
  await page.goto(`${BASE}/pc/device`);
  await page.getByTestId('device-name').fill(`E2E words ${Date.now()}`);
  await page.getByTestId('device-register').click();
  await page.getByTestId('device-credentials').waitFor();
  const id = (await page.getByTestId('device-id').textContent())!.trim();
  const secret = (await page.getByTestId('device-secret').textContent())!.trim();
  const res = await page.request.post(`${BASE}${DEVICE_PATHS.upload}`, {
    headers: { Authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}` },
    multipart: {
      tongue: file('tongue/images/TE0000003.jpg', 'tongue.jpg', 'image/jpeg'),
      face: file('face/02-woman.jpg', 'face.jpg', 'image/jpeg'),
      pulse: file('pulse/goda-ppg-125hz.csv', 'goda-ppg-125hz.csv', 'text/csv'),
      voice: file('voice/sustained-a-118hz.wav', 'voice.wav', 'audio/wav'),
      vitals: JSON.stringify({ systolic: 150, diastolic: 95, heightCm: 160, weightKg: 75 }),
      person: JSON.stringify({ name: '用词受检者', sex: 'female', age: 41 }),
      lang: 'zh',
    },
  });
  const body = (await res.json()) as { code: number; data: RecordCreated };
  expect(body.code).toBe(0);
  return body.data.recordId;
}

/** The words the page shows for every feature, by the test id of the feature's word. */
async function pageWords(): Promise<Map<string, string[]>> {
  const { page } = j;
  const words = new Map<string, string[]>();
  for (const el of await page.locator('[data-testid^="tongue-word-"], [data-testid^="face-word-"]').all())
    words.set((await el.getAttribute('data-testid'))!, [(await el.textContent())!.trim()]);
  for (const group of ['pulse-class', 'voice-reading'])
    words.set(
      group,
      (await page.getByTestId(group).allTextContents()).map((t) => t.trim()),
    );
  return words;
}

/** The PDF's text, as laid out (table rows on one line) and with all white space removed. */
async function pdfText(lang: 'zh' | 'en'): Promise<{ lines: string[]; compact: string }> {
  const { page } = j;
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId(`report-download-${lang}`).first().click(),
  ]);
  const bytes = readFileSync(await download.path());
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  // Poppler's pdftotext (the report package's tests read PDFs with it too).
  const pdf = join(mkdtempSync(join(tmpdir(), 'words-')), `${lang}.pdf`);
  writeFileSync(pdf, bytes);
  const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', pdf, '-'], { encoding: 'utf8' });
  return { lines: text.split('\n'), compact: text.replace(/\s+/g, '') };
}

const FEATURE_NAMES = {
  zh: { 'tongue-word-bodyColor': '舌色', 'tongue-word-coatingColor': '苔色', 'face-word-lips': '唇色' },
  en: {
    'tongue-word-bodyColor': 'Body color',
    'tongue-word-coatingColor': 'Coating color',
    'face-word-lips': 'Lip color',
  },
} as const;

describe('one vocabulary on the page and in the PDF', () => {
  it('words every feature of a record of real captures the same on the result page and in the PDF, in zh and en', async () => {
    const { page, errors } = j;
    const recordId = await seedRecord();
    await page.goto(`${BASE}/pc/member/config/deviceRecord?id=${recordId}`);
    const status = page.locator('[data-testid="record-status"][data-status="done"]');
    await status.first().waitFor({ timeout: ANALYSIS_MS });
    for (const lang of ['zh', 'en'] as const) {
      if (lang === 'en') {
        // The record opens in a drawer over the header: switch on the list, then open it again.
        await page.goto(`${BASE}/pc/member/config/deviceRecord`);
        await page.getByTestId('language-switch').getByText('EN').click();
        await page.goto(`${BASE}/pc/member/config/deviceRecord?id=${recordId}`);
        await status.first().waitFor({ timeout: ANALYSIS_MS });
      }
      await page.getByTestId('tongue-features').getByText(FEATURE_NAMES[lang]['tongue-word-bodyColor']).waitFor();
      // Each engine's section draws on its own; read the words once all four are on the page
      // (the whole run of session 22 read them while the face section was still missing).
      for (const id of ['face-word-complexion', 'pulse-class', 'voice-reading'])
        await page.getByTestId(id).first().waitFor({ timeout: 20_000 });
      const words = await pageWords();
      // Every engine's features are there: ten tongue features, three face classes, the pulse and voice readings.
      expect([...words.keys()].filter((k) => k.startsWith('tongue-word-')).length).toBe(10);
      expect(words.get('face-word-complexion')).toBeTruthy();
      expect(words.get('pulse-class')!.length).toBeGreaterThan(0);
      expect(words.get('voice-reading')!.length).toBeGreaterThan(0);
      const pdf = await pdfText(lang);
      // Each word stands whole in the PDF (a table cell, or after the colon of a verdict box):
      // "紫" on the page and "青紫" in the PDF would not match.
      const cells = new Set(pdf.lines.flatMap((l) => l.trim().split(/\s{2,}|[：:、,，]\s*/)));
      for (const [id, list] of words)
        for (const w of list)
          expect(cells.has(w) || pdf.compact.includes(w.replace(/\s+/g, '')), `${lang} ${id} "${w}"`).toBe(true);
      for (const [id, name] of Object.entries(FEATURE_NAMES[lang])) {
        const row = pdf.lines.find((l) => l.trim().startsWith(name));
        expect(row, `${lang} PDF row ${name}`).toBeTruthy();
        // The value cell: the word, then (tongue findings, issue 17) the model's probability for it.
        const cell = row!.trim().split(/\s{2,}/)[1] ?? '';
        expect(cell.replace(/\s*\d+\s?%$/, ''), `${lang} PDF ${name}`).toBe(words.get(id)![0]);
      }
      // Spec §9's yyyy-MM-dd in both languages (issue 32): no US date on either.
      expect(pdf.compact).toMatch(/\d{4}-\d{2}-\d{2}/);
    }
    expect(errors).toEqual([]);
  }, 300_000);
});
