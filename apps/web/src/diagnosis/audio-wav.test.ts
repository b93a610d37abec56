import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseWav } from '@tcm/analysis/signal';
import { analyseVoice } from '@tcm/analysis/voice';
import { downmix, resampleLinear, targetRate, toWav16, wavSeconds, type PcmSource } from './audio-wav.js';

const source = (channels: Float32Array[], sampleRate: number): PcmSource => ({
  numberOfChannels: channels.length,
  sampleRate,
  length: channels[0]!.length,
  getChannelData: (c) => channels[c]!,
});

const tone = (hz: number, rate: number, seconds: number) =>
  Float32Array.from({ length: Math.round(rate * seconds) }, (_, i) => 0.5 * Math.sin((2 * Math.PI * hz * i) / rate));

describe('recorder WAV conversion', () => {
  it('writes a mono 16-bit PCM RIFF/WAVE header and samples the engine parser reads back', () => {
    const wav = toWav16(source([Float32Array.from([0, 0.5, -0.5, 1, -1, 2, -2])], 16000));
    expect(new TextDecoder().decode(wav.slice(0, 4))).toBe('RIFF');
    expect(new TextDecoder().decode(wav.slice(8, 12))).toBe('WAVE');
    const v = new DataView(wav.buffer);
    expect(v.getUint16(20, true)).toBe(1); // PCM
    expect(v.getUint16(22, true)).toBe(1); // mono
    expect(v.getUint16(34, true)).toBe(16);
    expect(v.getUint32(24, true)).toBe(16000);
    expect(wav.byteLength).toBe(44 + 7 * 2);
    const back = parseWav(wav);
    expect(back.sampleRate).toBe(16000);
    expect(back.bitsPerSample).toBe(16);
    // Out-of-range samples are clipped to full scale, not wrapped around.
    const s = [...back.channels[0]!].map((x) => Math.round(x * 1000) / 1000);
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
    expect(parseWav(wav).sampleRate).toBe(48000);
    expect(wavSeconds(wav)).toBeCloseTo(0.5, 3);
    expect(resampleLinear(Float32Array.from([0, 1, 2, 3]), 4, 2)).toEqual(Float32Array.from([0, 2]));
  });

  it('a real voice recording survives the conversion: the voice engine finds the same pitch', () => {
    const orig = parseWav(new Uint8Array(readFileSync('../shared/data/voice/sustained-a-118hz.wav')));
    const wav = toWav16(source(orig.channels, orig.sampleRate));
    const before = analyseVoice(new Uint8Array(readFileSync('../shared/data/voice/sustained-a-118hz.wav')));
    const after = analyseVoice(wav);
    expect(after.pitch.meanHz).toBeGreaterThan(100);
    expect(Math.abs(after.pitch.meanHz - before.pitch.meanHz)).toBeLessThan(1);
  });
});
