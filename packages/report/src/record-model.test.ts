import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { extractTongueFeatures } from '@tcm/analysis/tongue/features';
import { synthesize } from '@tcm/analysis/synthesis';
import { analyzePulse, readPulseFile } from '@tcm/analysis/pulse';
import { analyzeVoice } from '@tcm/analysis/voice';
import { questionsFor, scoreConstitution } from '@tcm/analysis/constitution';
import {
  doneResult,
  FACE_METRIC_WORDS,
  FACE_METRICS,
  recordResultsSchema,
  SCORE_SCALES,
  TONGUE_ERRORS,
  type PulseResult,
  type TongueResult,
  type VoiceResult,
} from '@tcm/contract';
import { tongueFindings } from '@tcm/analysis/pipeline';
import { readFileSync } from 'node:fs';
import { renderReport } from './render.js';
import { recordReportModel, type ReportSource } from './record-model.js';
import { ensurePoppler, inspectPdf, wordBoxes } from './testing/poppler.js';

const DATA = new URL('../../../../shared/data/', import.meta.url);
const dataFile = (rel: string) => new Uint8Array(readFileSync(new URL(rel, DATA)));

const ID = 'TE0000458';

/** Tongue features measured on a real photo inside its ground-truth mask (no segmentation model needed). */
async function realTongueResult(): Promise<{ photo: Uint8Array; result: TongueResult }> {
  const photo = dataFile(`tongue/images/${ID}.jpg`);
  const { data, info } = await sharp(photo).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const m = await sharp(dataFile(`tongue/masks/${ID}.png`))
    .greyscale()
    .resize(info.width, info.height)
    .raw()
    .toBuffer();
  const mask = new Uint8Array(m.length);
  let x0 = info.width,
    y0 = info.height,
    x1 = 0,
    y1 = 0;
  for (let i = 0; i < m.length; i++)
    if (m[i]! > 127) {
      mask[i] = 1;
      const x = i % info.width,
        y = Math.floor(i / info.width);
      x0 = Math.min(x0, x);
      y0 = Math.min(y0, y);
      x1 = Math.max(x1, x);
      y1 = Math.max(y1, y);
    }
  const features = await extractTongueFeatures(
    { data: new Uint8Array(data), width: info.width, height: info.height },
    mask,
  );
  return {
    photo,
    result: {
      version: { engine: 'tongue-test', model: 'ground-truth-mask' },
      quality: { ok: true, issues: [], evidence: {} },
      mask: {
        width: info.width,
        height: info.height,
        box: [x0, y0, x1 - x0, y1 - y0],
        areaFraction: 0.3,
        polygon: [
          [x0, y0],
          [x1, y0],
          [x1, y1],
          [x0, y1],
        ],
      },
      features,
      notes: [],
    },
  };
}

/** A done record of an unnamed person with the given engine results. */
const doneRecord = (results: ReportSource['results'], photos: ReportSource['photos'] = {}): ReportSource => ({
  id: '5b0c2a8e-0f4f-4b7f-9a5e-1c2d3e4f5a6b',
  createdAt: new Date('2026-11-22T09:40:00Z'),
  person: { name: null },
  organisation: null,
  results,
  photos,
});

describe('record → report model', () => {
  it('maps real tongue features to synthesis findings and to a rendered tongue section in zh and en', async () => {
    const { photo, result } = await realTongueResult();
    const findings = tongueFindings(result);
    expect(findings.map((f) => f.key)).toEqual(
      expect.arrayContaining(['tongue.bodyColor', 'tongue.coatingColor', 'tongue.greasy', 'tongue.cracks']),
    );
    for (const f of findings) expect(f.confidence).toBeGreaterThan(0);
    const synthesis = synthesize({ findings });
    expect(synthesis.ignoredFindings).toEqual([]);
    const src = doneRecord(
      {
        tongue: { engine: 'tongue', status: 'done', version: result.version, result, ms: 1 },
        synthesis: { engine: 'synthesis', status: 'done', version: synthesis.engine, result: synthesis, ms: 1 },
      },
      { tongue: photo },
    );
    ensurePoppler();
    for (const lang of ['zh', 'en'] as const) {
      const model = await recordReportModel(src, lang);
      expect(model.tongue?.features?.length).toBeGreaterThanOrEqual(6);
      expect(model.tongue?.outline).toHaveLength(4);
      expect(model.header.person.name).toBe(lang === 'zh' ? '访客' : 'Visitor');
      const pdf = await renderReport(model);
      const { text, images } = inspectPdf(pdf);
      expect(text).toContain(lang === 'zh' ? '舌色' : 'Body color');
      expect(text).toContain(lang === 'zh' ? '访客' : 'Visitor');
      expect(images).toBeGreaterThanOrEqual(1);
    }
  }, 60000);
});

