import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseWav } from '../../signal/index.js';
import { PRAAT_PITCH_AC, toPitch } from '../pitch.js';
import { voiceReadings } from '../readings.js';
import { makeSound } from '../sound.js';
import { compareWith, TABLE_HEAD, tableRow, type Comparison, type PraatMeasures } from './compare.js';
import type { VoiceItem } from './voice-set.js';

/**
 * Sustained vowels that Praat itself makes (praat-signals.praat) and measures
 * (praat-reference.praat), for the failure of issue 36: real voices with strong harmonics and
 * some noise, where the engine (0.2.0) and Praat parted. Each signal is made at test time in a
 * temporary folder, so nothing here is a stored fixture: Praat's measures are taken on the very
 * file our engine reads (docs/voice.md, "Harmonic-heavy and noisy voices").
 */
export interface PraatSignal {
  name: string;
  about: string;
  /** Pulse shape: flow derivative, EGG-like contact curve, or H1 weak with H2 and H3 strong. */
  shape: 'phonation' | 'egg' | 'harmonics';
  f0: number;
  /** Vibrato depth (fraction of F0) and rate (Hz). */
  vibrato: readonly [number, number];
  /** Gaussian F0 perturbation every 5 ms (fraction of F0; pulse shapes only). */
  jitter: number;
  /** Noise level set in the script (dB below the clean signal's RMS); the HNR compared is Praat's measure. */
  noiseDb: number;
  /** White noise, or noise above 5 kHz only. */
  noise: 'white' | 'high';
  rate: number;
  seconds: number;
  /** Through four formants, the first two near H2 and H3 of a 199 Hz voice. */
  formants: boolean;
  /** Two channels: the clean signal and the noisy one. */
  stereo: boolean;
  seed: number;
}

const base = { f0: 199, vibrato: [0.01, 5], jitter: 0.003, noise: 'white', rate: 50000, seconds: 7.6 } as const;
const flags = { formants: false, stereo: false };

export const PRAAT_SIGNALS: readonly PraatSignal[] = [
  {
    ...base,
    ...flags,
    name: 'praat-harmonics-199hz-50k.wav',
    about: 'H1 weak, H2 and H3 strong, 1 % vibrato, white noise',
    shape: 'harmonics',
    noiseDb: 12,
    seed: 1,
  },
  {
    ...base,
    ...flags,
    name: 'praat-harmonics-hnr8-199hz-50k.wav',
    about: 'as above, more noise',
    shape: 'harmonics',
    noiseDb: 8,
    seed: 9,
  },
  {
    ...base,
    ...flags,
    name: 'praat-harmonics-110hz-50k.wav',
    about: 'male, H1 weak, H2 and H3 strong',
    shape: 'harmonics',
    f0: 110,
    noiseDb: 12,
    seed: 6,
  },
  {
    ...base,
    ...flags,
    name: 'praat-egg-199hz-50k.wav',
    about: 'EGG-like pulses (negated glottal flow), jitter, vibrato, white noise',
    shape: 'egg',
    noiseDb: 13,
    seed: 2,
  },
  {
    ...base,
    ...flags,
    name: 'praat-egg-hfnoise-199hz-50k.wav',
    about: 'EGG-like pulses, noise above 5 kHz',
    shape: 'egg',
    noiseDb: 10,
    noise: 'high',
    seed: 8,
  },
  {
    ...base,
    ...flags,
    name: 'praat-egg-stereo-199hz-50k.wav',
    about: 'two channels: clean and noisy EGG-like pulses',
    shape: 'egg',
    noiseDb: 6,
    stereo: true,
    seed: 3,
  },
  {
    ...base,
    ...flags,
    name: 'praat-harmonics-stereo-199hz-96k.wav',
    about: 'two channels: clean and noisy (above 5 kHz) harmonics, 96 kHz',
    shape: 'harmonics',
    noiseDb: 6,
    noise: 'high',
    rate: 96000,
    seconds: 5,
    stereo: true,
    seed: 7,
  },
  {
    ...base,
    ...flags,
    name: 'praat-vowel-hfnoise-199hz-44k.wav',
    about: 'phonation through formants at H2 and H3, noise above 5 kHz, 44.1 kHz',
    shape: 'phonation',
    noiseDb: 12,
    noise: 'high',
    rate: 44100,
    formants: true,
    seed: 4,
  },
  {
    ...base,
    ...flags,
    name: 'praat-vowel-vibrato-210hz-48k.wav',
    about: 'phonation through formants, 4 % vibrato at 6 Hz, white noise, 48 kHz',
    shape: 'phonation',
    f0: 210,
    vibrato: [0.04, 6],
    noiseDb: 12,
    rate: 48000,
    seconds: 6,
    formants: true,
    seed: 5,
  },
];

