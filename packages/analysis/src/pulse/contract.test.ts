import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bilingualText, pulseResultSchema, voiceResultSchema } from '@tcm/contract';
import { analyzeVoice } from '../voice/analyze.js';
import { analyzePulse } from './analyze.js';
import { readPulseFile } from './input.js';
import { regularIntervals, syntheticPulse } from './synthetic.js';

const data = new URL('../../../../../shared/data/', import.meta.url);

describe('results match their contract schemas', () => {
  it('pulse result of a real PPG and of a multi-channel capture with numeric forces', () => {
    const real = analyzePulse(
      readPulseFile(new Uint8Array(readFileSync(new URL('pulse/goda-ppg-125hz.csv', data))), 'goda-ppg-125hz.csv'),
    );
    expect(pulseResultSchema.parse(real)).toEqual(real);
    const forces = [50, 100, 150, 200, 250];
    const multi = analyzePulse({
      rate: 200,
      unit: 'mmHg',
      channels: forces.map((f, i) => ({
        samples: syntheticPulse({
          rate: 200,
          intervals: regularIntervals(66, 15),
          scale: [5, 12, 20, 14, 8][i]!,
          noise: 0.05,
          seed: i + 1,
        }),
        position: '寸' as const,
        pressure: f,
        forceUnit: 'g',
      })),
    });
    expect(pulseResultSchema.parse(multi)).toEqual(multi);
    const depth = multi.classes.find((c) => c.group === 'depth')!;
    expect(depth.zh).toBe('中');
    expect(depth.evidence[0]!.value).toBe(150);
  });

  it('voice result of a real recording', () => {
    const r = analyzeVoice(new Uint8Array(readFileSync(new URL('voice/north-wind-and-sun.wav', data))));
    expect(voiceResultSchema.parse(r)).toEqual(r);
  });
});

describe('pulse class wording', () => {
  it('says what each class suggests in zh and en; an earlier plain-English result still parses', () => {
    const r = analyzePulse(
      readPulseFile(new Uint8Array(readFileSync(new URL('pulse/goda-ppg-125hz.csv', data))), 'goda-ppg-125hz.csv'),
    );
    expect(r.classes.length).toBeGreaterThan(0);
    for (const c of r.classes) {
      if (typeof c.suggests === 'string') throw new Error(`${c.code}: suggests is not localized`);
      expect(c.suggests.zh).toMatch(/[\u4e00-\u9fff]/);
      expect(c.suggests.zh).not.toMatch(/[a-z]{3}/i);
      expect(c.suggests.en).toMatch(/^[A-Z]/);
      expect(bilingualText(c.suggests, 'zh')).toBe(c.suggests.zh);
    }
    const legacy = {
      ...r,
      classes: r.classes.map((c) => ({ ...c, suggests: 'A rate of 70 bpm lies in the even range (平).' })),
    };
    const parsed = pulseResultSchema.parse(legacy);
    expect(bilingualText(parsed.classes[0]!.suggests, 'zh')).toBe('A rate of 70 bpm lies in the even range (平).');
  });
});
