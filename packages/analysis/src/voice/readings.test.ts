import { describe, expect, it } from 'vitest';
import { bilingualText, voiceResultSchema } from '@tcm/contract';
import { encodeWav16 } from '../signal/index.js';
import { analyzeVoice } from './analyze.js';
import { THRESHOLDS, voiceReadings, type VoiceMeasures } from './readings.js';
import { vowel } from './test-sounds.js';

const codes = (m: VoiceMeasures) => voiceReadings(m).map((r) => r.code);
const calm: VoiceMeasures = { jitterPct: 0.4, shimmerPct: 2, hnrDb: 20, intensityDb: 70 };

describe('TCM voice readings from the measures', () => {
  it('normal when every measure is inside its limit, with all measures as evidence', () => {
    const [r] = voiceReadings(calm);
    expect(r!.code).toBe('normal');
    expect(r!.evidence.map((e) => e.measure)).toEqual([
      'jitterLocalPct',
      'shimmerLocalPct',
      'hnrDb',
      'intensityDb',
      'intensityDb',
    ]);
    expect(bilingualText(r!.suggests, 'en')).toMatch(/suggests/);
    expect(bilingualText(r!.suggests, 'zh')).toMatch(/^各项声学指标.*提示语声正常。$/);
  });

  it('every reading says what it suggests in zh (提示…, no English) and en; an earlier plain-English result still reads', () => {
    const all = [
      ...voiceReadings(calm),
      ...voiceReadings({ jitterPct: 2, shimmerPct: 6, hnrDb: 8, intensityDb: 50 }),
      ...voiceReadings({ ...calm, intensityDb: 85, shimmerPct: 5 }),
    ];
    expect(all.map((r) => r.code).sort()).toEqual(['hoarse', 'loud_coarse', 'normal', 'weak_low']);
    for (const r of all) {
      if (typeof r.suggests === 'string') throw new Error(`${r.code}: suggests is not localized`);
      expect(r.suggests.zh).toMatch(/提示/);
      expect(r.suggests.zh).not.toMatch(/[a-z]{3}/i);
      expect(r.suggests.zh).not.toMatch(/诊断|确诊/);
      expect(r.suggests.en).toMatch(/^[A-Z].*suggests/);
      if (r.code !== 'normal') expect(r.suggests.zh).toContain(`提示${r.zh}`);
    }
    const saved = analyzeVoice(encodeWav16([vowel(140, 16000, 2, 0.003)], 16000));
    const legacy = voiceResultSchema.parse({
      ...saved,
      readings: saved.readings.map((r) => ({
        ...r,
        suggests: 'Low speech intensity suggests a weak, low voice (语声低微).',
      })),
    });
    expect(bilingualText(legacy.readings[0]!.suggests, 'zh')).toBe(
      'Low speech intensity suggests a weak, low voice (语声低微).',
    );
  });

  it('hoarse needs two of jitter, shimmer and HNR beyond their limits; the limits are exclusive', () => {
    const T = THRESHOLDS;
    expect(codes({ ...calm, jitterPct: T.jitterPct.value + 0.01 })).toEqual(['normal']);
    expect(codes({ ...calm, jitterPct: T.jitterPct.value + 0.01, shimmerPct: T.shimmerPct.value + 0.01 })).toEqual([
      'hoarse',
    ]);
    expect(codes({ ...calm, jitterPct: T.jitterPct.value, shimmerPct: T.shimmerPct.value })).toEqual(['normal']);
    expect(codes({ ...calm, shimmerPct: 5, hnrDb: T.hnrDb.value - 0.1 })).toEqual(['hoarse']);
    expect(codes({ ...calm, shimmerPct: 5, hnrDb: T.hnrDb.value })).toEqual(['normal']);
    const hoarse = voiceReadings({ ...calm, jitterPct: 2, shimmerPct: 6, hnrDb: 8 })[0]!;
    expect(hoarse.evidence.filter((e) => e.met)).toHaveLength(3);
    expect(hoarse.zh).toBe('声音嘶哑');
  });

  it('weak below 60 dB, loud and coarse above 80 dB only with a rough voice', () => {
    expect(codes({ ...calm, intensityDb: 59.9 })).toEqual(['weak_low']);
    expect(codes({ ...calm, intensityDb: 60 })).toEqual(['normal']);
    expect(codes({ ...calm, intensityDb: 85 })).toEqual(['normal']);
    expect(codes({ ...calm, intensityDb: 85, shimmerPct: 5 })).toEqual(['loud_coarse']);
    expect(codes({ ...calm, intensityDb: 80, shimmerPct: 5 })).toEqual(['normal']);
    // Several readings can hold at once: a quiet, hoarse voice.
    expect(codes({ jitterPct: 2, shimmerPct: 6, hnrDb: 8, intensityDb: 50 })).toEqual(['hoarse', 'weak_low']);
  });

  it('a measure that could not be computed (null) never counts as beyond its limit', () => {
    expect(codes({ jitterPct: null, shimmerPct: null, hnrDb: null, intensityDb: 70 })).toEqual(['normal']);
  });
});

describe('readings end to end on synthetic vowels', () => {
  const read = (x: Float32Array) => analyzeVoice(encodeWav16([x], 16000)).readings.map((r) => r.code);

  it('a clean vowel reads normal, the same vowel 40 dB quieter reads weak', () => {
    expect(read(vowel(140, 16000, 2, 0.3))).toEqual(['normal']);
    expect(read(vowel(140, 16000, 2, 0.003))).toEqual(['weak_low']);
  });

  it('a vowel with period jitter and breath noise reads hoarse', () => {
    const r = analyzeVoice(encodeWav16([vowel(140, 16000, 2, 0.3, 0.02, 0.3)], 16000));
    expect(r.readings.map((x) => x.code)).toContain('hoarse');
    expect(r.jitterLocalPct!).toBeGreaterThan(THRESHOLDS.jitterPct.value);
  });
});
