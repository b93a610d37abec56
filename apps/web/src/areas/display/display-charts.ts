import type { EChartsCoreOption } from 'echarts/core';
import type { DisplayBucket, DisplaySummary } from '@tcm/contract';
import { CHINA_MAP } from './china-map.js';

// ECharts options of the dashboard's panels: dark background, light text, sizes for the
// 1920×1080 design canvas. Words come in already translated (the caller's vocabulary lookups).

const TEXT = '#c8d8ff';
const AXIS = { axisLabel: { color: TEXT, fontSize: 14 }, axisLine: { lineStyle: { color: '#3a5088' } } };
const SPLIT = { splitLine: { lineStyle: { color: '#1b2c55' } } };
const PALETTE = ['#36cfc9', '#4096ff', '#9254de', '#f759ab', '#ffc53d', '#73d13d', '#ff7a45', '#40a9ff', '#bae637'];

/** Risk levels in traffic-light colors, whatever their order. */
export const RISK_COLORS: Record<string, string> = {
  low: '#73d13d',
  medium: '#ffc53d',
  high: '#ff4d4f',
  none: '#8c8c8c',
};

type Named = { name: string; value: number; itemStyle?: { color: string } };
export const named = (list: DisplayBucket[], word: (key: string) => string): Named[] =>
  list.map((b) => ({ name: word(b.key), value: b.count }));

export function pieOption(data: Named[], colors: string[] = PALETTE): EChartsCoreOption {
  return {
    color: colors,
    tooltip: { trigger: 'item' },
    legend: { orient: 'vertical', right: 8, top: 'middle', textStyle: { color: TEXT, fontSize: 14 }, itemGap: 6 },
    series: [
      {
        type: 'pie',
        radius: ['42%', '72%'],
        center: ['32%', '50%'],
        label: { show: false },
        data,
      },
    ],
  };
}

/** Horizontal bars, largest on top; `percentOf` shows shares of that total instead of counts. */
export function barOption(data: Named[], color: string, percentOf?: number): EChartsCoreOption {
  const rows = [...data].reverse();
  const value = (v: number) => (percentOf ? Math.round((v / percentOf) * 1000) / 10 : v);
  return {
    grid: { left: 8, right: 56, top: 8, bottom: 8, containLabel: true },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    xAxis: { type: 'value', ...AXIS, ...SPLIT, axisLabel: { show: false } },
    yAxis: { type: 'category', data: rows.map((d) => d.name), ...AXIS },
    series: [
      {
        type: 'bar',
        data: rows.map((d) => value(d.value)),
        itemStyle: { color, borderRadius: [0, 4, 4, 0] },
        barMaxWidth: 16,
        label: {
          show: true,
          position: 'right',
          color: TEXT,
          fontSize: 13,
          formatter: percentOf ? '{c}%' : '{c}',
        },
      },
    ],
  };
}

export function trendOption(
  trend: DisplaySummary['trend'],
  label: (day: string) => string,
  names: { count: string; high: string },
): EChartsCoreOption {
  return {
    color: ['#36cfc9', '#ff4d4f'],
    tooltip: { trigger: 'axis' },
    legend: { top: 0, right: 8, textStyle: { color: TEXT, fontSize: 14 } },
    grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: trend.map((p) => label(p.day)), ...AXIS, boundaryGap: false },
    yAxis: { type: 'value', minInterval: 1, ...AXIS, ...SPLIT },
    series: [
      { name: names.count, type: 'line', smooth: true, areaStyle: { opacity: 0.15 }, data: trend.map((p) => p.count) },
      { name: names.high, type: 'line', smooth: true, data: trend.map((p) => p.high) },
    ],
  };
}

/** Provinces shaded by their count; region names on the map in the reader's language. */
export function mapOption(regions: Named[], nameMap: Record<string, string> | undefined): EChartsCoreOption {
  const max = Math.max(1, ...regions.map((r) => r.value));
  return {
    tooltip: { trigger: 'item', formatter: '{b}: {c}' },
    visualMap: {
      min: 0,
      max,
      left: 16,
      bottom: 16,
      calculable: false,
      text: [String(max), '0'],
      textStyle: { color: TEXT },
      inRange: { color: ['#0e2a5c', '#1d5fbf', '#36cfc9'] },
    },
    series: [
      {
        type: 'map',
        map: CHINA_MAP,
        roam: false,
        nameMap,
        top: 12,
        bottom: 12,
        label: { show: false },
        itemStyle: { areaColor: '#0b1f45', borderColor: '#3a6fd8' },
        emphasis: { label: { show: true, color: '#fff' }, itemStyle: { areaColor: '#ffc53d' } },
        data: regions,
      },
    ],
  };
}
