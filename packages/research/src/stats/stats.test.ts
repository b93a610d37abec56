import { describe, expect, it } from 'vitest';
import { wilsonInterval } from './frequency.js';
import { benjaminiHochberg } from './multiple-testing.js';
import { chiSquareSurvival, logGamma } from './special.js';
import { chiSquareYates, fisherExact, minExpected, oddsRatio, ruleMeasures } from './two-by-two.js';

describe('special functions', () => {
  it('ln Γ matches exact values', () => {
    expect(logGamma(0.5)).toBeCloseTo(Math.log(Math.sqrt(Math.PI)), 13);
    expect(logGamma(10)).toBeCloseTo(Math.log(362880), 12); // 9!
    expect(logGamma(171)).toBeCloseTo(706.5730622457874, 9); // ln 170!
  });

  it('chi-square upper tail gives the critical values of statistical tables', () => {
    // Critical values of the chi-square table: P(χ²₁ > 3.8415) = 0.05, P(χ²₁ > 6.6349) = 0.01,
    // P(χ²₁₀ > 18.307) = 0.05.
    expect(chiSquareSurvival(3.841458820694124, 1)).toBeCloseTo(0.05, 12);
    expect(chiSquareSurvival(6.634896601021214, 1)).toBeCloseTo(0.01, 12);
    expect(chiSquareSurvival(18.307038053275146, 10)).toBeCloseTo(0.05, 12);
    // χ²₁ tail = erfc(√(x/2)); erfc(0.5) = 0.4795001221869535.
    expect(chiSquareSurvival(0.5, 1)).toBeCloseTo(0.4795001221869535, 13);
  });
});

describe('Wilson interval', () => {
  // Newcombe (1998), Stat Med 17:857, Table I, method 3 (score interval without correction).
  it.each([
    [81, 263, 0.2553, 0.3662],
    [15, 148, 0.0624, 0.1605],
    [0, 20, 0.0, 0.1611],
    [1, 29, 0.0061, 0.1718],
  ])('%i/%i → [%f, %f]', (x, n, lo, hi) => {
    const [l, h] = wilsonInterval(x, n);
    expect(l).toBeCloseTo(lo, 4);
    expect(h).toBeCloseTo(hi, 4);
  });
});

