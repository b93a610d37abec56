import './texts.js';
import { useMemo } from 'react';
import { Empty, List, Space, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RECORD_PATHS, type PersonHistory as History, type VitalsField } from '@tcm/contract';
import { EChart } from '../components/EChart.js';
import { http } from '../lib/api.js';
import { useReaderFormat } from '../lib/reader-format.js';

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

/** Series of the measures with two or more points, oldest first (pure: tested). */
export function trendSeries(h: History): { field: VitalsField; points: [string, number][] }[] {
  return TREND_FIELDS.map((field) => ({
    field,
    points: h.vitals
      .filter((p) => typeof p.vitals[field] === 'number')
      .map((p) => [p.date.slice(0, 10), p.vitals[field] as number] as [string, number]),
  })).filter((s) => s.points.length >= 2);
}

/**
 * The person's earlier records and the trends of their measurements (server: same member, or
 * same team + name + phone). Loaded with the detail; its chart code is a lazy chunk.
 */
export default function PersonHistory({ id, onOpen }: { id: string; onOpen: (id: string) => void }) {
  const { t } = useTranslation();
  const fmt = useReaderFormat();
  const q = useQuery({
    queryKey: ['record-history', id],
    queryFn: () => http.get<History>(RECORD_PATHS.history(id), { noErrorMessage: true }),
  });
  const series = useMemo(() => (q.data ? trendSeries(q.data) : []), [q.data]);
  const option = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 40, right: 16, top: 32, bottom: 24 },
      xAxis: {
        type: 'category',
        data: [...new Set(series.flatMap((s) => s.points.map((p) => p[0])))].sort(),
        axisLabel: { formatter: (day: string) => fmt.date(`${day}T00:00:00Z`, { time: false, timeZone: 'UTC' }) },
      },
      yAxis: { type: 'value', scale: true },
      series: series.map((s) => ({ type: 'line', name: t(`diag.vitals.${s.field}`), data: s.points })),
    }),
    [series, t, fmt.lang],
  );
  if (!q.data) return null;
  const others = q.data.records.filter((r) => r.id !== id);
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="person-history">
      <Typography.Title level={5}>{t('diag.history.title')}</Typography.Title>
      {series.length > 0 ? (
        <EChart option={option} height={240} testId="history-chart" />
      ) : (
        <Typography.Text type="secondary">{t('diag.history.noTrend')}</Typography.Text>
      )}
      {others.length === 0 ? (
        <Empty description={t('diag.history.none')} />
      ) : (
        <List
          size="small"
          dataSource={others}
          renderItem={(r) => (
            <List.Item
              actions={[
                <a key="open" onClick={() => onOpen(r.id)}>
                  {t('diag.view')}
                </a>,
              ]}
            >
              <Space>
                <Typography.Text>{fmt.date(r.createdAt)}</Typography.Text>
                <Tag>{t(`diag.status.${r.status}`)}</Tag>
                <Typography.Text type="secondary">{r.conclusion ?? '—'}</Typography.Text>
              </Space>
            </List.Item>
          )}
        />
      )}
    </Space>
  );
}
