import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseWav } from '../signal/index.js';
import { decimate } from './decimate.js';
import { coarseFactor, harmonicityFrames } from './harmonicity.js';
import { PRAAT_PITCH_AC, toPitch } from './pitch.js';
import { toPulses } from './pulses.js';
import { makeSound, type Sound } from './sound.js';

// The 44.1 kHz recordings run their searches on an ~11 kHz copy first (docs/voice.md, "Speed");
// these tests hold the shortcuts to the exhaustive analysis they replace.
const read = (name: string) => {
  const wav = parseWav(
    new Uint8Array(readFileSync(new URL(`../../../../../shared/data/voice/${name}`, import.meta.url))),
  );
  return { wav, sound: makeSound(wav.channels[0]!, wav.sampleRate) };
};
const { wav, sound } = read('sustained-a-118hz.wav');

const sine = (hz: number, rate: number, seconds: number): Sound =>
  makeSound(
    Float64Array.from({ length: Math.round(rate * seconds) }, (_, i) =>
      Math.sin((2 * Math.PI * hz * (i + 0.5)) / rate),
    ),
    rate,
  );

describe('band-limited decimation', () => {
  it('keeps a tone below the new Nyquist in amplitude and time, and removes one above it', () => {
    const rate = 44100;
    const low = decimate(sine(1000, rate, 1), 4);
    expect(low.dx).toBeCloseTo(4 / rate, 12);
    // Compare against the tone evaluated at the decimated sample times, away from the edges.
    let err = 0;
    for (let m = 200; m < low.samples.length - 200; m++) {
      const t = low.x1 + m * low.dx;
      err = Math.max(err, Math.abs(low.samples[m]! - Math.sin(2 * Math.PI * 1000 * t)));
    }
    expect(err).toBeLessThan(0.02);
    const high = decimate(sine(9000, rate, 1), 4);
    let peak = 0;
    for (let m = 200; m < high.samples.length - 200; m++) peak = Math.max(peak, Math.abs(high.samples[m]!));
    expect(peak).toBeLessThan(0.05);
  });

  it('picks the factor that keeps the copy at or above 11 kHz', () => {
    expect([8000, 16000, 22050, 44100, 48000].map(coarseFactor)).toEqual([1, 1, 2, 4, 4]);
  });
});

describe('shortcuts agree with the exhaustive analysis at 44.1 kHz', () => {
  const coarse = decimate(sound, coarseFactor(wav.sampleRate));

  it('HNR frames: the coarse-then-exact peak search finds the same peak heights', () => {
    const fast = harmonicityFrames(sound, coarse);
    const full = harmonicityFrames(sound, sound);
    expect(fast.length).toBe(full.length);
    let voiced = 0;
    for (let i = 0; i < full.length; i++) {
      expect(fast[i]! > 0).toBe(full[i]! > 0);
      if (full[i]! > 0) voiced++;
      expect(Math.abs(fast[i]! - full[i]!)).toBeLessThan(1e-6);
    }
    expect(voiced).toBeGreaterThan(50);
  });

  it('pulses: the coarse lag search places the same marks as the full scan', () => {
    const pitch = toPitch(sound, PRAAT_PITCH_AC);
    const fast = toPulses(sound, pitch, coarse);
    const full = toPulses(sound, pitch);
    expect(fast.length).toBe(full.length);
    for (let i = 0; i < full.length; i++) expect(Math.abs(fast[i]! - full[i]!)).toBeLessThan(1e-6);
  });
});
