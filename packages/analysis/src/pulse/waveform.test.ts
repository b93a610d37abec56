import { describe, expect, it } from 'vitest';
import { regularIntervals, syntheticPulse } from './synthetic.js';
import { pulseWaveform } from './waveform.js';

const file = (rate: number, seconds: number) => {
  const x = syntheticPulse({ rate, intervals: regularIntervals(72, seconds), noise: 0.01 });
  return { x, bytes: new TextEncoder().encode(JSON.stringify({ rate, samples: Array.from(x) })) };
};

describe('pulse waveform (what the result page and the PDF draw)', () => {
  it('keeps the first 8 s of the first channel, sample for sample when that is under 2000 points', () => {
    const { x, bytes } = file(200, 20);
    const wave = pulseWaveform({ bytes, name: 'a.json' })!;
    expect(wave.rateHz).toBe(200);
    expect(wave.samples).toHaveLength(1600);
    expect(wave.samples[100]).toBeCloseTo(x[100]!, 6);
  });

  it('thins a fast recording to at most 2000 points and says the thinned rate', () => {
    const { x, bytes } = file(1000, 10);
    const wave = pulseWaveform({ bytes, name: 'b.json' })!;
    // 8000 samples in 8 s, every 4th kept.
    expect(wave.rateHz).toBe(250);
    expect(wave.samples).toHaveLength(2000);
    expect(wave.samples[3]).toBeCloseTo(x[12]!, 6);
  });
});
