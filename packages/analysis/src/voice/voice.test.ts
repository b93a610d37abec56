import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { VOICE_ERRORS } from '@tcm/contract';
import { encodeWav16, errorCodeOf } from '../signal/index.js';
import { analyseVoice } from './analyse.js';
import { vowel } from './test-sounds.js';

const dataDir = new URL('../../../../../shared/data/voice/', import.meta.url);

const codeOf = errorCodeOf;

describe('voice engine', () => {
  it('recovers F0 and near-zero jitter of a synthetic vowel at several sample rates', () => {
    for (const rate of [8000, 22050, 48000]) {
      const r = analyseVoice(encodeWav16([vowel(150, rate, 2)], rate));
      expect(Math.abs(r.pitch.meanHz - 150)).toBeLessThan(1.5);
      // Pulses sit on whole samples, so the only jitter is rounding: under one sample per period.
      expect(r.jitterLocalPct!).toBeLessThan((100 * 1.2 * 150) / rate);
      expect(r.hnrDb!).toBeGreaterThan(15);
    }
  });

  it('sees alternating period jitter of 2 % as about 4 % local jitter', () => {
    const r = analyseVoice(encodeWav16([vowel(120, 16000, 2, 0.5, 0.02)], 16000));
    expect(r.jitterLocalPct!).toBeGreaterThan(3);
    expect(r.jitterLocalPct!).toBeLessThan(5);
  });

  it('reads a stereo file as the mean of its channels', () => {
    const v = vowel(200, 16000, 1.5);
    const r = analyseVoice(encodeWav16([v, v], 16000));
    expect(r.quality.channels).toBe(2);
    expect(Math.abs(r.pitch.meanHz - 200)).toBeLessThan(2);
  });

  it('gives pauses and speech rate on read text', () => {
    const r = analyseVoice(new Uint8Array(readFileSync(new URL('pcgita-read-text.wav', dataDir))));
    expect(r.pauses.count).toBeGreaterThan(2);
    expect(r.speechRateSyllPerS).toBeGreaterThan(1.5);
    expect(r.speechRateSyllPerS).toBeLessThan(8);
    expect(r.voicedFraction).toBeLessThan(0.8);
  });

  it('rejects silent, clipped, too short and wrongly sampled recordings with their codes', () => {
    expect(codeOf(() => analyseVoice(encodeWav16([new Float32Array(32000)], 16000)))).toBe(
      VOICE_ERRORS.VOICE_SILENT.code,
    );
    const loud = vowel(150, 16000, 2, 1).map((x) => Math.max(-0.6, Math.min(0.6, x * 3)) / 0.6);
    expect(codeOf(() => analyseVoice(encodeWav16([loud], 16000)))).toBe(VOICE_ERRORS.VOICE_CLIPPED.code);
    expect(codeOf(() => analyseVoice(encodeWav16([vowel(150, 16000, 0.6)], 16000)))).toBe(
      VOICE_ERRORS.VOICE_TOO_SHORT.code,
    );
    expect(codeOf(() => analyseVoice(encodeWav16([vowel(150, 4000, 2)], 4000)))).toBe(
      VOICE_ERRORS.VOICE_SAMPLE_RATE.code,
    );
  });
});
