import { readFileSync } from 'node:fs';
import { encodeWav16, encodeWavFloat32 } from '../../signal/index.js';
import { FEMALE_A, MALE_A, synthVoice, type VoiceSpec } from './synth.js';

/**
 * The recordings the voice engine is compared with Praat on (docs/voice.md, "Measured against
 * Praat"): the public recordings of `../shared/data/voice` that are at least 1 s long, and
 * synthetic long sustained vowels (synth.ts) — healthy and hoarse, male and female — written at
 * the rates and in the formats the engine must accept.
 */
export interface VoiceItem {
  name: string;
  /** Sustained vowels carry the tolerances; running speech is compared loosely. */
  kind: 'vowel' | 'speech';
  about: string;
  bytes: () => Uint8Array;
}

const dataDir = new URL('../../../../../../shared/data/voice/', import.meta.url);
const shared = (name: string, kind: VoiceItem['kind'], about: string): VoiceItem => ({
  name,
  kind,
  about,
  bytes: () => new Uint8Array(readFileSync(new URL(name, dataDir))),
});

const female: VoiceSpec = {
  f0: 199,
  seconds: 7.6,
  jitter: 0.004,
  shimmer: 0.03,
  noise: 0.05,
  vibrato: 0.003,
  formants: FEMALE_A,
  seed: 11,
};
const male: VoiceSpec = { ...female, f0: 110, seconds: 8, formants: MALE_A, seed: 12 };
const hoarseFemale: VoiceSpec = { ...female, f0: 230, seconds: 6, jitter: 0.015, shimmer: 0.1, noise: 0.3, seed: 13 };
const hoarseMale: VoiceSpec = { ...male, f0: 95, seconds: 6, jitter: 0.02, shimmer: 0.12, noise: 0.3, seed: 14 };

// A bright voice through a phone-grade 8 kHz recorder: the 4th formant at 3.8 kHz, just below the
// Nyquist frequency. The candidates' first estimates are poor this close to it (few samples per
// period of the high harmonics), so the path must be found on refined candidates (pitch.ts).
const bright: VoiceSpec = { ...female, formants: [...FEMALE_A.slice(0, 3), [3800, 250]] };

const int16 = (v: VoiceSpec, rate: number) => () => encodeWav16([synthVoice(v, rate)], rate);
const float32 =
  (v: VoiceSpec, rate: number, channels = 1) =>
  () => {
    const x = synthVoice(v, rate);
    // Further channels are the first one at lower levels (a second microphone further away).
    return encodeWavFloat32(
      Array.from({ length: channels }, (_, c) => (c ? x.map((s) => s * (1 - 0.4 * c)) : x)),
      rate,
    );
  };

export const VOICE_SET: readonly VoiceItem[] = [
  shared('sustained-a-118hz.wav', 'vowel', 'male /a/, 1.6 s, 44.1 kHz (Praat test sound)'),
  shared('pcgita-sustained-a.wav', 'vowel', 'male /a/, 2 s, 16 kHz (PC-GITA)'),
  {
    name: 'syn-female-a-199hz-44k.wav',
    kind: 'vowel',
    about: 'synthetic female /a/, 7.6 s, 44.1 kHz 16-bit',
    bytes: int16(female, 44100),
  },
  {
    name: 'syn-male-a-110hz-48k.wav',
    kind: 'vowel',
    about: 'synthetic male /a/, 8 s, 48 kHz 16-bit',
    bytes: int16(male, 48000),
  },
  {
    name: 'syn-hoarse-female-a-230hz-44k.wav',
    kind: 'vowel',
    about: 'synthetic hoarse female /a/ (jitter, shimmer, breath noise), 6 s, 44.1 kHz',
    bytes: int16(hoarseFemale, 44100),
  },
  {
    name: 'syn-hoarse-male-a-95hz-16k.wav',
    kind: 'vowel',
    about: 'synthetic hoarse male /a/, 6 s, 16 kHz',
    bytes: int16(hoarseMale, 16000),
  },
  {
    name: 'syn-bright-female-a-199hz-8k.wav',
    kind: 'vowel',
    about: 'the synthetic female /a/ with a 4th formant at 3.8 kHz, 8 kHz 16-bit',
    bytes: int16(bright, 8000),
  },
  {
    name: 'syn-female-a-199hz-50k.wav',
    kind: 'vowel',
    about: 'the synthetic female /a/ at 50 kHz 16-bit',
    bytes: int16(female, 50000),
  },
  {
    name: 'syn-female-a-199hz-96k-float-stereo.wav',
    kind: 'vowel',
    about: 'the synthetic female /a/ at 96 kHz, 32-bit float, 2 channels',
    bytes: float32(female, 96000, 2),
  },
  {
    name: 'syn-male-a-110hz-192k-float.wav',
    kind: 'vowel',
    about: 'the synthetic male /a/ at 192 kHz, 32-bit float',
    bytes: float32(male, 192000),
  },
  {
    name: 'syn-hoarse-male-a-95hz-88k-float-3ch.wav',
    kind: 'vowel',
    about: 'the synthetic hoarse male /a/ at 88.2 kHz, 32-bit float, 3 channels',
    bytes: float32(hoarseMale, 88200, 3),
  },
  shared('north-wind-and-sun.wav', 'speech', 'read passage, 2.9 s, 44.1 kHz (Praat test sound)'),
  shared('pcgita-read-text.wav', 'speech', 'male read text, 15 s, 16 kHz (PC-GITA)'),
  shared('praat-m1f1-float32.wav', 'speech', 'male and female speech, 32-bit float (Praat test sound)'),
  shared('svd-cyst-1340-phrase-50khz.wav', 'speech', 'phrase, vocal-fold cyst, 50 kHz (Saarbrücken)'),
  shared('svd-cyst-1931-phrase-50khz.wav', 'speech', 'phrase, vocal-fold cyst, 50 kHz (Saarbrücken)'),
  shared('svd-cyst-1941-phrase-50khz.wav', 'speech', 'phrase, vocal-fold cyst, 50 kHz (Saarbrücken)'),
];
