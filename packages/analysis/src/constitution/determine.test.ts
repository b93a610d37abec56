import { describe, expect, it } from 'vitest';
import type { ConstitutionCode } from '@tcm/contract';
import { balancedVerdict, biasedVerdict, determine } from './determine.js';

const vector = (a: number, b: number, c: number, d: number, e: number, f: number, g: number, h: number, i: number) =>
  ({ A: a, B: b, C: c, D: d, E: e, F: f, G: g, H: h, I: i }) as Record<ConstitutionCode, number>;

describe("the standard's own examples (determination only)", () => {
  it('平和75 气虚56 … -> not balanced; 是气虚质', () => {
    const s = determine(vector(75, 56, 27, 25, 12, 15, 20, 18, 10));
    expect(s).toMatchObject({ balanced: 'no', types: ['B'], tendencies: [], undetermined: false });
    expect(s.text.zh).toBe('是气虚质');
  });
  it('平和75 痰湿32 … -> 基本是平和质，有痰湿质倾向', () => {
    const s = determine(vector(75, 16, 27, 25, 32, 25, 10, 18, 10));
    expect(s).toMatchObject({ balanced: 'basically_yes', types: [], tendencies: ['E'] });
    expect(s.text.zh).toBe('基本是平和质，有痰湿质倾向');
  });
});

describe('verdict boundaries, compared unrounded', () => {
  it('biased: 40 is 是, 39.99 and 39.2857 are 倾向是, 30 is 倾向是, 29.99 is 否', () => {
    expect(biasedVerdict(40)).toBe('yes');
    expect(biasedVerdict(39.99)).toBe('tendency');
    expect(biasedVerdict(((18 - 7) / 28) * 100)).toBe('tendency');
    expect(biasedVerdict(39.999999)).toBe('tendency');
    expect(biasedVerdict(30)).toBe('tendency');
    expect(biasedVerdict(29.99)).toBe('no');
    expect(biasedVerdict(0)).toBe('no');
    expect(biasedVerdict(100)).toBe('yes');
  });

  it('balanced: needs >= 60 and every biased < 30 for 是, < 40 for 基本是', () => {
    const others = (x: number) => [x, 0, 0, 0, 0, 0, 0, 0];
    expect(balancedVerdict(60, others(29.99))).toBe('yes');
    expect(balancedVerdict(59.99, others(0))).toBe('no');
    expect(balancedVerdict(60, others(30))).toBe('basically_yes');
    expect(balancedVerdict(60, others(39.99))).toBe('basically_yes');
    expect(balancedVerdict(100, others(40))).toBe('no');
    // The rule applies to every biased type, not only the first.
    expect(balancedVerdict(90, [0, 0, 0, 0, 0, 0, 0, 30])).toBe('basically_yes');
    expect(balancedVerdict(90, [0, 0, 0, 0, 0, 0, 0, 40])).toBe('no');
  });

  it('labels the case the standard leaves open (平和 否, no biased type >= 30) as undetermined', () => {
    const s = determine(vector(59.99, 29.99, 10, 10, 10, 10, 10, 10, 10));
    expect(s).toMatchObject({ balanced: 'no', types: [], tendencies: [], undetermined: true });
    expect(s.text.zh).toContain('未能判定');
  });

  it('a tendency without any 是 type and without balance is stated as a tendency', () => {
    const s = determine(vector(50, 35, 10, 10, 10, 10, 10, 10, 10));
    expect(s).toMatchObject({ balanced: 'no', types: [], tendencies: ['B'], undetermined: false });
    expect(s.text.zh).toBe('有气虚质倾向');
  });

  it('rejects a score outside 0-100 with the type named', () => {
    expect(() => determine(vector(50, 101, 0, 0, 0, 0, 0, 0, 0))).toThrow(/: B$/);
    expect(() => determine({ A: 50 } as Record<ConstitutionCode, number>)).toThrow(/: B$/);
  });
});
