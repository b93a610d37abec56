import { describe, expect, it } from 'vitest';
import { featureRows, loc, num, pct } from './result-format.js';

describe('result formatting', () => {
  it('lists labelled features with probabilities sorted and every measured value as evidence', () => {
    const rows = featureRows({
      bodyColor: {
        label: 'pale',
        score: 0.8,
        probabilities: { light_red: 0.15, pale: 0.8, red: 0.05, crimson: 0, purple: 0 },
        method: 'model',
        evidence: { meanA: 12.5 },
        lab: { L: 61.2, a: 12.5, b: 9 },
      },
      coatingThickness: {
        label: 'thin',
        score: 0.2,
        probabilities: { thin: 0.9, thick: 0.1 },
        method: 'rule',
        evidence: {},
        coverage: 0.4,
      },
      pixels: 12000,
    });
    expect(rows.map((r) => r.name)).toEqual(['bodyColor', 'coatingThickness']);
    expect(rows[0]!.probabilities.map(([l]) => l)).toEqual(['pale', 'light_red', 'red', 'crimson', 'purple']);
    expect(rows[0]!.evidence).toEqual([
      ['meanA', 12.5],
      ['lab.L', 61.2],
      ['lab.a', 12.5],
      ['lab.b', 9],
    ]);
    expect(rows[1]!.evidence).toEqual([['coverage', 0.4]]);
    expect(featureRows({})).toEqual([]);
  });

  it('formats numbers, percentages and zh/en texts', () => {
    expect(num(3)).toBe('3');
    expect(num(0.123456)).toBe('0.123');
    expect(num(12.3456)).toBe('12.35');
    expect(num(123.456)).toBe('123.5');
    expect(pct(0.834)).toBe('83%');
    expect(num(12345.6, 'en')).toBe('12,345.6');
    expect(loc({ zh: '淡白', en: 'pale' }, 'en')).toBe('pale');
    expect(loc({ zh: '淡白', en: 'pale' }, 'zh')).toBe('淡白');
  });
});