const here = (name: string) => fileURLToPath(new URL(name, import.meta.url));
const MAKE = here('./praat-signals.praat');
const MEASURE = here('../praat-reference.praat');
const FRAMES = here('./praat-pitch-frames.praat');

/** Praat's version line; throws with the way to install it when Praat is missing. */
export function praatVersion(): string {
  try {
    return execFileSync('praat', ['--version'], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error('Praat is needed for the voice comparison: scripts/ensure-deps.sh --system installs it');
  }
}

/** Makes one signal with Praat in `dir`, measures it with Praat, and returns both. */
export function makeAndMeasure(s: PraatSignal, dir: string): { item: VoiceItem; praat: PraatMeasures } {
  const file = join(dir, s.name);
  const args = [s.shape, s.f0, s.vibrato[0], s.vibrato[1], s.jitter, s.noiseDb, s.noise, s.rate, s.seconds];
  execFileSync('praat', [
    '--run',
    MAKE,
    file,
    ...args.map(String),
    s.formants ? 'yes' : 'no',
    s.stereo ? 'yes' : 'no',
    String(s.seed),
  ]);
  const praat = JSON.parse(
    execFileSync('praat', ['--run', MEASURE, file], { encoding: 'utf8' }).trim(),
  ) as PraatMeasures;
  const item: VoiceItem = {
    name: s.name,
    kind: 'vowel',
    about: s.about,
    bytes: () => new Uint8Array(readFileSync(file)),
  };
  return { item, praat };
}

/** Our pitch track against Praat's, frame by frame. */
export interface FrameComparison {
  frames: number;
  /** Difference of the first frames' times (s). */
  t1Diff: number;
  /** Frames voiced in one track and not in the other. */
  voicingDiffers: number;
  /** Largest |ours / Praat − 1| over the frames both call voiced. */
  maxRelDiff: number;
}

/**
 * The pitch path, frame by frame, against Praat's To Pitch (ac) of the same file
 * (praat-pitch-frames.praat): the test that the tracker follows the voice where Praat does, on
 * every frame rather than on the mean. Channels are averaged, as by the engine and by Praat's
 * Convert to mono.
 */
export function compareFrames(file: string): FrameComparison {
  const praat = JSON.parse(execFileSync('praat', ['--run', FRAMES, file], { encoding: 'utf8' }).trim()) as {
    t1: number;
    f0: number[];
  };
  const wav = parseWav(new Uint8Array(readFileSync(file)));
  const mono = new Float64Array(wav.channels[0]!.length);
  for (const c of wav.channels) for (let i = 0; i < mono.length; i++) mono[i] = mono[i]! + c[i]! / wav.channels.length;
  const ours = toPitch(makeSound(mono, wav.sampleRate), PRAAT_PITCH_AC);
  let voicingDiffers = Math.abs(ours.f0.length - praat.f0.length);
  let maxRelDiff = 0;
  for (let i = 0; i < Math.min(ours.f0.length, praat.f0.length); i++) {
    const a = ours.f0[i]!;
    const b = praat.f0[i]!;
    if (a > 0 !== b > 0) voicingDiffers++;
    else if (a > 0) maxRelDiff = Math.max(maxRelDiff, Math.abs(a / b - 1));
  }
  return { frames: praat.f0.length, t1Diff: ours.x1 - praat.t1, voicingDiffers, maxRelDiff };
}

/** The readings Praat's own measures would give (readings.ts on Praat's jitter, shimmer, HNR, intensity). */
export function praatReadings(p: PraatMeasures): string[] {
  return voiceReadings({
    jitterPct: 100 * p.jitterLocal,
    shimmerPct: 100 * p.shimmerLocal,
    hnrDb: p.hnr,
    intensityDb: p.intensity,
  }).map((r) => r.code);
}

/** Compares our engine with Praat on one signal made in `dir`. */
export function compareSignal(s: PraatSignal, dir: string): Comparison {
  const { item, praat } = makeAndMeasure(s, dir);
  return compareWith(item, praat);
}

/**
 * `npm run -s bench:voice-praat -w @tcm/analysis`: makes every signal with Praat in a temporary
 * folder and prints ours against Praat (the table of docs/voice.md) with our time per file.
 */
export function printPraatSignals(dir: string): void {
  console.log(`${praatVersion()}; ours: the engine now. Readings: ours / from Praat's measures.\n`);
  console.log(TABLE_HEAD.map((l, i) => (i ? `${l}---|---|` : `${l} readings | ms |`)).join('\n'));
  for (const s of PRAAT_SIGNALS) {
    const { item, praat } = makeAndMeasure(s, dir);
    const t = performance.now();
    const c = compareWith(item, praat);
    const ms = performance.now() - t;
    console.log(
      `| ${tableRow(c)} | ${c.ours.readings.join(', ')} / ${praatReadings(praat).join(', ')} | ${ms.toFixed(0)} |`,
    );
  }
}
