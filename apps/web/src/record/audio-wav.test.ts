import { describe, expect, it } from 'vitest';
import { downmix, resampleLinear, targetRate, toWav16, wavSeconds, type PcmSource } from './audio-wav.js';

const source = (channels: Float32Array[], sampleRate: number): PcmSource => ({
  numberOfChannels: channels.length,
  sampleRate,
  length: channels[0]!.length,
  getChannelData: (c) => channels[c]!,
});

/** The 16-bit samples of a WAV written by toWav16, as floats (the engine's parser reads the same; see packages/analysis/src/signal/wav.test.ts). */
const samples16 = (wav: Uint8Array) => {
  const v = new DataView(wav.buffer, wav.byteOffset, wav.byteLength);
  return Array.from({ length: v.getUint32(40, true) / 2 }, (_, i) => v.getInt16(44 + 2 * i, true) / 32767);
};

const tone = (hz: number, rate: number, seconds: number) =>
  Float32Array.from({ length: Math.round(rate * seconds) }, (_, i) => 0.5 * Math.sin((2 * Math.PI * hz * i) / rate));

describe('recorder WAV conversion', () => {
  it('writes a mono 16-bit PCM RIFF/WAVE header and its samples, clipped', () => {
    const wav = toWav16(source([Float32Array.from([0, 0.5, -0.5, 1, -1, 2, -2])], 16000));
    expect(new TextDecoder().decode(wav.slice(0, 4))).toBe('RIFF');
    expect(new TextDecoder().decode(wav.slice(8, 12))).toBe('WAVE');
    const v = new DataView(wav.buffer);
    expect(v.getUint16(20, true)).toBe(1); // PCM
    expect(v.getUint16(22, true)).toBe(1); // mono
    expect(v.getUint16(34, true)).toBe(16);
    expect(v.getUint32(24, true)).toBe(16000);
    expect(wav.byteLength).toBe(44 + 7 * 2);
    // Out-of-range samples are clipped to full scale, not wrapped around.
    const s = samples16(wav).map((x) => Math.round(x * 1000) / 1000);
    expect(s).toEqual([0, 0.5, -0.5, 1, -1, 1, -1]);
  });

  it('averages stereo into mono', () => {
    const m = downmix(source([Float32Array.from([1, 0.5]), Float32Array.from([0, -0.5])], 8000));
    expect([...m]).toEqual([0.5, 0]);
  });

  it('keeps rates within 8–48 kHz and brings 96 kHz down to 48 kHz', () => {
    expect(targetRate(44100)).toBe(44100);
    expect(targetRate(96000)).toBe(48000);
    expect(targetRate(4000)).toBe(8000);
    const wav = toWav16(source([tone(200, 96000, 0.5)], 96000));
    expect(new DataView(wav.buffer).getUint32(24, true)).toBe(48000);
    expect(wavSeconds(wav)).toBeCloseTo(0.5, 3);
    expect(resampleLinear(Float32Array.from([0, 1, 2, 3]), 4, 2)).toEqual(Float32Array.from([0, 2]));
  });
});
