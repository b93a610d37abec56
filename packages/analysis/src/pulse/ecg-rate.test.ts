import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyzePulse } from './analyze.js';
import { detectRPeaks, meanRateBpm } from './ecg-reference.js';
import { readPulseFile } from './input.js';

const file = new URL('../../../../../shared/data/pulse/bidmc01.csv', import.meta.url);

describe('pulse rate against the ECG of the same recording (BIDMC record 01)', () => {
  it('agrees within 2 bpm with the rate from R peaks of lead II', () => {
    const bytes = new Uint8Array(readFileSync(file));
    const ecg = readPulseFile(bytes, 'bidmc01.csv', { column: 'II' });
    const peaks = detectRPeaks(ecg.channels[0]!.samples, ecg.rate);
    const ecgRate = meanRateBpm(peaks, ecg.rate);
    // The dataset documents about 91.5 bpm; our own R-peak detection must land there first.
    expect(Math.abs(ecgRate - 91.5)).toBeLessThan(1);
    const r = analyzePulse(readPulseFile(bytes, 'bidmc01.csv', { column: 'PLETH' }));
    console.log(
      `bidmc01: pulse ${r.rateBpm} bpm vs ECG ${ecgRate.toFixed(2)} bpm (${peaks.length} R peaks), difference ${(r.rateBpm - ecgRate).toFixed(2)} bpm`,
    );
    expect(Math.abs(r.rateBpm - ecgRate)).toBeLessThan(2);
    expect(r.quality.index).toBeGreaterThan(0.8);
    expect(r.channels[0]!.hrv.sdnnMs).toBeGreaterThan(0);
  });

  it('reads the goda PPG (rate from the file name) as a clean regular pulse', () => {
    const r = analyzePulse(
      readPulseFile(new Uint8Array(readFileSync(new URL('goda-ppg-125hz.csv', file))), 'goda-ppg-125hz.csv'),
    );
    expect(r.sampleRateHz).toBe(125);
    expect(r.quality.index).toBeGreaterThan(0.9);
    expect(r.rateBpm).toBeGreaterThan(60);
    expect(r.rateBpm).toBeLessThan(120);
    expect(r.channels[0]!.rhythm.pauses).toBe(0);
  });
});
