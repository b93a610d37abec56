import { describe, expect, it } from 'vitest';
import type { Finding } from '@tcm/contract';
import { normalizeFindings } from './findings.js';
import { PATTERNS } from './knowledge-base.js';
import { rankPatterns, scorePattern } from './score-patterns.js';

const f = (key: string, value: string | boolean | number, confidence = 1): Finding => ({ key, value, confidence });
const norm = (list: Finding[]) => normalizeFindings(list).findings;
const top = (list: Finding[]) => rankPatterns(norm(list))[0]?.id;
const pattern = (id: string) => PATTERNS.find((p) => p.id === id)!;

const yangDeficient = [
  f('tongue.bodyColor', 'pale'),
  f('tongue.shape', 'swollen'),
  f('tongue.moisture', 'moist'),
  f('tongue.coatingColor', 'white'),
  f('face.complexion', 'pale'),
  f('pulse.rateClass', 'slow'),
  f('pulse.depth', 'deep'),
];

describe('textbook presentations rank their pattern first', () => {
  it('pale swollen moist tongue, pale complexion, slow deep pulse -> 阳虚证', () => {
    expect(top(yangDeficient)).toBe('yang_deficiency');
  });
  it('red tongue, yellow greasy thick coating, slippery rapid pulse -> 湿热证', () => {
    expect(
      top([
        f('tongue.bodyColor', 'red'),
        f('tongue.coatingColor', 'yellow'),
        f('tongue.greasy', true),
        f('tongue.coatingThickness', 'thick'),
        f('pulse.shape', 'slippery'),
        f('pulse.rateClass', 'rapid'),
        f('face.complexion', 'yellow'),
      ]),
    ).toBe('damp_heat');
  });
  it('purple tongue and dark-purple lips -> 血瘀证', () => {
    expect(
      top([f('tongue.bodyColor', 'purple'), f('face.lipColor', 'dark_purple'), f('pulse.rhythm', 'knotted')]),
    ).toBe('blood_stasis');
  });
  it('red peeled cracked dry thin tongue, thin rapid pulse -> 阴虚证', () => {
    expect(
      top([
        f('tongue.bodyColor', 'red'),
        f('tongue.peeled', true),
        f('tongue.cracks', 'severe'),
        f('tongue.moisture', 'dry'),
        f('tongue.shape', 'thin'),
        f('pulse.shape', 'thin'),
        f('pulse.rateClass', 'rapid'),
      ]),
    ).toBe('yin_deficiency');
  });
  it('greasy thick coating, slippery pulse, high phlegm-damp score, obesity -> 痰湿证', () => {
    expect(
      top([
        f('tongue.greasy', true),
        f('tongue.coatingThickness', 'thick'),
        f('pulse.shape', 'slippery'),
        f('inquiry.constitution.E', 55),
        f('vitals.bmi', 'obese'),
      ]),
    ).toBe('phlegm_dampness');
  });
  it('wiry pulse with a high qi-stagnation score -> 气滞证', () => {
    expect(top([f('pulse.shape', 'wiry'), f('inquiry.constitution.H', 50), f('tongue.bodyColor', 'light_red')])).toBe(
      'qi_stagnation',
    );
  });
});

describe('scoring rules', () => {
  it('an opposing finding lowers the score and is listed as opposing evidence', () => {
    const base = scorePattern(pattern('yang_deficiency'), norm(yangDeficient));
    const withHeat = scorePattern(
      pattern('yang_deficiency'),
      norm([...yangDeficient, f('pulse.shape', 'surging'), f('tongue.coatingColor', 'yellow')]),
    );
    expect(withHeat.score).toBeLessThan(base.score);
    expect(withHeat.evidence.find((e) => e.key === 'tongue.coatingColor' && e.value === 'yellow')).toMatchObject({
      role: 'opposes',
      weight: -1,
    });
  });

  it('a finding’s confidence scales its contribution', () => {
    const sure = scorePattern(pattern('blood_stasis'), norm([f('tongue.bodyColor', 'purple', 1)]));
    const unsure = scorePattern(pattern('blood_stasis'), norm([f('tongue.bodyColor', 'purple', 0.5)]));
    expect(unsure.evidence[0]!.contribution).toBeCloseTo(sure.evidence[0]!.contribution / 2, 6);
    expect(unsure.confidence).toBeCloseTo(sure.confidence / 2, 2);
  });

  it('a missing modality lowers confidence and is named, but the result stands', () => {
    const all = scorePattern(pattern('yang_deficiency'), norm(yangDeficient));
    const noPulse = scorePattern(
      pattern('yang_deficiency'),
      norm(yangDeficient.filter((x) => !x.key.startsWith('pulse.'))),
    );
    expect(noPulse.confidence).toBeLessThan(all.confidence);
    expect(noPulse.coverage).toBeLessThan(all.coverage);
    expect(noPulse.missingModalities).toContain('pulse');
    expect(all.missingModalities).not.toContain('pulse');
    expect(noPulse.summary.en).toContain('no ');
    expect(noPulse.score).toBeGreaterThan(0);
  });

  it('scores stay within 0-1 and evidence carries value, weight and text', () => {
    for (const p of rankPatterns(norm(yangDeficient), 20)) {
      for (const x of [p.score, p.fit, p.coverage, p.confidence]) expect(x >= 0 && x <= 1).toBe(true);
      for (const e of p.evidence) expect(e.text.zh && e.text.en && typeof e.weight === 'number').toBeTruthy();
    }
  });

  it('no findings: no patterns, no crash', () => {
    expect(rankPatterns([])).toEqual([]);
  });

  it('only opposing findings never surface a pattern', () => {
    const ids = rankPatterns(norm([f('voice.reading', 'loud_coarse')])).map((p) => p.id);
    expect(ids).not.toContain('qi_deficiency');
  });
});
