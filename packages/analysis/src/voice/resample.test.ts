import { describe, expect, it } from 'vitest';
import { analysisFactor, antiAliasTaps, toAnalysisRate } from './resample.js';
import { makeSound } from './sound.js';

/** Gain (dB) of the symmetric filter at f, in cycles per sample of the new rate. */
function gainDb(hs: Float64Array, factor: number, f: number): number {
  let r = hs[0]!;
  for (let i = 1; i < hs.length; i++) r += 2 * hs[i]! * Math.cos(((2 * Math.PI * f) / factor) * i);
  return 20 * Math.log10(Math.abs(r));
}

describe('analysis rate for high-rate recordings', () => {
  it('keeps 8–48 kHz as they are and divides higher rates by the smallest integer that reaches 48 kHz', () => {
    expect([8000, 44100, 48000, 50000, 88200, 96000, 100000, 176400, 192000].map(analysisFactor)).toEqual([
      1, 1, 1, 2, 2, 2, 3, 4, 4,
    ]);
  });

  it('passes the band below 0.34 of the new rate within 0.01 dB and stops its Nyquist frequency and above by 80 dB', () => {
    for (const factor of [2, 3, 4]) {
      const hs = antiAliasTaps(factor);
      for (const f of [0, 0.1, 0.2, 0.3, 0.34]) expect(Math.abs(gainDb(hs, factor, f))).toBeLessThan(0.01);
      for (let f = 0.5; f <= factor / 2; f += 0.01) expect(gainDb(hs, factor, f)).toBeLessThan(-80);
    }
  });

  it('brings a 192 kHz tone to 48 kHz on the same time grid and removes what would alias', () => {
    const rate = 192000;
    const tone = (hz: number) =>
      makeSound(
        Float64Array.from({ length: rate }, (_, i) => Math.sin((2 * Math.PI * hz * (i + 0.5)) / rate)),
        rate,
      );
    const low = toAnalysisRate(tone(1000));
    expect(1 / low.dx).toBeCloseTo(48000, 6);
    let err = 0;
    for (let m = 100; m < low.samples.length - 100; m++)
      err = Math.max(err, Math.abs(low.samples[m]! - Math.sin(2 * Math.PI * 1000 * (low.x1 + m * low.dx))));
    expect(err).toBeLessThan(1e-3);
    // 30 kHz would fold onto 18 kHz at 48 kHz.
    const high = toAnalysisRate(tone(30000));
    let peak = 0;
    for (let m = 100; m < high.samples.length - 100; m++) peak = Math.max(peak, Math.abs(high.samples[m]!));
    expect(peak).toBeLessThan(1e-4);
  });
});
