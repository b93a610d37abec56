import { analyzeVoice } from '../analyze.js';
import reference from './praat-reference.json' with { type: 'json' };
import { VOICE_SET, type VoiceItem } from './voice-set.js';

/** Praat's measures of one recording (praat-reference.praat), as stored in praat-reference.json. */
export interface PraatMeasures {
  f0Mean: number;
  f0Sd: number;
  f0Max: number;
  voicedFrames: number;
  frames: number;
  jitterLocal: number;
  shimmerLocal: number;
  hnr: number;
  intensity: number;
  rate: number;
  channels: number;
}

/**
 * The issues' tolerances for sustained vowels: F0 mean 2 %, F0 SD 5 Hz, jitter and shimmer 20 %
 * (relative), HNR 2 dB; intensity 1 dB.
 */
export const VOWEL_TOLERANCE = { f0: 0.02, f0SdHz: 5, jitter: 0.2, shimmer: 0.2, hnrDb: 2, intensityDb: 1 };

export interface Comparison {
  item: VoiceItem;
  praat: PraatMeasures;
  ours: {
    f0: number;
    f0Sd: number;
    f0Max: number;
    voiced: number;
    jitter: number;
    shimmer: number;
    hnr: number;
    intensity: number;
    /** Reading codes (readings.ts). */
    readings: string[];
  };
  diff: { f0: number; f0SdHz: number; jitter: number; shimmer: number; hnrDb: number };
  /** Within the vowel tolerances (always reported; asserted for vowels only). */
  within: boolean;
}

export const praatReference = reference as { praat: string; script: string; made: string };
const measures = (reference as { measures: Record<string, PraatMeasures> }).measures;

const rel = (a: number, b: number) => (a - b) / b;

/** Runs our engine on one item of the set and sets it beside Praat's stored measures. */
export function compareItem(item: VoiceItem): Comparison {
  const praat = measures[item.name];
  if (!praat) throw new Error(`no Praat measures for ${item.name}: run praat:voice-reference`);
  return compareWith(item, praat);
}

/** Runs our engine on one recording and sets it beside Praat's measures of the same file. */
export function compareWith(item: VoiceItem, praat: PraatMeasures): Comparison {
  const r = analyzeVoice(item.bytes());
  const ours = {
    f0: r.pitch.meanHz,
    f0Sd: r.pitch.sdHz,
    f0Max: r.pitch.maxHz,
    voiced: r.voicedFraction,
    jitter: (r.jitterLocalPct ?? NaN) / 100,
    shimmer: (r.shimmerLocalPct ?? NaN) / 100,
    hnr: r.hnrDb ?? NaN,
    intensity: r.intensityDb,
    readings: r.readings.map((x) => x.code),
  };
  const diff = {
    f0: rel(ours.f0, praat.f0Mean),
    f0SdHz: ours.f0Sd - praat.f0Sd,
    jitter: rel(ours.jitter, praat.jitterLocal),
    shimmer: rel(ours.shimmer, praat.shimmerLocal),
    hnrDb: ours.hnr - praat.hnr,
  };
  const within = vowelMisses({ ours, praat, diff }).length === 0;
  return { item, praat, ours, diff, within };
}

/**
 * The vowel tolerances a comparison misses, named (empty when within all): F0 mean, F0 SD,
 * jitter, shimmer, HNR and intensity.
 */
export function vowelMisses(c: Pick<Comparison, 'ours' | 'praat' | 'diff'>): string[] {
  const t = VOWEL_TOLERANCE;
  const { diff } = c;
  const checks: [string, boolean][] = [
    ['F0 mean', Math.abs(diff.f0) < t.f0],
    ['F0 SD', Math.abs(diff.f0SdHz) < t.f0SdHz],
    ['jitter', Math.abs(diff.jitter) < t.jitter],
    ['shimmer', Math.abs(diff.shimmer) < t.shimmer],
    ['HNR', Math.abs(diff.hnrDb) < t.hnrDb],
    ['intensity', Math.abs(c.ours.intensity - c.praat.intensity) < t.intensityDb],
  ];
  return checks.filter(([, ok]) => !ok).map(([name]) => name);
}

const signed = (v: number, digits: number) => `${v >= 0 ? '+' : '−'}${Math.abs(v).toFixed(digits)}`;

/** One Markdown table row: file, kind, rate, then ours / Praat (difference) per measure. */
export function tableRow(c: Comparison): string {
  const { ours, praat, diff } = c;
  const rate = `${Math.round(praat.rate) / 1000} kHz${praat.channels > 1 ? ` ×${praat.channels}` : ''}`;
  return [
    c.item.name,
    c.item.kind,
    rate,
    `${ours.f0.toFixed(2)} / ${praat.f0Mean.toFixed(2)} (${signed(100 * diff.f0, 2)} %)`,
    `${ours.f0Sd.toFixed(1)} / ${praat.f0Sd.toFixed(1)}`,
    `${(100 * ours.voiced).toFixed(1)} / ${((100 * praat.voicedFrames) / praat.frames).toFixed(1)}`,
    `${(100 * ours.jitter).toFixed(3)} / ${(100 * praat.jitterLocal).toFixed(3)} (${signed(100 * diff.jitter, 1)} %)`,
    `${(100 * ours.shimmer).toFixed(2)} / ${(100 * praat.shimmerLocal).toFixed(2)} (${signed(100 * diff.shimmer, 1)} %)`,
    `${ours.hnr.toFixed(2)} / ${praat.hnr.toFixed(2)} (${signed(diff.hnrDb, 2)})`,
    c.item.kind === 'vowel' ? (c.within ? 'yes' : '**no**') : '—',
  ].join(' | ');
}

export const TABLE_HEAD = [
  '| file | kind | rate | F0 mean Hz, ours / Praat (diff) | F0 SD Hz | voiced % of frames | jitter local % (rel. diff) | shimmer local % (rel. diff) | HNR dB (diff) | vowel within tolerance |',
  '|---|---|---|---|---|---|---|---|---|---|',
];

/** `npm run -s compare:voice -w @tcm/analysis`: prints the table of docs/voice.md. */
export function printComparison(): void {
  const p = praatReference;
  console.log(`Praat: ${p.praat}, ${p.script} (measures stored ${p.made}); ours: the engine now.\n`);
  console.log(TABLE_HEAD.join('\n'));
  for (const item of VOICE_SET) console.log(`| ${tableRow(compareItem(item))} |`);
}
