import { useState } from 'react';
import { Drawer, Empty, Segmented, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { OPEN_API_OPERATIONS, type Corporation, type UsageDay } from '@tcm/contract';
import { EChart } from '../../../components/EChart.js';
import { useReaderFormat } from '../../../lib/reader-format.js';
import { useUsage } from './corporations-api.js';

const RANGES = [7, 30, 90] as const;

/** Calls per day by operation (stacked bars), errors and analyses (lines) of a corporation's keys. */
export function usageOption(days: UsageDay[], words: (k: string) => string, dayLabel: (d: string) => string) {
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 48, right: 16, top: 40, bottom: 32 },
    xAxis: { type: 'category', data: days.map((d) => dayLabel(d.day)) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      ...OPEN_API_OPERATIONS.map((op) => ({
        name: words(`corporations.op.${op}`),
        type: 'bar',
        stack: 'calls',
        data: days.map((d) => d.calls[op] ?? 0),
      })),
      { name: words('corporations.errors'), type: 'line', data: days.map((d) => d.errors) },
      { name: words('corporations.analyses'), type: 'line', data: days.map((d) => d.analyses) },
    ],
  };
}

export function UsageDrawer({ corporation, onClose }: { corporation: Corporation; onClose: () => void }) {
  const { t } = useTranslation();
  const fmt = useReaderFormat();
  const [range, setRange] = useState<number>(30);
  const usage = useUsage(corporation.id, range);
  const days = usage.data?.days ?? [];
  const any = days.some((d) => d.errors || d.analyses || Object.values(d.calls).some(Boolean));
  return (
    <Drawer open width={900} title={t('corporations.usageOf', { name: corporation.name })} onClose={onClose}>
      <Segmented
        options={RANGES.map((n) => ({ value: n, label: t('corporations.lastDays', { n }) }))}
        value={range}
        onChange={(v) => setRange(Number(v))}
        style={{ marginBottom: 12 }}
      />
      {usage.isLoading && <Spin />}
      {usage.isError && <Typography.Paragraph type="danger">{t('consoleAdmin.loadFailed')}</Typography.Paragraph>}
      {usage.isSuccess && !any && <Empty description={t('corporations.noUsage')} />}
      {usage.isSuccess && any && (
        <EChart
          testId="corporation-usage-chart"
          height={320}
          option={usageOption(
            days,
            (k) => t(k),
            (d) => fmt.date(d, { time: false, timeZone: 'UTC' }),
          )}
        />
      )}
      <Typography.Paragraph type="secondary">{t('corporations.usageHint')}</Typography.Paragraph>
    </Drawer>
  );
}