describe('words of the vocabulary (issue 16)', () => {
  it('words every tongue feature as the result page does, and finds constitution types by code', async () => {
    const { result } = await realTongueResult();
    const f0 = result.features;
    const features = {
      ...f0,
      bodyColor: { ...f0.bodyColor, label: 'purple' as const },
      coatingColor: { ...f0.coatingColor, label: 'white' as const },
      peeled: { ...f0.peeled, label: 'mirror' as const },
      shape: { ...f0.shape, label: 'thin' as const },
    };
    const answers = Object.fromEntries(questionsFor('female').map((q, i) => [q.id, (i % 5) + 1]));
    const scored = scoreConstitution({ sex: 'female', answers });
    // A display name the engine may reword (or an older result worded differently) must not matter.
    const constitution = { ...scored, scales: scored.scales.map((s) => ({ ...s, zh: `${s.zh}（旧）` })) };
    const src = doneRecord({
      tongue: { engine: 'tongue', status: 'done', version: result.version, result: { ...result, features }, ms: 1 },
      constitution: { engine: 'constitution', status: 'done', version: scored.engine, result: constitution, ms: 1 },
    });
    const zh = await recordReportModel(src, 'zh');
    const rows = Object.fromEntries((zh.tongue?.features ?? []).map((f) => [f.name, f.value]));
    expect(rows['tongue.feature.bodyColor']).toBe('青紫');
    expect(rows['tongue.feature.coatingColor']).toBe('白');
    expect(rows['tongue.feature.peeled']).toBe('镜面舌');
    expect(rows['tongue.feature.shape']).toBe('瘦薄');
    expect(zh.constitution!.scores.map((s) => s.type)).toHaveLength(9);
    const en = await recordReportModel(src, 'en');
    expect((en.tongue?.features ?? []).find((f) => f.name === 'tongue.feature.peeled')?.value).toBe('Mirror tongue');
  }, 60000);
});

describe('tongue quality issues', () => {
  it('are worded in the report language from the catalog, though the engine saved them in English', async () => {
    const { result } = await realTongueResult();
    const dark = TONGUE_ERRORS.TONGUE_TOO_DARK;
    const issue = { code: String(dark.code), message: dark.en, tip: dark.tip.en };
    const quality = { ok: false, issues: [issue], evidence: {} };
    const src = doneRecord({
      tongue: { engine: 'tongue', status: 'done', version: result.version, result: { ...result, quality }, ms: 1 },
    });
    expect((await recordReportModel(src, 'zh')).tongue!.summary).toBe('照片过暗。请在明亮、均匀的自然光下拍摄');
    expect((await recordReportModel(src, 'en')).tongue!.summary).toBe(dark.en);
  }, 60000);
});

describe('pulse section', () => {
  it('words what the pulse classes suggest in the report language; an earlier English-only result stays readable', async () => {
    const file = { bytes: dataFile('pulse/goda-ppg-125hz.csv'), name: 'goda-ppg-125hz.csv' };
    const result = analyzePulse(readPulseFile(file.bytes, file.name));
    const source = (r: PulseResult) =>
      doneRecord({ pulse: { engine: 'pulse', status: 'done', version: r.version, result: r, ms: 1 } });
    const zh = (await recordReportModel(source(result), 'zh')).pulse!.pulseClass!.evidence ?? [];
    const en = (await recordReportModel(source(result), 'en')).pulse!.pulseClass!.evidence ?? [];
    expect(zh.some((e) => /^脉率 \d+(\.\d+)? 次\/分/.test(e))).toBe(true);
    expect(en.some((e) => /^A rate of \d+(\.\d+)? bpm/.test(e))).toBe(true);
    expect(zh.join('')).not.toMatch(/[a-z]{4}/i);
    const legacy: PulseResult = {
      ...result,
      classes: result.classes.map((c) => ({
        ...c,
        suggests: typeof c.suggests === 'string' ? c.suggests : c.suggests.en,
      })),
    };
    expect((await recordReportModel(source(legacy), 'zh')).pulse!.pulseClass!.evidence).toEqual(en);
  });
});

describe('voice section', () => {
  it('words what the voice reading suggests in the report language; an earlier English-only result stays readable', async () => {
    const result = analyzeVoice(dataFile('voice/sustained-a-118hz.wav'));
    const source = (r: VoiceResult) =>
      doneRecord({ voice: { engine: 'voice', status: 'done', version: r.version, result: r, ms: 1 } });
    const reading = result.readings[0]!;
    if (typeof reading.suggests === 'string') throw new Error('the engine writes zh and en');
    const zh = (await recordReportModel(source(result), 'zh')).voice!.reading!;
    const en = (await recordReportModel(source(result), 'en')).voice!.reading!;
    expect(zh.label).toBe(reading.zh);
    expect(zh.evidence![0]).toBe(reading.suggests.zh);
    expect(zh.evidence![0]).toMatch(/提示/);
    expect(en.evidence![0]).toBe(reading.suggests.en);
    const legacy: VoiceResult = {
      ...result,
      readings: result.readings.map((r) => ({
        ...r,
        suggests: typeof r.suggests === 'string' ? r.suggests : r.suggests.en,
      })),
    };
    // The measures it cites are named in the report language, never by their identifiers.
    for (const line of zh.evidence!.slice(1)) expect(line).not.toMatch(/LocalPct|hnrDb|intensityDb/);
    // An old result's English sentence is shown as it is; the measures still follow the language.
    const old = (await recordReportModel(source(legacy), 'zh')).voice!.reading!.evidence!;
    expect(old[0]).toBe(en.evidence![0]);
    expect(old.slice(1)).toEqual(zh.evidence!.slice(1));
  });
});

