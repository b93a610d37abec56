import { encodeWav16 } from '@tcm/contract/wav';

/**
 * Rates the web recorder uploads at. The voice engine accepts 8–192 kHz but analyses anything
 * above 48 kHz at 48 kHz or below (docs/voice.md, "Sample rates"), so a browser recording sent
 * at 48 kHz loses nothing and is half the size of a 96 kHz one.
 */
export const MIN_WAV_RATE = 8000;
export const MAX_WAV_RATE = 48000;

/** What the recorder needs of a Web Audio AudioBuffer (so tests can pass plain objects). */
export interface PcmSource {
  numberOfChannels: number;
  sampleRate: number;
  length: number;
  getChannelData(channel: number): Float32Array;
}

/** Averages the channels into one: the voice engine analyses a single voice signal. */
export function downmix(source: PcmSource): Float32Array {
  const k = source.numberOfChannels;
  if (k === 1) return source.getChannelData(0).slice();
  const out = new Float32Array(source.length);
  for (let c = 0; c < k; c++) {
    const ch = source.getChannelData(c);
    for (let i = 0; i < out.length; i++) out[i]! += ch[i]! / k;
  }
  return out;
}

/**
 * Linear-interpolation resampling. Only used when the browser records above 48 kHz (some
 * devices run at 96 kHz), a downward step where linear interpolation keeps the voice band intact.
 */
export function resampleLinear(samples: Float32Array, from: number, to: number): Float32Array {
  if (from === to) return samples;
  const n = Math.max(1, Math.round((samples.length * to) / from));
  const out = new Float32Array(n);
  const step = from / to;
  for (let i = 0; i < n; i++) {
    const x = i * step;
    const j = Math.floor(x);
    const a = samples[j] ?? 0;
    const b = samples[j + 1] ?? a;
    out[i] = a + (b - a) * (x - j);
  }
  return out;
}

/** The rate the WAV is written at: the recording's own rate when the engine accepts it. */
export function targetRate(rate: number): number {
  return Math.min(MAX_WAV_RATE, Math.max(MIN_WAV_RATE, Math.round(rate)));
}

/**
 * A recording (decoded AudioBuffer) as the upload the voice engine reads: mono 16-bit PCM WAV at
 * a rate within 8–48 kHz. The 16-bit writer is the contract's (`@tcm/contract/wav`), the one the
 * voice engine's own tests parse back, so browser and engine agree on the format by construction.
 */
export function toWav16(source: PcmSource): Uint8Array {
  const rate = targetRate(source.sampleRate);
  const mono = resampleLinear(downmix(source), source.sampleRate, rate);
  return encodeWav16([mono], rate);
}

/** Seconds of audio in a 16-bit mono WAV written by toWav16. */
export function wavSeconds(wav: Uint8Array): number {
  const v = new DataView(wav.buffer, wav.byteOffset, wav.byteLength);
  return v.getUint32(40, true) / 2 / v.getUint32(24, true);
}
