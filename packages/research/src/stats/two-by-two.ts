import type { z } from 'zod';
import type { oddsRatioSchema } from '@tcm/contract';
import { chiSquareSurvival, logFactorialTable, Z95 } from './special.js';

/**
 * A 2×2 table of a finding against a syndrome:
 *
 *               syndrome+  syndrome−
 *   finding+        a          b
 *   finding−        c          d
 */
export interface TwoByTwo {
  a: number;
  b: number;
  c: number;
  d: number;
}

export interface ChiSquareResult {
  statistic: number;
  p: number;
}

/**
 * Pearson's chi-square with Yates' continuity correction, as R's chisq.test: each |O − E| is
 * reduced by min(0.5, |O − E|). null when a margin is zero (no test is possible).
 */
export function chiSquareYates({ a, b, c, d }: TwoByTwo): ChiSquareResult | null {
  const n = a + b + c + d;
  const r1 = a + b;
  const r2 = c + d;
  const c1 = a + c;
  const c2 = b + d;
  if (r1 === 0 || r2 === 0 || c1 === 0 || c2 === 0) return null;
  const diff = Math.abs(a * d - b * c) / n; // |O − E|, the same in all four cells
  const corrected = diff - Math.min(0.5, diff);
  const statistic = (corrected * corrected * n * n * n) / (r1 * r2 * c1 * c2);
  return { statistic, p: chiSquareSurvival(statistic, 1) };
}

/** Smallest expected count; Cochran's rule sends tables with one under 5 to Fisher's test. */
export function minExpected({ a, b, c, d }: TwoByTwo): number {
  const n = a + b + c + d;
  if (n === 0) return 0;
  return (Math.min(a + b, c + d) * Math.min(a + c, b + d)) / n;
}

/**
 * Two-sided Fisher's exact test: the probability, under the hypergeometric law of the margins,
 * of every table no more likely than the one observed (relative tolerance 1e-7, as R). Instead of
 * summing the whole support (up to 50k terms at 100k samples), it walks out from the observed
 * table and from the mirror point on the other side of the mode, stopping once terms fall below
 * 1e-17 of the observed probability: the law is unimodal, so what is left cannot matter.
 * `logFactorials` (from logFactorialTable(n) or larger) lets a batch share one table.
 */
export function fisherExact(table: TwoByTwo, logFactorials?: Float64Array): number {
  const { a, b, c, d } = table;
  const n = a + b + c + d;
  const r1 = a + b;
  const c1 = a + c;
  const lo = Math.max(0, r1 + c1 - n);
  const hi = Math.min(r1, c1);
  if (hi === lo) return 1;
  const lf = logFactorials && logFactorials.length > n ? logFactorials : logFactorialTable(n);
  const f = (k: number): number => lf[k] as number;
  const constant = f(r1) + f(n - r1) + f(c1) + f(n - c1) - f(n);
  const logP = (x: number): number => constant - f(x) - f(r1 - x) - f(c1 - x) - f(n - r1 - c1 + x);
  const mode = Math.min(hi, Math.max(lo, Math.floor(((r1 + 1) * (c1 + 1)) / (n + 2))));
  const observed = logP(a);
  const threshold = observed + 1e-7;
  const d0 = n - r1 - c1;
  // Terms relative to the observed probability; neighbors by the hypergeometric ratio
  // P(x+1)/P(x) = (r1−x)(c1−x) / ((x+1)(d0+x+1)), which needs no exp or look-up per term.
  let sum = 0;
  // Left side: logP rises on [lo, mode]; the tables no likelier than observed are x ≤ xl.
  const xl = largestAtMost(lo, mode, threshold, logP);
  if (xl >= lo) {
    let t = Math.exp(logP(xl) - observed);
    for (let x = xl; x >= lo && t > 1e-17; x--) {
      sum += t;
      t *= (x * (d0 + x)) / ((r1 - x + 1) * (c1 - x + 1));
    }
  }
  // Right side: logP falls on [mode + 1, hi]; those no likelier are x ≥ xr.
  const xr = smallestAtMost(mode + 1, hi, threshold, logP);
  if (xr <= hi) {
    let t = Math.exp(logP(xr) - observed);
    for (let x = xr; x <= hi && t > 1e-17; x++) {
      sum += t;
      t *= ((r1 - x) * (c1 - x)) / ((x + 1) * (d0 + x + 1));
    }
  }
  // sum ≥ 1: the observed table itself is always counted.
  return Math.min(1, Math.exp(observed + Math.log(sum)));
}

/** Largest x in [lo, hi] with g(x) ≤ t, g non-decreasing; lo − 1 when none. */
function largestAtMost(lo: number, hi: number, t: number, g: (x: number) => number): number {
  if (g(lo) > t) return lo - 1;
  let left = lo;
  let right = hi;
  while (left < right) {
    const mid = Math.ceil((left + right) / 2);
    if (g(mid) <= t) left = mid;
    else right = mid - 1;
  }
  return left;
}

/** Smallest x in [lo, hi] with g(x) ≤ t, g non-increasing; hi + 1 when none. */
function smallestAtMost(lo: number, hi: number, t: number, g: (x: number) => number): number {
  if (lo > hi || g(hi) > t) return hi + 1;
  let left = lo;
  let right = hi;
  while (left < right) {
    const mid = Math.floor((left + right) / 2);
    if (g(mid) <= t) right = mid;
    else left = mid + 1;
  }
  return left;
}

/** `haldane`: a cell was zero and 0.5 was added to every cell (Haldane–Anscombe). */
export type OddsRatio = z.infer<typeof oddsRatioSchema>;

/**
 * Odds ratio ad/bc with Woolf's 95 % interval exp(ln OR ± z·√(1/a + 1/b + 1/c + 1/d)).
 * Decision: a zero cell gets the Haldane–Anscombe correction (0.5 added to all four cells), so
 * a finding seen only with one syndrome still gets a finite, flagged estimate; null when a whole
 * margin is zero, since then there is nothing to compare.
 */
export function oddsRatio({ a, b, c, d }: TwoByTwo): OddsRatio | null {
  if (a + b === 0 || c + d === 0 || a + c === 0 || b + d === 0) return null;
  const haldane = a === 0 || b === 0 || c === 0 || d === 0;
  const k = haldane ? 0.5 : 0;
  const [A, B, C, D] = [a + k, b + k, c + k, d + k];
  const log = Math.log((A * D) / (B * C));
  const se = Math.sqrt(1 / A + 1 / B + 1 / C + 1 / D);
  return { value: Math.exp(log), ci95: [Math.exp(log - Z95 * se), Math.exp(log + Z95 * se)], haldane };
}

export interface RuleMeasures {
  /** P(finding ∧ syndrome) = a / n. */
  support: number;
  /** P(syndrome | finding) = a / (a + b); null when the finding is never present. */
  confidence: number | null;
  /** confidence / P(syndrome); null when either is undefined. */
  lift: number | null;
}

/** Association-rule measures of "finding ⇒ syndrome". */
export function ruleMeasures({ a, b, c, d }: TwoByTwo): RuleMeasures {
  const n = a + b + c + d;
  if (n === 0) return { support: 0, confidence: null, lift: null };
  const confidence = a + b > 0 ? a / (a + b) : null;
  const pSyndrome = (a + c) / n;
  return {
    support: a / n,
    confidence,
    lift: confidence === null || pSyndrome === 0 ? null : confidence / pSyndrome,
  };
}
