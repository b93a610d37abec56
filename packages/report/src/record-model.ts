import sharp from 'sharp';
import type { HealthReportInput, RecordEngine, RecordResults, ReportLanguage } from '@tcm/contract';
import {
  bilingualText,
  doneResult,
  evidenceLine,
  failedParts,
  failureText,
  evidencePairs,
  qualityIssueText,
  ruleText,
  TONGUE_ERRORS,
  COMPLEXION_WORDS,
  CONSTITUTION_TYPE_OF_CODE,
  GLOSS_WORDS,
  LIP_COLOR_WORDS,
  PULSE_CLASS_WORDS,
  TONGUE_FEATURES,
  tongueLabelWord,
  VOICE_READING_WORDS,
  PATTERN_WORDS,
  wordOf,
  faceMetricScore,
  FACE_METRICS,
  shownScore,
  clinicIso,
} from '@tcm/contract';
import { pulseWaveform } from '@tcm/analysis/pulse';
import { label } from './labels.js';

/**
 * Maps a done record onto the report model of `@tcm/report` (packages/contract/src/report.ts):
 * engine results → rounded, worded rows in the report's language, with each section's engine
 * and model version. Sections whose engine did not run or failed are left out.
 */
export interface ReportSource {
  id: string;
  createdAt: Date;
  person: { name?: string | null; sex?: 'female' | 'male' | null; age?: number | null };
  organisation: string | null;
  /** The organisation's footer line (settings), printed on every page. */
  footer?: string;
  results: RecordResults;
  photos: { tongue?: Uint8Array; face?: Uint8Array };
  pulseFile?: { bytes: Uint8Array; name: string };
}

type Lang = ReportLanguage;
const PHOTO_PX = 360;

const VITALS_LABEL: Record<string, string> = {
  bmi: 'vitals.bmi',
  bloodPressure: 'vitals.systolic',
  pulseRate: 'vitals.pulse',
  heartRate: 'vitals.heartRate',
  spo2: 'vitals.spo2',
  glucose: 'vitals.glucose',
  tg: 'vitals.triglycerides',
  tc: 'vitals.cholesterol',
  hdl: 'vitals.hdl',
  ldl: 'vitals.ldl',
  uricAcid: 'vitals.uricAcid',
  weightKg: 'vitals.weight',
  systolic: 'vitals.systolic',
  diastolic: 'vitals.diastolic',
};

const fix = (n: number | null | undefined, d = 1) =>
  n === null || n === undefined || !Number.isFinite(n) ? '—' : n.toFixed(d);
const ok = <E extends RecordEngine>(src: ReportSource, engine: E) => doneResult(src.results, engine);
const versionOf = (src: ReportSource, engine: RecordEngine) => src.results[engine]?.version;
/** The first n evidence values, named in the report's language. */
const evidenceText = (ev: Record<string, number> | undefined, lang: Lang, n = 3) =>
  ev ? evidencePairs(Object.fromEntries(Object.entries(ev).slice(0, n)), lang, lang === 'zh' ? '，' : ', ') : undefined;

/** A photo scaled for the page: JPEG, and the factor to scale pixel coordinates by. */
async function photo(bytes: Uint8Array) {
  const { data, info } = await sharp(bytes)
    .rotate()
    .resize({ width: PHOTO_PX, height: PHOTO_PX, fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 82 })
    .toBuffer({ resolveWithObject: true });
  const meta = await sharp(bytes).rotate().metadata();
  const srcW = (meta.autoOrient?.width ?? meta.width) || info.width;
  return {
    image: { mime: 'image/jpeg' as const, base64: data.toString('base64'), width: info.width, height: info.height },
    factor: info.width / srcW,
  };
}

