import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { HealthReportInput } from '@tcm/contract';
import { plethExcerpt, tongueMeasures, DATA } from './example-data.js';
import { faceSection, pulseSection, voiceSection } from './engine-sections.js';

const example = JSON.parse(
  readFileSync(new URL('../examples/full-report.en.json', import.meta.url), 'utf8'),
) as HealthReportInput;

describe('example models come from the shared real data', () => {
  it('pulse waveform is the BIDMC 01 PLETH excerpt, with a rate near the ECG reference', async () => {
    const p = await plethExcerpt(60, 8, 2);
    expect(example.pulse?.waveform?.samples).toEqual(p.samples);
    expect(example.pulse?.waveform?.peaks).toEqual(p.peaks);
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

  it('face, pulse and voice sections are what the engines report today (rerun `npm run examples` when they change)', async () => {
    const face = await faceSection('en', '02-woman.jpg', 240);
    expect(example.face?.skinScores).toEqual(face.skinScores);
    expect(example.face?.regions).toEqual(face.regions);
    expect(example.face?.version).toEqual(face.version);
    const pulse = await pulseSection('en', example.pulse?.waveform);
    expect(example.pulse?.parameters).toEqual(pulse.parameters);
    expect(example.pulse?.pulseClass).toEqual(pulse.pulseClass);
    const voice = await voiceSection('en', 'north-wind-and-sun.wav');
    expect(example.voice?.measures).toEqual(voice.measures);
    expect(example.voice?.reading).toEqual(voice.reading);
  }, 120_000);
});
