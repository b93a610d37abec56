import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { HealthReportInput, MedicalRecordInput } from '@tcm/contract';
import { renderReport } from './render.js';
import { PAGE } from './layout/theme.js';
import { ensurePoppler, inspectPdf, wordBoxes } from './testing/poppler.js';

const example = <T>(name: string): T =>
  JSON.parse(readFileSync(new URL(`../examples/${name}`, import.meta.url), 'utf8')) as T;
const squash = (s: string) => s.replace(/\s+/g, '');
const norm = (s: string) => s.replace(/\s+/g, ' ');
/** True when a section title stands as a line of its own (body text may contain the same words). */
const hasTitle = (text: string, title: string) => text.split('\n').some((l) => l.trim() === title);
const SECTIONS = [
  'vitals',
  'tongue',
  'face',
  'pulse',
  'voice',
  'constitution',
  'syndromes',
  'advice',
  'trends',
] as const;
const TITLES = {
  zh: {
    vitals: '生命体征与检验指标',
    tongue: '舌诊',
    face: '面诊',
    pulse: '脉诊',
    voice: '闻诊（声音）',
    constitution: '体质辨识',
    syndromes: '证候倾向',
    advice: '调养建议',
    trends: '健康趋势',
  },
  en: {
    vitals: 'Vital signs and laboratory values',
    tongue: 'Tongue inspection',
    face: 'Face inspection',
    pulse: 'Pulse waveform',
    voice: 'Voice',
    constitution: 'Constitution',
    syndromes: 'Syndrome patterns',
    advice: 'Health advice',
    trends: 'Health trends',
  },
} as const;

function expectFontsEmbedded(fonts: { name: string; embedded: boolean; subset: boolean; unicode: boolean }[]) {
  expect(fonts.length).toBeGreaterThan(0);
  for (const f of fonts) expect(f, f.name).toMatchObject({ embedded: true, subset: true, unicode: true });
}

/** No word runs into the footer band or past the page edges: overflowing text would. */
function expectNoOverflow(file: string) {
  const words = wordBoxes(file);
  expect(words.length).toBeGreaterThan(20);
  const bad = words.filter(
    (w) => (w.yMax > PAGE.bottom + 1 && w.yMin < PAGE.bottom + 14) || w.xMax > PAGE.width - 20 || w.xMin < 20,
  );
  expect(bad.slice(0, 5)).toEqual([]);
}

/** The full example report: 3 to 7 pages, no text overflowing, and only the two photos as images. */
function expectFullReportLayout(pdf: ReturnType<typeof inspectPdf>) {
  expect(pdf.pages).toBeGreaterThanOrEqual(3);
  expect(pdf.pages).toBeLessThanOrEqual(7);
  expectNoOverflow(pdf.file);
  // Radar, waveform and trend charts are vector paths.
  expect(pdf.images).toBe(2);
}

beforeAll(() => ensurePoppler(), 300_000);

