import { describe, expect, it } from 'vitest';
import { DISEASE_KNOWLEDGE } from '@tcm/contract';
import { PATTERNS, VOCABULARY } from '@tcm/analysis/synthesis';
import { levelOf, scoreScreening, type PersonFinding } from './screening-score.js';

// The scoring model of docs/disease.md, checked against sums worked out by hand from the shipped
// hypertension and insomnia definitions (packages/contract/src/data/diseases.json).

const def = (id: string) => DISEASE_KNOWLEDGE.diseases.find((d) => d.id === id)!;
const f = (key: string, value: string | number | boolean, confidence: number, recordId = 'r1'): PersonFinding => ({
  modality: key.split('.')[0] as PersonFinding['modality'],
  key,
  value,
  confidence,
  recordId,
});

describe('disease screening score', () => {
  it('hypertension: points, most possible, risk, level, coverage and shares as computed by hand', () => {
    const d = def('hypertension');
    // Sign keys and their largest points: bloodPressure 4, bmi 1, pulse.shape 2, tongue.bodyColor 1,
    // face.complexion 1 = 9; questions family 2, salt 1, dizzy 2 = 5; most possible 14.
    const findings = [
      f('vitals.bloodPressure', 'high_normal', 1), // 2 x 1 = 2
      f('vitals.bmi', 'normal', 1), // no sign matches: 0, but observed
      f('pulse.shape', 'wiry', 0.8), // 2 x 0.8 = 1.6
      f('pulse.shape', 'thin', 0.8), // not a hypertension sign
      f('tongue.bodyColor', 'red', 0.7), // 1 x 0.7 = 0.7
    ];
    const r = scoreScreening(d, d.patterns, findings, { family: 'yes', salt: 'no', dizzy: 'yes' });
    // 2 + 1.6 + 0.7 + 2 (family) + 2 (dizzy) = 8.3; 8.3 / 14 = 0.5929 -> high (>= 0.55).
    expect(r.points).toBe(8.3);
    expect(r.maxPoints).toBe(14);
    expect(r.risk).toBe(0.593);
    expect(r.level).toBe('high');
    // Observed sign keys 4 + 1 + 2 + 1 = 8 of 9.
    expect(r.coverage).toBe(0.889);
    expect(r.missingModalities).toEqual(['face']);
    expect(r.evidence.map((e) => [e.kind, e.key, e.value, e.contribution, e.share])).toEqual([
      ['finding', 'vitals.bloodPressure', 'high_normal', 2, 0.241],
      ['answer', 'family', 'yes', 2, 0.241],
      ['answer', 'dizzy', 'yes', 2, 0.241],
      ['finding', 'pulse.shape', 'wiry', 1.6, 0.193],
      ['finding', 'tongue.bodyColor', 'red', 0.7, 0.084],
    ]);
    expect(r.evidence[0]).toMatchObject({ points: 2, confidence: 1, source: 'HTN-CN-2018', recordId: 'r1' });
    expect(r.evidence[0]!.text.zh).toBeTruthy();
    expect(r.evidence[1]!.text.en).toMatch(/hypertension\? Yes$/);
  });

  it('a key counts once, with its best sign: high blood pressure 4, not 4 + 2', () => {
    const d = def('hypertension');
    const r = scoreScreening(
      d,
      d.patterns,
      [f('vitals.bloodPressure', 'high_normal', 1, 'old'), f('vitals.bloodPressure', 'high', 0.9, 'new')],
      { family: 'no', salt: 'no', dizzy: 'no' },
    );
    // max(2 x 1, 4 x 0.9 = 3.6) = 3.6; 3.6 / 14 = 0.257 -> low (< 0.3).
    expect(r.evidence.map((e) => [e.value, e.contribution, e.recordId])).toEqual([['high', 3.6, 'new']]);
    expect([r.points, r.risk, r.level]).toEqual([3.6, 0.257, 'low']);
    expect(r.missingModalities).toEqual(['tongue', 'face', 'pulse']);
  });

  it('insomnia: a questionnaire score range and the answers; patterns without rules have no fit', () => {
    const d = def('insomnia');
    // Signs: bodyColor 1, rateClass 1, pulse.shape 1, constitution H 1, constitution D 1 = 5;
    // questions nights 4, daytime 2, months 2 = 8; most possible 13.
    const r = scoreScreening(
      d,
      d.patterns,
      [f('inquiry.constitution.H', 52.5, 1), f('inquiry.constitution.D', 39.9, 1)],
      { nights: 'yes', daytime: 'yes', months: 'no' },
    );
    // H 52.5 >= 40: 1; D 39.9 < 40: 0; answers 4 + 2 -> 7 / 13 = 0.538 -> medium.
    expect([r.points, r.maxPoints, r.risk, r.level]).toEqual([7, 13, 0.538, 'medium']);
    expect(r.coverage).toBe(0.4);
    const fit = Object.fromEntries(r.patterns.map((p) => [p.id, p.score]));
    expect(fit.heart_spleen_deficiency).toBeNull();
    expect(typeof fit.liver_fire).toBe('number');
  });

  it('levels at the thresholds', () => {
    expect([levelOf(0.299), levelOf(0.3), levelOf(0.549), levelOf(0.55)]).toEqual(['low', 'medium', 'medium', 'high']);
  });
});

describe('shipped disease knowledge', () => {
  it('names only finding keys and values of the synthesis vocabulary, known sources and known pattern ids', () => {
    const sources = new Set(Object.keys(DISEASE_KNOWLEDGE.sources));
    for (const d of DISEASE_KNOWLEDGE.diseases) {
      for (const s of d.signs) {
        const entry = VOCABULARY[s.key];
        expect(entry, `${d.id} ${s.key}`).toBeDefined();
        for (const v of s.is ?? []) expect(Object.keys(entry!.values ?? {}), `${d.id} ${s.key}`).toContain(String(v));
        expect(sources, `${d.id} sign source`).toContain(s.source);
      }
      for (const id of [...d.sources, ...d.questions.map((q) => q.source), ...d.patterns.flatMap((p) => p.sources)])
        expect(sources, `${d.id} source ${id}`).toContain(id);
      expect(
        d.patterns.some((p) => PATTERNS.some((k) => k.id === p.id)),
        `${d.id} has a scored pattern`,
      ).toBe(true);
    }
  });
});
