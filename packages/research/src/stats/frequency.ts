import type { z } from 'zod';
import type { frequencyRowSchema, frequencyTableSchema, numericSummarySchema } from '@tcm/contract';
import {
  type Dataset,
  checkDataset,
  getVariable,
  isMissing,
  isPresent,
  levelsOf,
  numericValue,
  variableIndex,
} from '../dataset.js';
import { Z95 } from './special.js';

/**
 * Wilson score interval for a proportion (Wilson 1927; method 3 of Newcombe 1998). Chosen over
 * the Wald interval because pools often hold rare findings: Wilson stays inside [0, 1] and keeps
 * its coverage at 0 or n successes.
 */
export function wilsonInterval(successes: number, n: number, z = Z95): [number, number] {
  if (n <= 0) return [0, 1];
  const p = successes / n;
  const z2 = z * z;
  const centre = p + z2 / (2 * n);
  const half = z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  const denom = 1 + z2 / n;
  return [Math.max(0, (centre - half) / denom), Math.min(1, (centre + half) / denom)];
}

/** Output shapes are the contract's (research-results.ts), so the job result needs no cast. */
export type FrequencyRow = z.infer<typeof frequencyRowSchema>;
export type FrequencyTable = z.infer<typeof frequencyTableSchema>;
export type NumericSummary = z.infer<typeof numericSummarySchema>;

function row(level: string, count: number, known: number): FrequencyRow {
  const proportion = known > 0 ? count / known : 0;
  return { level, count, proportion, percent: proportion * 100, ci95: wilsonInterval(count, known) };
}

/**
 * One table per variable: binary and categorical variables get counts, percentages and Wilson
 * intervals; numeric ones a summary (a frequency of a blood pressure means nothing).
 * Decision: the denominator is the samples where the variable is recorded, so a finding not
 * asked of half the pool is not halved; `missing` says how many were left out.
 */
export function frequencyTables(
  dataset: Dataset,
  keys: string[] = dataset.variables.map((v) => v.key),
): Array<FrequencyTable | NumericSummary> {
  checkDataset(dataset);
  return keys.map((key) => {
    const variable = getVariable(dataset, key);
    const col = variableIndex(dataset, key);
    const cells = dataset.rows.map((r) => r[col]);
    const known = cells.filter((c) => !isMissing(c));
    const missing = cells.length - known.length;
    if (variable.type === 'numeric') return summarize(key, known.map(numericValue), missing);
    if (variable.type === 'binary') {
      const count = known.filter(isPresent).length;
      return {
        variable: key,
        type: 'binary',
        known: known.length,
        missing,
        rows: [row('present', count, known.length)],
      };
    }
    const counts = new Map<string, number>(levelsOf(dataset, key).map((l) => [l, 0]));
    for (const c of known) counts.set(String(c), (counts.get(String(c)) ?? 0) + 1);
    return {
      variable: key,
      type: 'categorical',
      known: known.length,
      missing,
      rows: [...counts].map(([level, count]) => row(level, count, known.length)),
    };
  });
}

/** Quantiles by linear interpolation between order statistics (R type 7, Excel's QUARTILE). */
function quantile(sorted: number[], q: number): number {
  const h = (sorted.length - 1) * q;
  const lo = Math.floor(h);
  const a = sorted[lo] as number;
  const b = sorted[Math.min(lo + 1, sorted.length - 1)] as number;
  return a + (h - lo) * (b - a);
}

function summarize(variable: string, raw: number[], missing: number): NumericSummary {
  const values = raw.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  const n = values.length;
  const empty = { mean: null, sd: null, min: null, q1: null, median: null, q3: null, max: null };
  if (n === 0) return { variable, type: 'numeric', known: 0, missing, ...empty };
  const mean = values.reduce((s, v) => s + v, 0) / n;
  const sd = n > 1 ? Math.sqrt(values.reduce((s, v) => s + (v - mean) ** 2, 0) / (n - 1)) : null;
  return {
    variable,
    type: 'numeric',
    known: n,
    missing: missing + raw.length - n,
    mean,
    sd,
    min: values[0] as number,
    q1: quantile(values, 0.25),
    median: quantile(values, 0.5),
    q3: quantile(values, 0.75),
    max: values[n - 1] as number,
  };
}