describe('health report', () => {
  it('renders the full Chinese report with every section, embedded fonts and extractable text', async () => {
    const model = example<HealthReportInput>('full-report.zh.json');
    const pdf = inspectPdf(await renderReport(model));
    expectFontsEmbedded(pdf.fonts);
    const text = squash(pdf.text);
    for (const title of ['中医健康评估报告', ...Object.values(TITLES.zh)]) expect(text).toContain(squash(title));
    // Values of the model (the pipeline's, docs/report.md "Examples"), Chinese labels and the page numbers.
    const uric = model.vitals!.rows.find((r) => r.indicator === 'vitals.uricAcid')!;
    for (const s of [
      '收缩压',
      '尿酸',
      String(uric.value),
      uric.reason!,
      model.tongue!.features![0]!.value,
      '痰湿质',
      model.syndromes!.patterns[0]!.name,
      model.header.reportId,
      '第1页/共',
    ])
      expect(text).toContain(squash(s));
    // The synthesis's own notice replaces the default one (record-model.ts).
    expect(text).toContain(squash(model.disclaimer!));
    expectFullReportLayout(pdf);
  }, 60_000);

  it('renders the full English report with the same sections', async () => {
    const model = example<HealthReportInput>('full-report.en.json');
    const pdf = inspectPdf(await renderReport(model));
    expectFontsEmbedded(pdf.fonts);
    for (const title of ['TCM Health Assessment Report', ...Object.values(TITLES.en)])
      expect(pdf.text).toContain(title);
    const uric = model.vitals!.rows.find((r) => r.indicator === 'vitals.uricAcid')!;
    for (const s of [
      'Systolic pressure',
      'Uric acid',
      String(uric.value),
      'Phlegm-dampness',
      model.syndromes!.patterns[0]!.name,
      'Page 1 of',
      'not a medical diagnosis',
    ])
      expect(norm(pdf.text)).toContain(s);
    expectFullReportLayout(pdf);
  }, 60_000);

  it("prints the organisation's footer line (settings) on every page, beside the notice", async () => {
    const m = example<HealthReportInput>('full-report.en.json');
    const footer = 'Mingde TCM · Call 010-12345678';
    const pdf = inspectPdf(await renderReport({ ...m, header: { ...m.header, footer } }));
    expect(norm(pdf.text).split(footer).length - 1).toBe(pdf.pages);
    expect(norm(pdf.text)).toContain('not a medical diagnosis');
    expectNoOverflow(pdf.file);
  }, 60_000);

  for (const lang of ['zh', 'en'] as const) {
    it(`leaves out missing sections cleanly (${lang})`, async () => {
      const full = example<HealthReportInput>(`full-report.${lang}.json`);
      // Header and a few vitals only: one page, no other section title, still the disclaimer.
      const vitals = { ...full.vitals!, rows: full.vitals!.rows.slice(0, 4) };
      const minimal: HealthReportInput = { kind: 'health-report', header: full.header, vitals };
      const small = inspectPdf(await renderReport(minimal));
      expectFontsEmbedded(small.fonts);
      expect(small.pages).toBe(1);
      expect(small.images).toBe(0);
      expect(hasTitle(small.text, TITLES[lang].vitals)).toBe(true);
      for (const s of SECTIONS) if (s !== 'vitals') expect(hasTitle(small.text, TITLES[lang][s]), s).toBe(false);
      expect(squash(small.text)).toContain(lang === 'zh' ? '不构成医学诊断' : 'notamedicaldiagnosis');

      // Each section alone beside the header renders, and only its own title appears.
      for (const s of SECTIONS) {
        const one = inspectPdf(await renderReport({ kind: 'health-report', header: full.header, [s]: full[s] }));
        expect(hasTitle(one.text, TITLES[lang][s]), s).toBe(true);
        for (const other of SECTIONS)
          if (other !== s) expect(hasTitle(one.text, TITLES[lang][other]), `${s} without ${other}`).toBe(false);
      }
    }, 120_000);
  }

  it('renders a header-only report (no section at all)', async () => {
    const { header } = example<HealthReportInput>('full-report.en.json');
    const pdf = inspectPdf(await renderReport({ kind: 'health-report', header }));
    expect(pdf.pages).toBe(1);
    expect(pdf.text).toContain('Wang Li');
  }, 30_000);

  it('keeps overlong texts, many rows and long series inside the page', async () => {
    const full = example<HealthReportInput>('full-report.zh.json');
    const long = '很长的说明文字，'.repeat(250).slice(0, 2000);
    const risks = ['low', 'medium', 'high'] as const;
    const pdf = inspectPdf(
      await renderReport({
        ...full,
        vitals: {
          rows: Array.from({ length: 60 }, (_, i) => ({
            indicator: `指标 ${i}`,
            value: i,
            unit: 'u',
            risk: risks[i % 3]!,
            reason: i % 20 === 0 ? long : 'x',
          })),
        },
        tongue: {
          ...full.tongue,
          features: Array.from({ length: 8 }, () => ({
            name: 'tongue.cracks',
            value: long.slice(0, 200),
            evidence: long,
          })),
        },
        syndromes: {
          patterns: Array.from({ length: 6 }, (_, i) => ({
            name: long.slice(0, 200),
            score: i * 15,
            confidence: 0.5,
            evidence: [long],
          })),
        },
        pulse: {
          ...full.pulse,
          pulseClass: { label: long.slice(0, 200), evidence: [long, long] },
          waveform: { rateHz: 500, samples: Array.from({ length: 20000 }, (_, i) => Math.sin(i / 50)) },
        },
        advice: { groups: [{ category: long.slice(0, 200), items: Array.from({ length: 5 }, () => long) }] },
      }),
    );
    expectFontsEmbedded(pdf.fonts);
    expect(pdf.pages).toBeLessThan(60);
    expectNoOverflow(pdf.file);
  }, 120_000);
});

