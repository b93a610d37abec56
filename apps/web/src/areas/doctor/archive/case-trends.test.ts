import { describe, expect, it } from 'vitest';
import { constitutionWord, doneResult, shownScore, type RecordDetail, type VisitDetail } from '@tcm/contract';
import { doneRecord, doneRecordResults } from '../../../record/fixtures/done-record.js';
import { caseTrendOption, caseTrends, type TrendWords } from './case-trends.js';

// A record with the real engines' outcomes (the saved fixture) and the given vitals and time.
const rec = (createdAt: string, vitals: RecordDetail['vitals'], over: Partial<RecordDetail> = {}): RecordDetail => ({
  ...doneRecord(),
  id: `r-${createdAt}`,
  createdAt,
  vitals,
  ...over,
});
const visit = (number: number, visitDate: string, records: RecordDetail[]) =>
  ({ id: `v${number}`, number, visitDate, records }) as unknown as VisitDetail;

const pulse = Math.round(doneResult(doneRecordResults, 'pulse')!.rateBpm);
const scales = doneResult(doneRecordResults, 'constitution')!.scales;

describe('case trends across visits', () => {
  const c = {
    visits: [
      // Out of order on purpose: the trend follows the visit dates.
      visit(2, '2026-11-27', [
        rec('2026-11-27T02:00:00Z', { systolic: 140, diastolic: 90 }),
        rec('2026-11-27T03:00:00Z', { systolic: 135, diastolic: 88 }),
        // A record without results gives nothing, even when it is the newest.
        rec('2026-11-27T04:00:00Z', { systolic: 200, diastolic: 100 }, { status: 'failed' }),
      ]),
      visit(1, '2026-11-20', [rec('2026-11-20T02:00:00Z', { systolic: 150, diastolic: 95, weightKg: 70 })]),
      visit(3, '2026-12-01', []),
    ],
  };

  it('takes each visit’s latest value of each measure, in visit order, measures of two visits or more', () => {
    const t = caseTrends(c);
    expect(t.visits.map((v) => v.visitDate)).toEqual(['2026-11-20', '2026-11-27']);
    const byKey = Object.fromEntries(t.series.map((s) => [s.key, [s.unit, s.values]]));
    expect(byKey['vitals.systolic']).toEqual(['mmHg', [150, 135]]);
    expect(byKey['vitals.diastolic']).toEqual(['mmHg', [95, 88]]);
    // One visit only: no trend.
    expect(byKey['vitals.weightKg']).toBeUndefined();
    expect(byKey['pulse.rate']).toEqual(['bpm', [pulse, pulse]]);
    for (const s of scales) {
      const v = shownScore('score.constitution', s.display);
      expect(byKey[`constitution.${s.code}`]).toEqual(['score', [v, v]]);
    }
  });

  it('has no trend with fewer than two visits giving a value', () => {
    expect(caseTrends({ visits: [c.visits[1]!, c.visits[2]!] })).toEqual({ visits: [], series: [] });
  });

  it('draws one panel per unit, each axis named with its unit, the constitution on 0–100', () => {
    const t = caseTrends(c);
    const w: TrendWords = {
      lang: 'en',
      vitals: (f) => `V:${f}`,
      pulseRate: 'Pulse rate (pulse capture)',
      axis: (u) => `axis ${u}`,
      visit: (v) => `${v.visitDate} #${v.number}`,
    };
    const o = caseTrendOption(t, w);
    expect(o.yAxis.map((y) => y.name)).toEqual(['axis mmHg', 'axis bpm', 'axis score']);
    expect(o.yAxis[2]).toMatchObject({ min: 0, max: 100 });
    expect(o.xAxis[0]!.data).toEqual(['2026-11-20 #1', '2026-11-27 #2']);
    const names = o.series.map((s) => s.name);
    expect(names.slice(0, 3)).toEqual(['V:systolic', 'V:diastolic', 'Pulse rate (pulse capture)']);
    expect(names).toContain(constitutionWord(scales[0]!.code, 'en'));
    expect(o.series.find((s) => s.name === 'Pulse rate (pulse capture)')!.yAxisIndex).toBe(1);
  });
});
