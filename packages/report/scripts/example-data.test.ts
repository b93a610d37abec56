import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { HealthReportInput } from '@tcm/contract';
import { engineSections, plethExcerpt, tongueMeasures, DATA } from './example-data.js';

const example = JSON.parse(
  readFileSync(new URL('../examples/full-report.en.json', import.meta.url), 'utf8'),
) as HealthReportInput;

describe('example models come from the shared real data', () => {
  it('the pulse rate of the vitals is the BIDMC 01 PLETH excerpt’s, near the ECG reference', async () => {
    const p = await plethExcerpt(60, 8, 2);
    expect(p.rateHz).toBe(62.5);
    // The dataset's README gives about 91.5 bpm from the ECG over the whole record.
    expect(p.bpm).toBeGreaterThan(82);
    expect(p.bpm).toBeLessThan(100);
    expect(example.vitals?.rows.find((r) => r.indicator === 'vitals.pulse')?.value).toBe(Math.round(p.bpm));
  });

  it('tongue outline is traced from the ground-truth mask of the committed photo', async () => {
    const t = await tongueMeasures(
      new URL('tongue/images/TE0000458.jpg', DATA),
      new URL('tongue/masks/TE0000458.png', DATA),
      240,
    );
    expect(example.tongue?.outline).toEqual(t.outline);
    expect(t.coverage).toBeGreaterThan(0.2);
    // A tongue body is reddish: a* clearly positive.
    expect(t.lab.a).toBeGreaterThan(10);
    expect(example.tongue?.features?.[0]?.evidence).toContain(`a* ${t.lab.a.toFixed(1)}`);
  });

  it('face, pulse and voice sections are what the server’s pipeline and report mapping give today (rerun `npm run examples` when they change)', async () => {
    const { face, pulse, voice } = await engineSections('en');
    expect(example.face?.skinScores).toEqual(face?.skinScores);
    expect(example.face?.regions).toEqual(face?.regions);
    expect(example.face?.version).toEqual(face?.version);
    expect(example.pulse?.waveform).toEqual(pulse?.waveform);
    expect(example.pulse?.parameters).toEqual(pulse?.parameters);
    expect(example.pulse?.pulseClass).toEqual(pulse?.pulseClass);
    expect(example.voice?.measures).toEqual(voice?.measures);
    expect(example.voice?.reading).toEqual(voice?.reading);
  }, 120_000);
});