describe('medical record', () => {
  it('renders the Chinese record with prescription and doctor', async () => {
    const pdf = inspectPdf(await renderReport(example('medical-record.zh.json')));
    expectFontsEmbedded(pdf.fonts);
    const text = squash(pdf.text);
    for (const s of [
      '中医门诊病历',
      '主诉',
      '现病史',
      '四诊摘要',
      '望诊',
      '切诊',
      '脉滑数',
      '中医证型',
      '湿热蕴脾证',
      '西医诊断',
      '高尿酸血症',
      '治法',
      '连朴饮合三仁汤加减',
      '共7剂',
      '黄连',
      '滑石',
      '包煎',
      '煎服法',
      '李明远',
      '陈建国',
    ]) {
      expect(text).toContain(s);
    }
    expect(pdf.pages).toBeLessThanOrEqual(2);
    expect(pdf.images).toBe(0);
  }, 30_000);

  it('renders an English record and one without prescription', async () => {
    const zh = example<MedicalRecordInput>('medical-record.zh.json');
    const en: MedicalRecordInput = {
      ...zh,
      header: {
        ...zh.header,
        language: 'en',
        organisation: 'Mingde TCM Clinic',
        person: { ...zh.header.person, name: 'Chen Jianguo' },
        department: 'TCM internal medicine',
      },
      chiefComplaint: 'Epigastric fullness and poor appetite for three months.',
      fourDiagnosis: { palpation: 'Slippery, rapid pulse, 92 bpm.' },
      diagnosis: { tcmSyndrome: 'Damp-heat in the spleen', western: ['Functional dyspepsia'] },
      prescription: { ...zh.prescription!, name: 'Lianpo decoction', preparation: 'Decoct twice, 30 minutes each.' },
      doctor: { name: 'Li Mingyuan', title: 'Associate chief TCM physician' },
    };
    const pdf = inspectPdf(await renderReport(en));
    expectFontsEmbedded(pdf.fonts);
    for (const s of [
      'TCM Outpatient Medical Record',
      'Chief complaint',
      'Four-diagnosis findings',
      'Palpation',
      'Western diagnosis',
      'Functional dyspepsia',
      'Prescription',
      '7 doses',
      'Physician: Li Mingyuan',
      'Follow-up',
    ]) {
      expect(norm(pdf.text)).toContain(s);
    }
    // Herb names stay as written (Chinese) inside the English record.
    expect(squash(pdf.text)).toContain('黄连');

    const { prescription: _p, ...noRx } = en;
    const plain = inspectPdf(await renderReport(noRx));
    expect(plain.text).not.toContain('Prescription');
    expect(plain.text).toContain('Functional dyspepsia');
  }, 30_000);
});

describe('bad input', () => {
  const code = async (input: unknown) => {
    try {
      await renderReport(input);
    } catch (e) {
      return { code: (e as { code?: number }).code, detail: (e as { detail?: unknown }).detail };
    }
    return { code: undefined, detail: undefined };
  };

  it('names the invalid field instead of crashing', async () => {
    expect((await code(null)).code).toBe(3600001);
    expect((await code({ kind: 'invoice' })).code).toBe(3600001);
    const full = example<HealthReportInput>('full-report.en.json');
    const bad = await code({ ...full, vitals: { rows: [{ ...full.vitals!.rows[0], risk: 'severe' }] } });
    expect(bad.code).toBe(3600001);
    expect(JSON.stringify(bad.detail)).toContain('vitals.rows.0.risk');
  });

  it('refuses a photo whose bytes are not the declared JPEG', async () => {
    const full = example<HealthReportInput>('full-report.en.json');
    const photo = { ...full.tongue!.photo!, base64: Buffer.from('this is not a picture at all').toString('base64') };
    expect((await code({ ...full, tongue: { ...full.tongue, photo } })).code).toBe(3600002);
    // A JPEG header followed by garbage: pdfkit cannot read it, still a clean code.
    const broken = {
      ...photo,
      base64: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 7)]).toString('base64'),
    };
    expect((await code({ ...full, tongue: { ...full.tongue, photo: broken } })).code).toBe(3600002);
  }, 30_000);
});
