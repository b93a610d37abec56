import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { VOICE_ERRORS } from '@tcm/contract';
import { encodeWav16, encodeWavFloat32, errorCodeOf } from '../signal/index.js';
import { analyzeVoice } from './analyze.js';
import { FEMALE_A, synthVoice, type VoiceSpec } from './compare/synth.js';
import { vowel } from './test-sounds.js';

const SPEC: VoiceSpec = {
  f0: 180,
  seconds: 2,
  jitter: 0.005,
  shimmer: 0.03,
  noise: 0.05,
  vibrato: 0,
  formants: FEMALE_A,
  seed: 3,
};

const dataDir = new URL('../../../../../shared/data/voice/', import.meta.url);

const codeOf = errorCodeOf;

describe('voice engine', () => {
  it('recovers F0 and near-zero jitter of a synthetic vowel at several sample rates', () => {
    for (const rate of [8000, 22050, 48000]) {
      const r = analyzeVoice(encodeWav16([vowel(150, rate, 2)], rate));
      expect(Math.abs(r.pitch.meanHz - 150)).toBeLessThan(1.5);
      // Pulses sit on whole samples, so the only jitter is rounding: under one sample per period.
      expect(r.jitterLocalPct!).toBeLessThan((100 * 1.2 * 150) / rate);
      expect(r.hnrDb!).toBeGreaterThan(15);
    }
  });

  it('sees alternating period jitter of 2 % as about 4 % local jitter', () => {
    const r = analyzeVoice(encodeWav16([vowel(120, 16000, 2, 0.5, 0.02)], 16000));
    expect(r.jitterLocalPct!).toBeGreaterThan(3);
    expect(r.jitterLocalPct!).toBeLessThan(5);
  });

  it('reads a stereo file as the mean of its channels', () => {
    const v = vowel(200, 16000, 1.5);
    const r = analyzeVoice(encodeWav16([v, v], 16000));
    expect(r.quality.channels).toBe(2);
    expect(Math.abs(r.pitch.meanHz - 200)).toBeLessThan(2);
  });

  it('analyses 50, 96 and 192 kHz recordings, integer and float, at their own rate', () => {
    // The same voice written at 48 kHz. Every file is measured at its own rate, as Praat does, so
    // the synthetic breath noise above 24 kHz moves HNR a little (Praat at each rate:
    // praat-compare.test.ts; noise in the band a lower rate would drop: praat-signals.test.ts).
    const ref = analyzeVoice(encodeWav16([synthVoice(SPEC, 48000)], 48000));
    for (const [rate, bytes] of [
      [50000, (x: Float32Array) => encodeWav16([x], 50000)],
      [96000, (x: Float32Array) => encodeWavFloat32([x], 96000)],
      [192000, (x: Float32Array) => encodeWavFloat32([x], 192000)],
    ] as const) {
      const r = analyzeVoice(bytes(synthVoice(SPEC, rate)));
      expect(r.quality.sampleRateHz).toBe(rate);
      expect(Math.abs(r.pitch.meanHz / ref.pitch.meanHz - 1)).toBeLessThan(0.005);
      // Jitter and shimmer against Praat at each file's own rate: praat-compare.test.ts.
      expect(Math.abs(r.hnrDb! - ref.hnrDb!)).toBeLessThan(2);
    }
  });

  it('mixes several channels to their mean (three float channels at 88.2 kHz)', () => {
    const x = synthVoice(SPEC, 88200);
    const mono = analyzeVoice(encodeWavFloat32([x.map((s) => 0.6 * s)], 88200));
    const multi = analyzeVoice(encodeWavFloat32([x, x.map((s) => 0.6 * s), x.map((s) => 0.2 * s)], 88200));
    expect(multi.quality.channels).toBe(3);
    expect(multi.pitch).toEqual(mono.pitch);
    expect(multi.jitterLocalPct).toBe(mono.jitterLocalPct);
    expect(multi.shimmerLocalPct).toBe(mono.shimmerLocalPct);
  });

  it('gives pauses and speech rate on read text', () => {
    const r = analyzeVoice(new Uint8Array(readFileSync(new URL('pcgita-read-text.wav', dataDir))));
    expect(r.pauses.count).toBeGreaterThan(2);
    expect(r.speechRateSyllPerS).toBeGreaterThan(1.5);
    expect(r.speechRateSyllPerS).toBeLessThan(8);
    expect(r.voicedFraction).toBeLessThan(0.8);
  });

  it('rejects silent, clipped, too short and wrongly sampled recordings with their codes', () => {
    expect(codeOf(() => analyzeVoice(encodeWav16([new Float32Array(32000)], 16000)))).toBe(
      VOICE_ERRORS.VOICE_SILENT.code,
    );
    const loud = vowel(150, 16000, 2, 1).map((x) => Math.max(-0.6, Math.min(0.6, x * 3)) / 0.6);
    expect(codeOf(() => analyzeVoice(encodeWav16([loud], 16000)))).toBe(VOICE_ERRORS.VOICE_CLIPPED.code);
    expect(codeOf(() => analyzeVoice(encodeWav16([vowel(150, 16000, 0.6)], 16000)))).toBe(
      VOICE_ERRORS.VOICE_TOO_SHORT.code,
    );
    expect(codeOf(() => analyzeVoice(encodeWav16([vowel(150, 4000, 2)], 4000)))).toBe(
      VOICE_ERRORS.VOICE_SAMPLE_RATE.code,
    );
    expect(codeOf(() => analyzeVoice(encodeWav16([vowel(150, 200000, 2)], 200000)))).toBe(
      VOICE_ERRORS.VOICE_SAMPLE_RATE.code,
    );
    expect(VOICE_ERRORS.VOICE_SAMPLE_RATE.en).toContain('8 and 192 kHz');
    expect(VOICE_ERRORS.VOICE_SAMPLE_RATE.zh).toContain('8–192 kHz');
  });
});
