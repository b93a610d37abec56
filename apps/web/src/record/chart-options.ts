import {
  constitutionWord,
  shownScore,
  type ConstitutionResult,
  type PersonHistory,
  type PulseWave,
  type VitalsField,
} from '@tcm/contract';
import { VITALS_FIELDS } from './VitalsForm.js';

// The result page's charts as plain ECharts options (pure: tested without a canvas). Issue 17:
// the constitution radar and the pulse waveform existed only in the PDF, and the trend chart put
// seven measures of different units on one axis and grouped records by day.

type Lang = 'zh' | 'en';

/**
 * The nine constitution scores on a radar, as the PDF draws them: the converted 0–100 score of
 * each type (the contract's one direction, `shownScore`), the standard's "yes" line at 40.
 */
export function radarOption(r: ConstitutionResult, lang: Lang, names: { score: string; threshold: string }) {
  const indicator = r.scales.map((s) => ({ name: constitutionWord(s.code, lang), max: 100 }));
  return {
    tooltip: { trigger: 'item' },
    legend: { bottom: 0, data: [names.score, names.threshold] },
    radar: { indicator, radius: '62%', center: ['50%', '48%'], axisName: { fontSize: 11 } },
    series: [
      {
        type: 'radar',
        data: [
          { name: names.score, value: r.scales.map((s) => shownScore('score.constitution', s.display)) },
          {
            name: names.threshold,
            value: r.scales.map(() => 40),
            lineStyle: { type: 'dashed', width: 1 },
            symbol: 'none',
            areaStyle: undefined,
          },
        ],
      },
    ],
  };
}

/** The pulse waveform the PDF draws: seconds along x, the sensor's own units (normalized away) up. */
export function waveOption(w: PulseWave, secondsName: string) {
  return {
    animation: false,
    grid: { left: 12, right: 12, top: 8, bottom: 28 },
    xAxis: { type: 'value', min: 0, max: (w.samples.length - 1) / w.rateHz, name: secondsName, nameGap: 4 },
    yAxis: { type: 'value', scale: true, axisLabel: { show: false }, splitLine: { show: true } },
    series: [
      {
        type: 'line',
        showSymbol: false,
        lineStyle: { width: 1 },
        data: w.samples.map((v, i) => [Math.round((i / w.rateHz) * 1000) / 1000, v]),
      },
    ],
  };
}

/** Measures drawn as trends when the person has at least two values of them. */
const TREND_FIELDS: readonly VitalsField[] = [
  'systolic',
  'diastolic',
  'weightKg',
  'pulseRate',
  'heartRate',
  'glucose',
  'spo2',
];
const UNIT = Object.fromEntries(VITALS_FIELDS.map((f) => [f.field, f.unit])) as Record<VitalsField, string>;

export interface TrendSeries {
  field: VitalsField;
  unit: string;
  /** One point per record: its time (ISO) and value, oldest first. */
  points: [string, number][];
}

/** Series of the measures with two or more points, one point per record, oldest first. */
export function trendSeries(h: PersonHistory): TrendSeries[] {
  return TREND_FIELDS.map((field) => ({
    field,
    unit: UNIT[field],
    points: h.vitals
      .filter((p) => typeof p.vitals[field] === 'number')
      .map((p) => [p.date, p.vitals[field] as number] as [string, number]),
  })).filter((s) => s.points.length >= 2);
}

/** Height of one unit's panel in the trend chart, px. */
export const TREND_PANEL_PX = 150;

/**
 * Small multiples: one panel per unit (blood pressure's two pressures share mmHg, pulse and heart
 * rate share bpm), each with its own axis named by its unit, on a shared time axis so two
 * records of one day are two points.
 */
export function trendOption(
  series: TrendSeries[],
  name: (f: VitalsField) => string,
  formatTime: (iso: string) => string,
) {
  const units = [...new Set(series.map((s) => s.unit))];
  const top = 28;
  const panel = (i: number) => ({ left: 56, right: 16, top: top + i * TREND_PANEL_PX, height: TREND_PANEL_PX - 44 });
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0, type: 'scroll' },
    grid: units.map((_, i) => panel(i)),
    xAxis: units.map((_, i) => ({
      type: 'time',
      gridIndex: i,
      axisLabel: { formatter: (v: number) => formatTime(new Date(v).toISOString()), hideOverlap: true },
    })),
    yAxis: units.map((u, i) => ({ type: 'value', gridIndex: i, scale: true, name: u, nameGap: 8 })),
    series: series.map((s) => ({
      type: 'line',
      name: name(s.field),
      xAxisIndex: units.indexOf(s.unit),
      yAxisIndex: units.indexOf(s.unit),
      data: s.points,
    })),
  };
}

/** The chart's whole height for its panels. */
export const trendHeight = (series: TrendSeries[]) => 28 + new Set(series.map((s) => s.unit)).size * TREND_PANEL_PX;