describe('2×2 tests', () => {
  // Reference values: scipy 1.17.1, stats.fisher_exact(t).pvalue and
  // stats.chi2_contingency(t, correction=True), which equal R's fisher.test / chisq.test.
  const cases = [
    { t: { a: 3, b: 1, c: 1, d: 3 }, fisher: 0.48571428571428565, chi: 0.5, chiP: 0.47950012218695337 },
    { t: { a: 1, b: 9, c: 11, d: 3 }, fisher: 0.0027594561852200836, chi: 8.4, chiP: 0.00375221010087385 },
    {
      t: { a: 20, b: 80, c: 10, d: 90 },
      fisher: 0.07342758972137636,
      chi: 3.1764705882352944,
      chiP: 0.07470593331213068,
    },
    { t: { a: 0, b: 5, c: 12, d: 30 }, fisher: 0.3087795538153735, chi: 0.7099291383219954, chiP: 0.3994673372571306 },
    {
      t: { a: 50, b: 50, c: 40, d: 60 },
      fisher: 0.20070760013598074,
      chi: 1.6363636363636362,
      chiP: 0.20082512269514174,
    },
  ];
  it.each(cases)('$t', ({ t, fisher, chi, chiP }) => {
    expect(fisherExact(t) / fisher).toBeCloseTo(1, 9);
    const c = chiSquareYates(t);
    expect(c?.statistic).toBeCloseTo(chi, 10);
    expect((c?.p ?? 0) / chiP).toBeCloseTo(1, 9);
  });

  it('Fisher keeps tiny p-values at 100k samples (scipy: 3.1880087779514167e-274)', () => {
    const p = fisherExact({ a: 480, b: 9520, c: 300, d: 89700 });
    expect(p / 3.1880087779514167e-274).toBeCloseTo(1, 6);
  });

  it('Fisher equals the sum over the whole support, computed term by term', () => {
    // Brute force: every table with these margins, hypergeometric probabilities from ln Γ.
    const brute = (a: number, b: number, c: number, d: number): number => {
      const [r1, c1, n] = [a + b, a + c, a + b + c + d];
      const lp = (x: number): number =>
        logGamma(r1 + 1) +
        logGamma(n - r1 + 1) +
        logGamma(c1 + 1) +
        logGamma(n - c1 + 1) -
        logGamma(n + 1) -
        logGamma(x + 1) -
        logGamma(r1 - x + 1) -
        logGamma(c1 - x + 1) -
        logGamma(n - r1 - c1 + x + 1);
      const obs = lp(a);
      let s = 0;
      for (let x = Math.max(0, r1 + c1 - n); x <= Math.min(r1, c1); x++) if (lp(x) <= obs + 1e-7) s += Math.exp(lp(x));
      return s;
    };
    for (const t of [
      [7, 30, 12, 200],
      [0, 40, 9, 300],
      [25, 25, 25, 25],
      [12, 88, 150, 750],
      [3, 0, 0, 3],
    ] as const) {
      const [a, b, c, d] = t;
      expect(fisherExact({ a, b, c, d }) / brute(a, b, c, d)).toBeCloseTo(1, 8);
    }
  });

  it('untestable tables (a zero margin) give null, not NaN', () => {
    expect(chiSquareYates({ a: 0, b: 0, c: 4, d: 6 })).toBeNull();
    expect(oddsRatio({ a: 0, b: 0, c: 4, d: 6 })).toBeNull();
    expect(fisherExact({ a: 0, b: 0, c: 4, d: 6 })).toBe(1);
  });

  it('odds ratio with Woolf interval, and Haldane correction for a zero cell', () => {
    // ad/bc = 20·90/(80·10) = 2.25; SE = √(1/20+1/80+1/10+1/90) = 0.416667;
    // exp(ln 2.25 ± 1.959964·0.416667) = [0.99430, 5.09152].
    const or = oddsRatio({ a: 20, b: 80, c: 10, d: 90 });
    expect(or?.value).toBeCloseTo(2.25, 12);
    expect(or?.ci95[0]).toBeCloseTo(0.9943, 4);
    expect(or?.ci95[1]).toBeCloseTo(5.0915, 4);
    expect(or?.haldane).toBe(false);
    // Zero cell: (0.5·30.5)/(5.5·12.5) = 0.221818…
    const zero = oddsRatio({ a: 0, b: 5, c: 12, d: 30 });
    expect(zero?.haldane).toBe(true);
    expect(zero?.value).toBeCloseTo((0.5 * 30.5) / (5.5 * 12.5), 12);
    expect(Number.isFinite(zero?.ci95[1])).toBe(true);
  });

  it('support, confidence and lift of finding ⇒ syndrome', () => {
    // a=20 of n=200: support 0.1; confidence 20/100 = 0.2; P(syndrome) = 30/200 = 0.15; lift 4/3.
    const r = ruleMeasures({ a: 20, b: 80, c: 10, d: 90 });
    expect(r.support).toBeCloseTo(0.1, 12);
    expect(r.confidence).toBeCloseTo(0.2, 12);
    expect(r.lift).toBeCloseTo(4 / 3, 12);
    expect(minExpected({ a: 20, b: 80, c: 10, d: 90 })).toBeCloseTo(15, 12);
  });
});

describe('Benjamini–Hochberg', () => {
  it('matches R p.adjust(method = "BH") / scipy false_discovery_control', () => {
    // scipy: false_discovery_control([0.01, 0.04, 0.03, 0.2]) = [0.04, 0.0533, 0.0533, 0.2]
    const q = benjaminiHochberg([0.01, 0.04, 0.03, 0.2]);
    [0.04, 0.16 / 3, 0.16 / 3, 0.2].forEach((v, i) => expect(q[i]).toBeCloseTo(v, 12));
  });

  it('skips untestable entries and caps at 1', () => {
    expect(benjaminiHochberg([0.5, null, 0.9])).toEqual([0.9, null, 0.9]);
    expect(benjaminiHochberg([0.8, 0.9])).toEqual([0.9, 0.9]);
  });
});
