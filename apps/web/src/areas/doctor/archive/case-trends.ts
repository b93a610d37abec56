import {
  constitutionWord,
  doneResult,
  hasResults,
  shownScore,
  type CaseDetail,
  type ConstitutionCode,
  type VitalsField,
} from '@tcm/contract';

// The case page's trends across visits (issue 33 item 2), as plain ECharts options (pure: tested
// without a canvas). Each visit contributes the results of its linked records.

/** The unit of a measure; measures of one unit share a panel and its axis. */
export type TrendUnit = 'mmHg' | 'bpm' | 'kg' | 'percent' | 'mmol' | 'score';

/** Vitals drawn across visits, with their units (the record's entered values). */
const VITALS: readonly [VitalsField, TrendUnit][] = [
  ['systolic', 'mmHg'],
  ['diastolic', 'mmHg'],
  ['heartRate', 'bpm'],
  ['pulseRate', 'bpm'],
  ['weightKg', 'kg'],
  ['spo2', 'percent'],
  ['glucose', 'mmol'],
];

export type TrendKey = `vitals.${VitalsField}` | 'pulse.rate' | `constitution.${ConstitutionCode}`;

export interface TrendSeries {
  key: TrendKey;
  unit: TrendUnit;
  /** One value per visit of `CaseTrends.visits`, null where that visit has none. */
  values: (number | null)[];
}

export interface CaseTrends {
  visits: { id: string; number: number; visitDate: string }[];
  series: TrendSeries[];
}

/**
 * The numeric results of the case's visits: the vitals entered, the pulse engine's rate and the
 * constitution's converted scores (0–100, `shownScore`, as the radar and the PDF show them). A
 * visit with several records takes the latest value of each measure; records without results
 * (queued, running, failed) give none. Only measures with values at two visits or more are kept,
 * and only the visits that give one of them.
 */
export function caseTrends(c: Pick<CaseDetail, 'visits'>): CaseTrends {
  const visits = [...c.visits].sort((a, b) => a.visitDate.localeCompare(b.visitDate) || a.number - b.number);
  const perVisit = visits.map((v) => {
    const got = new Map<TrendKey, [TrendUnit, number]>();
    const records = v.records
      .filter((r) => hasResults(r.status))
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    for (const r of records) {
      for (const [field, unit] of VITALS) {
        const x = r.vitals?.[field];
        if (typeof x === 'number') got.set(`vitals.${field}`, [unit, x]);
      }
      const pulse = doneResult(r.results, 'pulse');
      if (pulse) got.set('pulse.rate', ['bpm', Math.round(pulse.rateBpm)]);
      const constitution = doneResult(r.results, 'constitution');
      for (const s of constitution?.scales ?? [])
        got.set(`constitution.${s.code}`, ['score', shownScore('score.constitution', s.display)]);
    }
    return got;
  });
  const units = new Map<TrendKey, TrendUnit>();
  for (const got of perVisit) for (const [k, [u]] of got) units.set(k, u);
  const kept = [...units].filter(([k]) => perVisit.filter((g) => g.has(k)).length >= 2);
  const shown = visits.map((_, i) => kept.some(([k]) => perVisit[i]!.has(k)));
  return {
    visits: visits.filter((_, i) => shown[i]).map((v) => ({ id: v.id, number: v.number, visitDate: v.visitDate })),
    series: kept.map(([key, unit]) => ({
      key,
      unit,
      values: perVisit.filter((_, i) => shown[i]).map((g) => g.get(key)?.[1] ?? null),
    })),
  };
}

/** The words a chart needs, in the reader's language. */
export interface TrendWords {
  lang: 'zh' | 'en';
  /** A vitals field's name (`record.vitals.*`). */
  vitals: (f: VitalsField) => string;
  pulseRate: string;
  /** An axis name with its unit, e.g. "血压（mmHg）". */
  axis: (u: TrendUnit) => string;
  /** A visit's label on the x axis, e.g. "2026-11-20 初诊". */
  visit: (v: CaseTrends['visits'][number]) => string;
}

export function seriesName(key: TrendKey, w: TrendWords): string {
  if (key === 'pulse.rate') return w.pulseRate;
  const [kind, id] = key.split('.') as ['vitals' | 'constitution', string];
  return kind === 'vitals' ? w.vitals(id as VitalsField) : constitutionWord(id as ConstitutionCode, w.lang);
}

/** Height of one unit's panel, px. */
export const PANEL_PX = 170;

/** Small multiples: one panel per unit, each axis named with its unit, the visits along x. */
export function caseTrendOption(t: CaseTrends, w: TrendWords) {
  const units = [...new Set(t.series.map((s) => s.unit))];
  const top = 36;
  const labels = t.visits.map(w.visit);
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0, type: 'scroll' },
    grid: units.map((_, i) => ({ left: 64, right: 16, top: top + i * PANEL_PX, height: PANEL_PX - 56 })),
    xAxis: units.map((_, i) => ({ type: 'category', gridIndex: i, data: labels, axisLabel: { hideOverlap: true } })),
    yAxis: units.map((u, i) => ({
      type: 'value',
      gridIndex: i,
      scale: u !== 'score',
      ...(u === 'score' ? { min: 0, max: 100 } : {}),
      name: w.axis(u),
      nameGap: 10,
      nameTextStyle: { align: 'left' },
    })),
    series: t.series.map((s) => ({
      type: 'line',
      name: seriesName(s.key, w),
      xAxisIndex: units.indexOf(s.unit),
      yAxisIndex: units.indexOf(s.unit),
      connectNulls: true,
      data: s.values,
    })),
  };
}

export const caseTrendHeight = (t: CaseTrends) => 36 + new Set(t.series.map((s) => s.unit)).size * PANEL_PX;
