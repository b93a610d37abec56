import { describe, expect, it } from 'vitest';
import type { Cell, Dataset } from '../dataset.js';
import { EngineError } from '@tcm/contract';
import { createRng } from '../rng.js';
import { associate } from './association.js';
import { frequencyTables } from './frequency.js';
import { fisherExact } from './two-by-two.js';

/** Builds rows from counts of (finding, syndrome) combinations. */
function fromCounts(cells: Array<[Cell, Cell, number]>): Dataset {
  const rows: Cell[][] = [];
  for (const [f, s, count] of cells) for (let i = 0; i < count; i++) rows.push([f, s]);
  return {
    variables: [
      { key: 'thirst', type: 'binary', kind: 'finding' },
      { key: 'syndrome', type: 'categorical', kind: 'syndrome', levels: ['damp-heat', 'qi-deficiency'] },
    ],
    rows,
  };
}

describe('associate', () => {
  it('counts 2×2 tables per syndrome level, with missing values left out pair by pair', () => {
    const data = fromCounts([
      [true, 'damp-heat', 1],
      [true, 'qi-deficiency', 9],
      [false, 'damp-heat', 11],
      [false, 'qi-deficiency', 3],
      [null, 'damp-heat', 4], // finding not recorded: in no table
      [true, null, 2], // syndrome not recorded: in no table
    ]);
    const result = associate(data);
    expect(result.samples).toBe(30);
    expect(result.syndromes.map((s) => s.level)).toEqual(['damp-heat', 'qi-deficiency']);
    const [dampHeat, qiDeficiency] = result.rows;
    expect(dampHeat?.table).toEqual({ a: 1, b: 9, c: 11, d: 3 });
    expect(qiDeficiency?.table).toEqual({ a: 9, b: 1, c: 3, d: 11 });
    expect(dampHeat?.n).toBe(24);
    // Expected min = 10·12/24 = 5 → chi-square; scipy chi2_contingency(correction=True) p = 0.0037522.
    expect(dampHeat?.test).toBe('chi-square-yates');
    expect(dampHeat?.p).toBeCloseTo(0.00375221010087385, 12);
    expect(dampHeat?.fisherP).toBeCloseTo(0.0027594561852200836, 12);
    // Two tests, the same p: BH leaves it unchanged.
    expect(dampHeat?.q).toBeCloseTo(0.00375221010087385, 12);
    expect(dampHeat?.significant).toBe(true);
    expect(dampHeat?.lift).toBeCloseTo(1 / 10 / (12 / 24), 12);
  });

  it('sends small tables to Fisher (Cochran: an expected count under 5)', () => {
    const result = associate(
      fromCounts([
        [true, 'damp-heat', 3],
        [true, 'qi-deficiency', 1],
        [false, 'damp-heat', 1],
        [false, 'qi-deficiency', 3],
      ]),
    );
    expect(result.rows[0]?.test).toBe('fisher');
    expect(result.rows[0]?.p).toBeCloseTo(34 / 70, 12); // tea-tasting table
  });

  it('agrees with counting each pair directly on a random pool (bitsets across word edges)', () => {
    const rng = createRng(7);
    const n = 1000 + 37; // not a multiple of 32
    const variables = [
      ...Array.from({ length: 6 }, (_, j) => ({ key: `f${j}`, type: 'binary' as const, kind: 'finding' as const })),
      ...Array.from({ length: 3 }, (_, j) => ({ key: `s${j}`, type: 'binary' as const, kind: 'syndrome' as const })),
    ];
    const rows = Array.from({ length: n }, () =>
      variables.map((_, j) => (rng.next() < 0.05 ? null : rng.next() < 0.1 + 0.05 * j)),
    );
    const result = associate({ variables, rows });
    for (const row of result.rows) {
      const fi = variables.findIndex((v) => v.key === row.finding.variable);
      const si = variables.findIndex((v) => v.key === row.syndrome.variable);
      const t = { a: 0, b: 0, c: 0, d: 0 };
      for (const r of rows) {
        if (r[fi] === null || r[si] === null) continue;
        const key = r[fi] ? (r[si] ? 'a' : 'b') : r[si] ? 'c' : 'd';
        t[key]++;
      }
      expect(row.table).toEqual(t);
      expect(row.fisherP).toBeCloseTo(fisherExact(t), 12);
    }
  });

  it('refuses numeric variables and empty choices with a reason', () => {
    const data: Dataset = {
      variables: [
        { key: 'age', type: 'numeric', kind: 'finding' },
        { key: 's', type: 'binary', kind: 'syndrome' },
      ],
      rows: [[40, true]],
    };
    expect(() => associate(data)).toThrow(EngineError);
    expect(() => associate(data, { findings: [] })).toThrow(/at least one finding/);
    expect(() => associate(data, { findings: ['nope'] })).toThrow(/Unknown variable "nope"/);
  });
});

describe('frequencyTables', () => {
  it('counts over recorded samples with Wilson intervals, and summarizes numbers', () => {
    const data: Dataset = {
      variables: [
        { key: 'thirst', type: 'binary' },
        { key: 'tongue', type: 'categorical', levels: ['pale', 'red', 'purple'] },
        { key: 'age', type: 'numeric' },
      ],
      rows: [
        [true, 'red', 30],
        [false, 'red', 40],
        [true, 'pale', null],
        [null, 'red', 50],
        [0, null, 60],
      ],
    };
    const [thirst, tongue, age] = frequencyTables(data);
    expect(thirst).toMatchObject({
      known: 4,
      missing: 1,
      rows: [{ level: 'present', count: 2, proportion: 0.5, percent: 50 }],
    });
    expect(tongue).toMatchObject({ known: 4, missing: 1 });
    expect(tongue && 'rows' in tongue ? tongue.rows.map((r) => [r.level, r.count]) : []).toEqual([
      ['pale', 1],
      ['red', 3],
      ['purple', 0],
    ]);
    // R quantile type 7 of 30, 40, 50, 60: 37.5, 45, 52.5.
    expect(age).toMatchObject({ known: 4, missing: 1, mean: 45, min: 30, q1: 37.5, median: 45, q3: 52.5, max: 60 });
  });
});