async function tongueSection(src: ReportSource, lang: Lang): Promise<HealthReportInput['tongue']> {
  const r = ok(src, 'tongue');
  if (!r) return undefined;
  const features: { name: string; value: string; evidence?: string }[] = [];
  // Every labelled feature, named and worded from the contract's vocabulary as on the result page.
  for (const key of TONGUE_FEATURES) {
    const f = r.features[key];
    if (!f?.label) continue;
    // The model's probability for the label shown (the feature's `score` is its severity).
    const probability = (f.probabilities as Partial<Record<string, number>>)[f.label];
    features.push({
      name: `tongue.feature.${key}`,
      value: tongueLabelWord(key, f.label, lang),
      ...(probability !== undefined ? { probability } : {}),
      evidence: evidenceText(f.evidence, lang),
    });
  }
  const pic = src.photos.tongue ? await photo(src.photos.tongue) : undefined;
  const poly = r.mask.polygon;
  const outline =
    pic && poly && poly.length >= 3
      ? poly.map(([x, y]) => [x * pic.factor, y * pic.factor] as [number, number])
      : undefined;
  const issues = r.quality.issues.map((i) => qualityIssueText(i, TONGUE_ERRORS, lang).message);
  return {
    version: versionOf(src, 'tongue'),
    ...(pic ? { photo: pic.image } : {}),
    ...(outline ? { outline } : {}),
    features,
    ...(issues.length ? { summary: issues.join('; ').slice(0, 2000) } : {}),
  };
}

async function faceSection(src: ReportSource, lang: Lang): Promise<HealthReportInput['face']> {
  const r = ok(src, 'face');
  if (!r) return undefined;
  const pic = src.photos.face ? await photo(src.photos.face) : undefined;
  const k = pic?.factor ?? 1;
  const m = r.metrics;
  return {
    version: versionOf(src, 'face'),
    ...(pic ? { photo: pic.image } : {}),
    regions: pic
      ? [{ name: 'face.feature.complexion', box: r.face.box.map((v) => v * k) as [number, number, number, number] }]
      : [],
    complexion: {
      label: wordOf(COMPLEXION_WORDS, r.complexion.class, lang, r.complexion.label[lang]),
      evidence: [ruleText(r.complexion.rule, lang), evidenceText(r.complexion.evidence, lang) ?? ''].filter(Boolean),
    },
    features: [
      {
        name: 'face.feature.gloss',
        value: wordOf(GLOSS_WORDS, r.gloss.class, lang, r.gloss.label[lang]),
        evidence: evidenceText(r.gloss.evidence, lang),
      },
      {
        name: 'face.feature.lips',
        value: wordOf(LIP_COLOR_WORDS, r.lips.class, lang, r.lips.label[lang]),
        evidence: evidenceText(r.lips.evidence, lang),
      },
    ],
    // Each score shown as the result page shows it: the contract's one direction per measure.
    skinScores: FACE_METRICS.map((k) => ({
      name: `face.metric.${k}`,
      score: shownScore(faceMetricScore(k), m[k].score),
      // The result page shows the same mark: what a person takes away carries it too.
      ...(m[k].confidence === 'low' ? { lowConfidence: true } : {}),
    })),
    summary: r.summary[lang],
  };
}

function pulseSection(src: ReportSource, lang: Lang): HealthReportInput['pulse'] {
  const r = ok(src, 'pulse');
  if (!r) return undefined;
  const best = r.channels[0];
  const waveform = src.pulseFile ? pulseWaveform(src.pulseFile) : undefined;
  const classes = r.classes;
  return {
    version: versionOf(src, 'pulse'),
    ...(waveform ? { waveform } : {}),
    parameters: [
      { name: 'pulse.rate', value: fix(r.rateBpm, 0), unit: lang === 'zh' ? '次/分' : 'bpm' },
      ...(best
        ? [
            { name: 'pulse.sdnn', value: fix(best.hrv.sdnnMs), unit: 'ms' },
            { name: 'pulse.rmssd', value: fix(best.hrv.rmssdMs), unit: 'ms' },
            { name: 'measure.h3/h1', value: fix(best.diagram.h3_h1, 2) },
            { name: 'measure.w/t', value: fix(best.diagram.w_t, 2) },
          ]
        : []),
    ],
    ...(classes.length
      ? {
          pulseClass: {
            label: classes
              .map((c) => wordOf(PULSE_CLASS_WORDS, c.code, lang, c[lang]))
              .join(lang === 'zh' ? '、' : ', '),
            evidence: classes.map((c) => bilingualText(c.suggests, lang)).slice(0, 6),
          },
        }
      : {}),
  };
}

