import { describe, expect, it } from 'vitest';
import type { PersonHistory } from '@tcm/contract';
import { trendHeight, trendOption, trendSeries } from './chart-options.js';

describe('person trends', () => {
  const h: PersonHistory = {
    records: [],
    conclusions: [],
    vitals: [
      { recordId: 'a', date: '2026-10-01T08:00:00.000Z', vitals: { systolic: 150, diastolic: 95, weightKg: 80 } },
      { recordId: 'b', date: '2026-11-01T08:00:00.000Z', vitals: { systolic: 138, glucose: 6.1, weightKg: 78 } },
      // Two records on one day are two points (issue 17: same-day records were grouped and stacked).
      { recordId: 'c', date: '2026-11-20T08:00:00.000Z', vitals: { systolic: 126, diastolic: 82 } },
      { recordId: 'd', date: '2026-11-20T17:30:00.000Z', vitals: { systolic: 131, diastolic: 85 } },
    ],
  };

  it('draws only the measures with two or more values, one point per record, oldest first', () => {
    expect(trendSeries(h)).toEqual([
      {
        field: 'systolic',
        unit: 'mmHg',
        points: [
          ['2026-10-01T08:00:00.000Z', 150],
          ['2026-11-01T08:00:00.000Z', 138],
          ['2026-11-20T08:00:00.000Z', 126],
          ['2026-11-20T17:30:00.000Z', 131],
        ],
      },
      {
        field: 'diastolic',
        unit: 'mmHg',
        points: [
          ['2026-10-01T08:00:00.000Z', 95],
          ['2026-11-20T08:00:00.000Z', 82],
          ['2026-11-20T17:30:00.000Z', 85],
        ],
      },
      {
        field: 'weightKg',
        unit: 'kg',
        points: [
          ['2026-10-01T08:00:00.000Z', 80],
          ['2026-11-01T08:00:00.000Z', 78],
        ],
      },
    ]);
  });

  it('puts each unit on its own axis and panel (issue 17: seven units on one axis)', () => {
    const series = trendSeries(h);
    const o = trendOption(
      series,
      (f) => f,
      (iso) => iso.slice(0, 10),
    );
    expect(o.yAxis.map((y) => y.name)).toEqual(['mmHg', 'kg']);
    expect(o.grid).toHaveLength(2);
    expect(o.xAxis.every((x) => x.type === 'time')).toBe(true);
    expect(o.series.map((s) => [s.name, s.yAxisIndex, s.xAxisIndex])).toEqual([
      ['systolic', 0, 0],
      ['diastolic', 0, 0],
      ['weightKg', 1, 1],
    ]);
    expect(trendHeight(series)).toBeGreaterThan(2 * 100);
  });
});
