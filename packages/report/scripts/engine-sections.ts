/**
 * The face, pulse and voice sections of the example reports, produced by the engines themselves
 * on the shared real data (so the examples show what the server will map into a report, with
 * the engines' own versions, values and semantics), mapped onto the report model in one
 * language.
 */
import { readFile } from 'node:fs/promises';
import type { FaceResult, HealthReportInput, ReportLanguage } from '@tcm/contract';
import { analyzeFace } from '@tcm/analysis/face';
import { analysePulse, readPulseFile } from '@tcm/analysis/pulse';
import { analyseVoice } from '@tcm/analysis/voice';
import { DATA, smallJpeg } from './example-data.js';

type FaceSection = NonNullable<HealthReportInput['face']>;
type PulseSection = NonNullable<HealthReportInput['pulse']>;
type VoiceSection = NonNullable<HealthReportInput['voice']>;
type Tr = (zh: string, en: string) => string;
const trOf =
  (lang: ReportLanguage): Tr =>
  (zh, en) =>
    lang === 'zh' ? zh : en;
const fmt = (v: number | null | undefined, digits = 2) => (v === null || v === undefined ? '—' : v.toFixed(digits));

const FACE_REGION_LABELS: Record<keyof FaceResult['regions'], string> = {
  forehead: 'face.forehead',
  nose: 'face.nose',
  leftCheek: 'face.leftCheek',
  rightCheek: 'face.rightCheek',
  chin: 'face.chin',
  leftUnderEye: 'face.leftUnderEye',
  rightUnderEye: 'face.rightUnderEye',
  lips: 'face.lips',
};

/** Face section from the face engine on `face/<file>`, its photo shrunk to `width` px. */
export async function faceSection(lang: ReportLanguage, file: string, width: number): Promise<FaceSection> {
  const tr = trOf(lang);
  const url = new URL(`face/${file}`, DATA);
  const { result: r } = await analyzeFace(new Uint8Array(await readFile(url)));
  const { factor, ...photo } = await smallJpeg(url, width);
  const m = r.metrics;
  const c = r.complexion.evidence;
  return {
    version: r.version,
    photo,
    regions: (Object.keys(r.regions) as (keyof FaceResult['regions'])[]).map((name) => ({
      name: FACE_REGION_LABELS[name],
      polygon: (r.regions[name].outline ?? []).map(
        ([x, y]) => [Math.round(x * factor), Math.round(y * factor)] as [number, number],
      ),
    })),
    complexion: {
      label: r.complexion.label[lang],
      evidence: [
        tr(`面部皮肤中位 L* ${c.L}、a* ${c.a}、b* ${c.b}`, `Median skin L* ${c.L}, a* ${c.a}, b* ${c.b}`),
        lang === 'zh' ? `ITA ${c.ita}°` : `Rule: ${r.complexion.rule} (ITA ${c.ita}°)`,
      ],
    },
    features: [
      {
        name: 'face.gloss',
        value: r.gloss.label[lang],
        evidence: tr(
          `高光占比 ${r.gloss.evidence.highlightPercent}%，L* 四分位距/中位 ${r.gloss.evidence.relativeIqr}`,
          `Highlights ${r.gloss.evidence.highlightPercent} %, L* IQR/median ${r.gloss.evidence.relativeIqr}`,
        ),
      },
      {
        name: 'face.lipColour',
        value: r.lips.label[lang],
        evidence: `L* ${r.lips.lab.L}, a* ${r.lips.lab.a}, b* ${r.lips.lab.b}`,
      },
      {
        name: 'skin.skinTone',
        value: `${m.skinTone.ita}° ${m.skinTone.label[lang]}`,
        evidence: tr('ITA 角（Del Bino 分级）', 'ITA angle (Del Bino categories)'),
      },
    ],
    skinScores: [
      { name: 'skin.spots', score: m.spots.score },
      { name: 'skin.wrinkles', score: m.wrinkles.score },
      { name: 'skin.texture', score: m.texture.score },
      { name: 'skin.pores', score: m.pores.score },
      { name: 'skin.redness', score: m.redness.score },
      { name: 'skin.shine', score: m.shine.score },
      { name: 'skin.darkCircles', score: m.darkCircles.score },
    ],
    summary: r.summary[lang],
  };
}

