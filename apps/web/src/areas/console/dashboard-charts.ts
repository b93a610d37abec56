import type { EChartsCoreOption } from 'echarts/core';
import type { DashboardSummary } from '@tcm/contract';

/** The welcome page's record trend: all records, failed and partial ones, per Shanghai day. */
export function recordTrendOption(
  trend: DashboardSummary['trend'],
  names: { total: string; failed: string; partial: string },
): EChartsCoreOption {
  const days = trend.map((d) => d.day.slice(5));
  const line = (name: string, key: 'total' | 'failed' | 'partial') => ({
    name,
    type: 'line',
    smooth: true,
    showSymbol: false,
    data: trend.map((d) => d[key]),
  });
  return {
    color: ['#1677ff', '#ff4d4f', '#faad14'],
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 8, right: 16, top: 32, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: days, boundaryGap: false },
    yAxis: { type: 'value', minInterval: 1 },
    series: [line(names.total, 'total'), line(names.failed, 'failed'), line(names.partial, 'partial')],
  };
}

/** Accounts per entrance as bars: enabled and disabled stacked. */
export function usersOption(
  users: DashboardSummary['users'],
  word: (entrance: string) => string,
  names: { enabled: string; disabled: string },
): EChartsCoreOption {
  return {
    color: ['#52c41a', '#bfbfbf'],
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0 },
    grid: { left: 8, right: 16, top: 32, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: users.map((u) => word(u.entrance)) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      { name: names.enabled, type: 'bar', stack: 'u', data: users.map((u) => u.enabled) },
      { name: names.disabled, type: 'bar', stack: 'u', data: users.map((u) => u.total - u.enabled) },
    ],
  };
}