function voiceSection(src: ReportSource, lang: Lang): HealthReportInput['voice'] {
  const r = ok(src, 'voice');
  if (!r) return undefined;
  const reading = r.readings[0];
  return {
    version: versionOf(src, 'voice'),
    measures: [
      { name: 'voice.f0Mean', value: fix(r.pitch.meanHz), unit: 'Hz' },
      { name: 'voice.f0Sd', value: fix(r.pitch.sdHz), unit: 'Hz' },
      { name: 'voice.jitter', value: fix(r.jitterLocalPct, 2), unit: '%' },
      { name: 'voice.shimmer', value: fix(r.shimmerLocalPct, 2), unit: '%' },
      { name: 'voice.hnr', value: fix(r.hnrDb), unit: 'dB' },
      { name: 'voice.intensity', value: fix(r.intensityDb), unit: 'dB' },
      { name: 'voice.voicedFraction', value: fix(r.voicedFraction * 100, 0), unit: '%' },
    ],
    ...(reading
      ? {
          reading: {
            label: wordOf(VOICE_READING_WORDS, reading.code, lang, reading[lang]),
            evidence: [
              bilingualText(reading.suggests, lang),
              ...reading.evidence.filter((e) => e.met).map((e) => evidenceLine(e, lang)),
            ].slice(0, 6),
          },
        }
      : {}),
  };
}

function constitutionSection(src: ReportSource, lang: Lang): HealthReportInput['constitution'] {
  const r = ok(src, 'constitution') ?? ok(src, 'synthesis')?.constitution ?? undefined;
  if (!r) return undefined;
  // Types by the standard's letter (the engine's code), not by their Chinese display names.
  const scores = r.scales
    .filter((s) => CONSTITUTION_TYPE_OF_CODE[s.code])
    .map((s) => ({
      type: CONSTITUTION_TYPE_OF_CODE[s.code],
      score: shownScore('score.constitution', s.display),
      verdict: s.verdict,
    }));
  if (!scores.length) return undefined;
  return { version: r.engine, scores, summary: r.summary.text[lang] };
}

function vitalsSection(src: ReportSource, lang: Lang): HealthReportInput['vitals'] {
  const r = ok(src, 'vitals');
  if (!r || !r.indicators.length) return undefined;
  const rows = r.indicators.flatMap((i) => {
    const base = {
      unit: i.unit,
      risk: i.level,
      reason: i.reason[lang],
      reference: { text: i.reference[lang].slice(0, 80) },
    };
    if (i.indicator === 'bloodPressure')
      return [
        { ...base, indicator: 'vitals.systolic', value: i.inputs.systolic ?? i.value },
        { ...base, indicator: 'vitals.diastolic', value: i.inputs.diastolic ?? i.value },
      ];
    return [{ ...base, indicator: VITALS_LABEL[i.indicator] ?? i.name[lang], value: Math.round(i.value * 100) / 100 }];
  });
  return { rows, version: r.engine, source: r.referenceTable.slice(0, 200) };
}

