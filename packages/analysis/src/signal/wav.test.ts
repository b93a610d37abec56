import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FILE_ERRORS, VOICE_ERRORS } from '@tcm/contract';
import { analyzeVoice } from '../voice/analyze.js';
import { encodeWav16 as encodeContractWav } from '@tcm/contract/wav';
import { encodeWav16, isWavError, parseWav } from './wav.js';

const file = new URL('../../../../../shared/data/voice/pcgita-sustained-a.wav', import.meta.url);

/** Builds a WAV with any format fields, for the encodings the encoder does not write. */
function wav(
  format: number,
  bits: number,
  channels: number,
  rate: number,
  data: Uint8Array,
  declared = data.length,
): Uint8Array {
  const b = new Uint8Array(44 + data.length);
  const v = new DataView(b.buffer);
  b.set(
    [...'RIFF'].map((c) => c.charCodeAt(0)),
    0,
  );
  v.setUint32(4, 36 + declared, true);
  b.set(
    [...'WAVEfmt '].map((c) => c.charCodeAt(0)),
    8,
  );
  v.setUint32(16, 16, true);
  v.setUint16(20, format, true);
  v.setUint16(22, channels, true);
  v.setUint32(24, rate, true);
  v.setUint32(28, (rate * channels * bits) / 8, true);
  v.setUint16(32, (channels * bits) / 8, true);
  v.setUint16(34, bits, true);
  b.set(
    [...'data'].map((c) => c.charCodeAt(0)),
    36,
  );
  v.setUint32(40, declared, true);
  b.set(data, 44);
  return b;
}

describe('WAV reader', () => {
  it('reads 8, 16, 24, 32-bit integer and 32/64-bit float samples to the same values', () => {
    const x = [0, 0.5, -0.5, 0.25];
    const i8 = Uint8Array.from(x, (s) => Math.round(s * 128 + 128));
    const i16 = new Uint8Array(new Int16Array(x.map((s) => s * 32768)).buffer);
    const i24 = new Uint8Array(x.length * 3);
    x.forEach((s, k) => {
      const q = Math.round(s * 8388608);
      i24[3 * k] = q & 255;
      i24[3 * k + 1] = (q >> 8) & 255;
      i24[3 * k + 2] = (q >> 16) & 255;
    });
    const i32 = new Uint8Array(new Int32Array(x.map((s) => s * 2147483648)).buffer);
    const f32 = new Uint8Array(new Float32Array(x).buffer);
    const f64 = new Uint8Array(new Float64Array(x).buffer);
    for (const [fmt, bits, data] of [
      [1, 8, i8],
      [1, 16, i16],
      [1, 24, i24],
      [1, 32, i32],
      [3, 32, f32],
      [3, 64, f64],
    ] as const) {
      const w = parseWav(wav(fmt, bits, 1, 8000, data));
      expect(Array.from(w.channels[0]!)).toEqual(x);
    }
  });

  it('survives a header that lies about its length, and rejects garbage with a WavError (an EngineError with its kind)', () => {
    const real = new Uint8Array(readFileSync(file));
    const lying = real.slice(0, 20000);
    const w = parseWav(lying);
    expect(w.truncated).toBe(true);
    expect(w.channels[0]!.length).toBe(Math.floor((20000 - 44) / 2));
    const thrown = (b: Uint8Array): unknown => {
      try {
        parseWav(b);
      } catch (e) {
        return e;
      }
      return null;
    };
    const garbage = thrown(new Uint8Array([1, 2, 3]));
    expect(isWavError(garbage) && garbage.kind).toBe('not-wav');
    expect(garbage).toMatchObject({ code: FILE_ERRORS.FILE_CORRUPT.code, detail: { reason: 'not a RIFF/WAVE file' } });
    const huge = wav(1, 16, 65535, 16000, new Uint8Array(10), 0xfffffff0);
    expect(isWavError(thrown(huge))).toBe(true);
  });

  it('never crashes the voice engine on random bytes, cut files or NaN samples', () => {
    const real = new Uint8Array(readFileSync(file));
    let seed = 7;
    const rnd = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32;
    for (let k = 0; k < 60; k++) {
      let bytes: Uint8Array;
      if (k % 3 === 0) bytes = Uint8Array.from({ length: Math.floor(rnd() * 5000) }, () => Math.floor(rnd() * 256));
      else if (k % 3 === 1) bytes = real.slice(0, Math.floor(rnd() * real.length));
      else {
        bytes = real.slice();
        for (let j = 0; j < 20; j++) bytes[Math.floor(rnd() * 64)] = Math.floor(rnd() * 256);
      }
      try {
        analyzeVoice(bytes);
      } catch (e) {
        expect((e as { code?: number }).code).toBeGreaterThanOrEqual(3400000);
        expect((e as { code?: number }).code).toBeLessThan(3500000);
      }
    }
    const nan = new Float32Array(16000 * 2).fill(Number.NaN);
    const code = (() => {
      try {
        analyzeVoice(wav(3, 32, 1, 16000, new Uint8Array(nan.buffer)));
      } catch (e) {
        return (e as { code?: number }).code;
      }
    })();
    expect(code).toBe(VOICE_ERRORS.VOICE_BAD_SAMPLES.code);
  });

  it('round-trips the 16-bit encoder', () => {
    const w = parseWav(encodeWav16([Float32Array.from([0, 0.5, -0.5])], 22050));
    expect(w.sampleRate).toBe(22050);
    expect(Array.from(w.channels[0]!).map((v) => Math.round(v * 1000) / 1000)).toEqual([0, 0.5, -0.5]);
  });

  // The web recorder uploads through the contract's writer (apps/web/src/record/audio-wav.ts);
  // the engine side of that agreement is checked here, where the dependency direction allows it.
  it("reads the contract's writer (the web recorder's upload format): clipped samples, real voice pitch kept", () => {
    const clipped = parseWav(encodeContractWav([Float32Array.from([0, 0.5, -0.5, 1, -1, 2, -2])], 16000));
    expect([clipped.sampleRate, clipped.bitsPerSample, clipped.channels.length]).toEqual([16000, 16, 1]);
    expect([...clipped.channels[0]!].map((x) => Math.round(x * 1000) / 1000)).toEqual([0, 0.5, -0.5, 1, -1, 1, -1]);
    const recording = new Uint8Array(
      readFileSync(new URL('../../../../../shared/data/voice/sustained-a-118hz.wav', import.meta.url)),
    );
    const orig = parseWav(recording);
    const mono = orig.channels[0]!.map(
      (_, i) => orig.channels.reduce((sum, c) => sum + c[i]!, 0) / orig.channels.length,
    );
    const before = analyzeVoice(recording);
    const after = analyzeVoice(encodeContractWav([mono], orig.sampleRate));
    expect(after.pitch.meanHz).toBeGreaterThan(100);
    expect(Math.abs(after.pitch.meanHz - before.pitch.meanHz)).toBeLessThan(1);
  });
});