describe('skin measures in the PDF (issue 17)', () => {
  // The face engine's real output on a shared-data photo, as the web fixture saved it: redness 36,
  // dark circles 17.7 and so on, each 0-100 with higher = more pronounced.
  const saved: unknown = JSON.parse(
    readFileSync(new URL('../../../apps/web/src/record/fixtures/done-record-results.json', import.meta.url), 'utf8'),
  );
  const results = recordResultsSchema.parse(saved);
  const face = doneResult(results, 'face')!;

  it('prints each score as the engine wrote it, under the contract scale, beside its name', async () => {
    ensurePoppler();
    for (const lang of ['zh', 'en'] as const) {
      const model = await recordReportModel(doneRecord({ face: results.face }), lang);
      const pdf = await renderReport(model);
      const { file, text } = inspectPdf(pdf);
      expect(text.replace(/\s+/g, ' ')).toContain(SCORE_SCALES['face.metric.redness'].scale[lang].replace(/\s+/g, ' '));
      const words = wordBoxes(file);
      for (const metric of FACE_METRICS) {
        const name = FACE_METRIC_WORDS[metric][lang].split(' ')[0]!;
        const at = words.find((w) => w.word === name && words.some((n) => /^\d+$/.test(n.word) && near(w, n)));
        expect(at, `${metric} named on the page`).toBeDefined();
        // The number drawn at the end of the metric's bar, on its line.
        const value = words.filter((n) => /^\d+$/.test(n.word) && near(at!, n)).sort((a, b) => a.xMin - b.xMin)[0]!
          .word;
        expect(`${metric} ${value}`).toBe(`${metric} ${Math.round(face.metrics[metric].score)}`);
      }
    }
  }, 60000);

  it('names in its summary exactly the skin measures it prints at 50 or more', async () => {
    const model = await recordReportModel(doneRecord({ face: results.face }), 'zh');
    const summary = model.face!.summary ?? '';
    // The engine's summary calls a measure pronounced at 50 or more; the bars must say the same.
    const skin = model.face?.skinScores ?? [];
    expect(skin).toHaveLength(7);
    for (const s of skin) {
      const word = FACE_METRIC_WORDS[s.name.replace('face.metric.', '') as (typeof FACE_METRICS)[number]].zh;
      expect(`${word} ${s.score >= 50}`).toBe(`${word} ${summary.includes(word)}`);
    }
  });
});

describe('low-confidence skin scores in the PDF (issue 36 item 3)', () => {
  const saved: unknown = JSON.parse(
    readFileSync(new URL('../../../apps/web/src/record/fixtures/done-record-results.json', import.meta.url), 'utf8'),
  );
  const results = recordResultsSchema.parse(saved);
  // As face-1.1.0 writes it: the repeatability reference marks two scores low confidence.
  const marked = structuredClone(results.face!) as Record<string, unknown>;
  const face = (marked as { result: { metrics: Record<string, { confidence?: string }> } }).result;
  for (const k of FACE_METRICS) face.metrics[k]!.confidence = k === 'shine' || k === 'darkCircles' ? 'low' : 'normal';

  it('carries the mark beside each marked score and explains it, in zh and en', async () => {
    ensurePoppler();
    const mark = { zh: '可信度低', en: 'low confidence' } as const;
    for (const lang of ['zh', 'en'] as const) {
      const model = await recordReportModel(doneRecord({ face: marked as typeof results.face }), lang);
      expect((model.face?.skinScores ?? []).filter((s) => s.lowConfidence).map((s) => s.name)).toEqual([
        'face.metric.shine',
        'face.metric.darkCircles',
      ]);
      const { text } = inspectPdf(await renderReport(model));
      const flat = text.replace(/\s+/g, ' ');
      // Two marks beside the bars, and the note under them that names the mark once more.
      expect(flat.split(mark[lang]).length - 1).toBe(3);
      // An unmarked result prints no mark.
      const plain = await recordReportModel(doneRecord({ face: results.face }), lang);
      expect(inspectPdf(await renderReport(plain)).text).not.toContain(mark[lang]);
    }
  }, 60000);
});

type Box = ReturnType<typeof wordBoxes>[number];
/** On the same line as `name`, to its right, within the half-page column of its bar. */
const near = (name: Box, n: Box) =>
  n.page === name.page && Math.abs(n.yMin - name.yMin) < 4 && n.xMin > name.xMax && n.xMin - name.xMax < 260;