function synthesisSections(src: ReportSource, lang: Lang): Partial<HealthReportInput> {
  const s = ok(src, 'synthesis');
  if (!s) return {};
  const out: Partial<HealthReportInput> = {};
  const patterns = s.patterns.slice(0, 5);
  if (patterns.length)
    out.syndromes = {
      version: s.engine,
      patterns: patterns.map((p) => ({
        name: wordOf(PATTERN_WORDS, p.id, lang, p.name[lang]),
        score: shownScore('score.syndrome', p.score),
        confidence: Math.max(0, Math.min(1, p.confidence)),
        evidence: p.evidence
          .filter((e) => e.role === 'supports')
          .map((e) => e.text[lang])
          .slice(0, 6),
      })),
      summary: patterns[0]!.summary[lang],
    };
  const groups = Object.entries(s.advice.items)
    .filter(([, items]) => items.length)
    .map(([cat, items]) => ({
      category: `advice.${cat}`,
      items: items.map((i) => plainText(i.text[lang])).slice(0, 8),
    }));
  if (groups.length) out.advice = { groups };
  const series = s.trends
    .filter((t) => t.points.length >= 2)
    .map((t) => ({
      indicator: VITALS_LABEL[t.field] ?? t.field,
      unit: t.unit,
      points: t.points.map((p) => ({ date: p.date.slice(0, 10), value: p.value })),
    }));
  if (series.length) out.trends = { series };
  out.disclaimer = s.disclaimer[lang];
  return out;
}

export async function recordReportModel(src: ReportSource, lang: Lang): Promise<HealthReportInput> {
  const tr = (zh: string, en: string) => (lang === 'zh' ? zh : en);
  const p = src.person;
  return {
    kind: 'health-report',
    header: {
      organisation: (src.organisation || tr('中医舌诊开放平台', 'TCM Tongue Diagnosis Open Platform')).slice(0, 120),
      ...(src.footer?.trim() ? { footer: src.footer.trim().slice(0, 80) } : {}),
      reportId: src.id.slice(0, 8).toUpperCase(),
      // The clinic's wall clock, so the PDF prints the time the clinic saw (issue 32 item 6).
      date: clinicIso(src.createdAt),
      language: lang,
      person: {
        name: (p.name || tr('访客', 'Visitor')).slice(0, 80),
        ...(p.sex ? { sex: p.sex } : {}),
        ...(p.age !== null && p.age !== undefined && p.age <= 130 ? { age: p.age } : {}),
      },
    },
    ...(vitalsSection(src, lang) ? { vitals: vitalsSection(src, lang) } : {}),
    ...(await optional('tongue', tongueSection(src, lang))),
    ...(await optional('face', faceSection(src, lang))),
    ...(pulseSection(src, lang) ? { pulse: pulseSection(src, lang) } : {}),
    ...(voiceSection(src, lang) ? { voice: voiceSection(src, lang) } : {}),
    ...(constitutionSection(src, lang) ? { constitution: constitutionSection(src, lang) } : {}),
    ...synthesisSections(src, lang),
    ...missingParts(src, lang),
  };
}

/**
 * The failed parts of a partial record, worded from their codes in the report's language (the
 * saved text is in the record's language; an unknown code gets a plain "could not be analyzed").
 */
function missingParts(src: ReportSource, lang: Lang): Pick<HealthReportInput, 'missing'> {
  const parts = failedParts(src.results);
  if (!parts.length) return {};
  return {
    missing: parts.map((p) => ({
      part: `section.${p.engine}`,
      reason: failureText(p.code, lang) ?? label(lang, 'missing.unknown'),
    })),
  };
}

async function optional<K extends string, T>(key: K, p: Promise<T | undefined>): Promise<Partial<Record<K, T>>> {
  const v = await p;
  return v === undefined ? {} : ({ [key]: v } as Record<K, T>);
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/**
 * A team's advice lines are rich text (HTML, sanitised by the server, docs/member.md); the PDF
 * prints text, so tags go (a block end becomes a space) and the common entities are decoded.
 */
export function plainText(html: string): string {
  if (!/[<&]/.test(html)) return html;
  return html
    .replace(/<\/(p|div|li|h\d)>|<br\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, e: string) => ENTITIES[e]!)
    .replace(/\s+/g, ' ')
    .trim();
}
