import type { Sex, Vitals, VitalsTrend } from '@tcm/contract';
import { bmiOf } from './assess.js';
import { STABLE_WITHIN, bandsOf, distanceToLowRisk, indicator } from './reference-table.js';

type TrendField = VitalsTrend['field'];

export interface DatedVitals {
  date: string;
  time: number;
  vitals: Vitals;
}

const FIELDS: readonly TrendField[] = [
  'weightKg',
  'bmi',
  'systolic',
  'diastolic',
  'pulseRate',
  'heartRate',
  'spo2',
  'glucose',
  'tg',
  'tc',
  'hdl',
  'ldl',
  'uricAcid',
];
const NAMES: Record<TrendField, { zh: string; en: string; unit: string }> = {
  weightKg: { zh: '体重', en: 'Weight', unit: 'kg' },
  ...(Object.fromEntries(
    FIELDS.filter((f) => f !== 'weightKg').map((f) => {
      const d = indicator(f);
      return [f, { zh: d.zh, en: d.en, unit: d.unit }];
    }),
  ) as Record<Exclude<TrendField, 'weightKg'>, { zh: string; en: string; unit: string }>),
};

const valueOf = (v: Vitals, f: TrendField): number | undefined =>
  f === 'bmi'
    ? v.heightCm !== undefined && v.weightKg !== undefined
      ? bmiOf(v.heightCm, v.weightKg)
      : undefined
    : v[f];

const round = (x: number, digits = 2) => Math.round(x * 10 ** digits) / 10 ** digits;

/**
 * Trend of every measure that appears in at least two records (oldest first): change of the latest
 * against the one before and against the first, direction (stable within the table's tolerance),
 * and whether it moved toward or away from the low-risk range.
 */
export function computeTrends(records: readonly DatedVitals[], sex?: Sex): VitalsTrend[] {
  const ordered = [...records].sort((a, b) => a.time - b.time);
  const trends: VitalsTrend[] = [];
  for (const field of FIELDS) {
    const points = ordered.flatMap((r) => {
      const value = valueOf(r.vitals, field);
      return value === undefined ? [] : [{ date: r.date, value }];
    });
    if (points.length < 2) continue;
    const latest = points[points.length - 1]!.value;
    const before = points[points.length - 2]!.value;
    const change = round(latest - before);
    const direction = Math.abs(change) < (STABLE_WITHIN[field] ?? 0) ? 'stable' : change > 0 ? 'up' : 'down';
    const assessment = rate(field, before, latest, direction, sex);
    const name = NAMES[field];
    const signed = `${change > 0 ? '+' : ''}${change} ${name.unit}`;
    const words = {
      improving: ['向正常范围改善', 'moving toward the normal range'],
      worsening: ['偏离正常范围', 'moving away from the normal range'],
      steady: ['风险区间未变', 'risk range unchanged'],
      not_rated: ['', ''],
    }[assessment];
    const dirZh = { up: '上升', down: '下降', stable: '基本稳定' }[direction];
    trends.push({
      field,
      unit: name.unit,
      points,
      change,
      changePercent: before === 0 ? null : round(((latest - before) / before) * 100, 1),
      direction,
      changeSinceFirst: round(latest - points[0]!.value),
      assessment,
      text: {
        zh: `${name.zh}较上次${dirZh}（${signed}）${words[0] ? `，${words[0]}` : ''}`,
        en: `${name.en} ${direction === 'stable' ? 'about the same as' : direction === 'up' ? 'up from' : 'down from'} last time (${signed})${words[1] ? `, ${words[1]}` : ''}`,
      },
    });
  }
  return trends;
}

function rate(
  field: TrendField,
  before: number,
  latest: number,
  direction: string,
  sex?: Sex,
): VitalsTrend['assessment'] {
  if (field === 'weightKg') return 'not_rated'; // weight alone has no range: BMI carries the rating
  if (direction === 'stable') return 'steady';
  const bands = bandsOf(indicator(field), sex);
  const d0 = distanceToLowRisk(bands, before);
  const d1 = distanceToLowRisk(bands, latest);
  return d1 < d0 ? 'improving' : d1 > d0 ? 'worsening' : 'steady';
}