/** Pulse section: the pulse engine on the whole BIDMC 01 PLETH record, chart from `chart`. */
export async function pulseSection(lang: ReportLanguage, chart: PulseSection['waveform']): Promise<PulseSection> {
  const tr = trOf(lang);
  const r = analysePulse(
    readPulseFile(new Uint8Array(await readFile(new URL('pulse/bidmc01.csv', DATA))), 'bidmc01.csv', {
      column: 'PLETH',
    }),
  );
  const ch = r.channels[0]!;
  const d = ch.diagram;
  const bpm = tr('次/分', 'bpm');
  const evidence = (c: (typeof r.classes)[number]) =>
    c.evidence.filter((e) => e.met).map((e) => `${e.measure} ${fmt(e.value)} (${e.rule})`);
  const classes = r.classes;
  return {
    version: r.version,
    waveform: chart,
    pulseClass: {
      label: classes.map((c) => (lang === 'zh' ? `${c.zh}脉` : c.en)).join(lang === 'zh' ? '、' : ', '),
      evidence: classes.flatMap(evidence),
    },
    parameters: [
      {
        name: 'pulse.rate',
        value: fmt(r.rateBpm, 1),
        unit: bpm,
        evidence: tr(
          `${ch.quality.acceptedBeats}/${ch.quality.totalBeats} 个搏动可用，信号质量 ${r.quality.index}`,
          `${ch.quality.acceptedBeats} of ${ch.quality.totalBeats} beats usable, signal quality ${r.quality.index}`,
        ),
      },
      {
        name: 'pulse.rhythm',
        value: ch.rhythm.pauses || ch.rhythm.irregularBeats ? tr('不齐', 'Irregular') : tr('规整', 'Regular'),
        evidence: tr(
          `停搏 ${ch.rhythm.pauses} 次，不规则搏动 ${ch.rhythm.irregularBeats} 次`,
          `${ch.rhythm.pauses} pauses, ${ch.rhythm.irregularBeats} irregular beats`,
        ),
      },
      { name: 'pulse.sdnn', value: fmt(ch.hrv.sdnnMs, 1), unit: 'ms' },
      { name: 'pulse.rmssd', value: fmt(ch.hrv.rmssdMs, 1), unit: 'ms' },
      {
        name: 'h3/h1',
        value: fmt(d.h3_h1),
        evidence: tr('重搏前波相对高度（无则为 —）', 'Relative height of the tidal wave (— when none)'),
      },
      { name: 'h4/h1', value: fmt(d.h4_h1), evidence: tr('降中峡相对高度', 'Relative height of the dicrotic notch') },
      { name: 'h5/h1', value: fmt(d.h5_h1), evidence: tr('重搏波相对高度', 'Relative height of the dicrotic wave') },
      {
        name: 'w/t',
        value: fmt(d.w_t),
        evidence: tr('主波上 1/3 宽度与周期之比', 'Main-wave width at 2/3 height over the period'),
      },
    ],
  };
}

/** Voice section: the voice engine on `voice/<file>`. */
export async function voiceSection(lang: ReportLanguage, file: string): Promise<VoiceSection> {
  const tr = trOf(lang);
  const r = analyseVoice(new Uint8Array(await readFile(new URL(`voice/${file}`, DATA))));
  const reading = r.readings;
  return {
    version: r.version,
    measures: [
      { name: 'voice.f0Mean', value: fmt(r.pitch.meanHz, 1), unit: 'Hz' },
      { name: 'voice.f0Sd', value: fmt(r.pitch.sdHz, 1), unit: 'Hz' },
      { name: 'voice.jitter', value: fmt(r.jitterLocalPct), unit: '%', reference: { high: 1.04 } },
      { name: 'voice.shimmer', value: fmt(r.shimmerLocalPct), unit: '%', reference: { high: 3.81 } },
      { name: 'voice.hnr', value: fmt(r.hnrDb, 1), unit: 'dB', reference: { low: 12 } },
      { name: 'voice.intensity', value: fmt(r.intensityDb, 1), unit: 'dB' },
    ],
    reading: {
      label: reading.map((x) => (lang === 'zh' ? x.zh : x.en)).join(lang === 'zh' ? '、' : ', '),
      evidence: reading.flatMap((x) =>
        x.evidence.filter((e) => e.met).map((e) => `${e.measure} ${fmt(e.value)} (${e.rule})`),
      ),
    },
    summary: tr(
      `朗读录音（${r.quality.durationS} s）：读数提示${reading.map((x) => x.zh).join('、')}；声学指标用于持续元音时最可靠。`,
      `Read-speech recording (${r.quality.durationS} s): the measures suggest ${reading.map((x) => x.en).join(', ')}; they are most reliable on a sustained vowel.`,
    ),
  };
}
