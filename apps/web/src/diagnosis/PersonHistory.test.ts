import { describe, expect, it } from 'vitest';
import type { PersonHistory } from '@tcm/contract';
import { trendSeries } from './PersonHistory.js';

describe('person trends', () => {
  it('draws only the measures with two or more values, oldest first by date', () => {
    const h: PersonHistory = {
      records: [],
      conclusions: [],
      vitals: [
        { recordId: 'a', date: '2026-10-01T08:00:00Z', vitals: { systolic: 150, diastolic: 95, weightKg: 80 } },
        { recordId: 'b', date: '2026-11-01T08:00:00Z', vitals: { systolic: 138, glucose: 6.1 } },
        { recordId: 'c', date: '2026-11-20T08:00:00Z', vitals: { systolic: 126, diastolic: 82 } },
      ],
    };
    expect(trendSeries(h)).toEqual([
      {
        field: 'systolic',
        points: [
          ['2026-10-01', 150],
          ['2026-11-01', 138],
          ['2026-11-20', 126],
        ],
      },
      {
        field: 'diastolic',
        points: [
          ['2026-10-01', 95],
          ['2026-11-20', 82],
        ],
      },
    ]);
  });
});
