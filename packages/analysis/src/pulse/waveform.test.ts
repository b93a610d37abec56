import { describe, expect, it } from 'vitest';
import { regularIntervals, syntheticPulse } from './synthetic.js';
import { pulseWaveform } from './waveform.js';

/** A synthetic recording of `seconds` at `rate` Hz and the waveform drawn from it as a JSON file. */
const waveOf = (rate: number, seconds: number) => {
  const x = syntheticPulse({ rate, intervals: regularIntervals(72, seconds), noise: 0.01 });
  const bytes = new TextEncoder().encode(JSON.stringify({ rate, samples: Array.from(x) }));
  return { x, wave: pulseWaveform({ bytes, name: 'pulse.json' })! };
};

describe('pulse waveform (what the result page and the PDF draw)', () => {
  it('keeps the first 8 s of the first channel, sample for sample when that is under 2000 points', () => {
    const { x, wave } = waveOf(200, 20);
    expect(wave.rateHz).toBe(200);
    expect(wave.samples).toHaveLength(1600);
    expect(wave.samples[100]).toBeCloseTo(x[100]!, 6);
  });

  it('thins a fast recording to at most 2000 points and says the thinned rate', () => {
    const { x, wave } = waveOf(1000, 10);
    // 8000 samples in 8 s, every 4th kept.
    expect(wave.rateHz).toBe(250);
    expect(wave.samples).toHaveLength(2000);
    expect(wave.samples[3]).toBeCloseTo(x[12]!, 6);
  });
});
