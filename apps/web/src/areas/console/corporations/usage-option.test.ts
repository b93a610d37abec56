import { describe, expect, it } from 'vitest';
import type { UsageDay } from '@tcm/contract';
import { usageOption } from './UsageDrawer.js';

describe('corporation usage chart', () => {
  it('stacks the calls of each operation per day and draws errors and analyses as lines, in the reader’s words', () => {
    const days: UsageDay[] = [
      { day: '2026-11-25', calls: { submit: 3, task: 9 }, errors: 1, analyses: 3 },
      { day: '2026-11-26', calls: { usage: 2, h5: 1 }, errors: 0, analyses: 0 },
    ];
    const o = usageOption(
      days,
      (k) => `<${k}>`,
      (d) => d.slice(5),
    );
    expect(o.xAxis.data).toEqual(['11-25', '11-26']);
    expect(o.series.map((s) => [s.name, s.type, s.data])).toEqual([
      ['<corporations.op.submit>', 'bar', [3, 0]],
      ['<corporations.op.task>', 'bar', [9, 0]],
      ['<corporations.op.usage>', 'bar', [0, 2]],
      ['<corporations.op.h5>', 'bar', [0, 1]],
      ['<corporations.errors>', 'line', [1, 0]],
      ['<corporations.analyses>', 'line', [3, 0]],
    ]);
  });
});
