import { Card, Empty, Result, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { vocabularyWord } from '@tcm/contract';
import type { EChartsCoreOption } from 'echarts/core';
import { EChart } from '../../components/EChart.js';
import { useReaderFormat } from '../../lib/reader-format.js';
import { useDiseaseStats } from './disease-api.js';
import { useWord } from './use-word.js';

const LEVELS = ['low', 'medium', 'high'] as const;
const COLORS = { low: '#2E7D32', medium: '#D08A00', high: '#C62828' } as const;

/** A card of one chart: its tooltip by axis and its legend, like every chart of this page. */
function ChartCard(props: { title: string; height: number; testId: string; option: EChartsCoreOption }) {
  return (
    <Card size="small" title={props.title}>
      <EChart
        height={props.height}
        testId={props.testId}
        option={{ tooltip: { trigger: 'axis' }, legend: {}, ...props.option }}
      />
    </Card>
  );
}

/** Screenings per disease by risk level (stacked bars with the mean risk) and per month. */
export function StatsPage() {
  const { t } = useTranslation();
  const w = useWord();
  const { lang } = useReaderFormat();
  const stats = useDiseaseStats();
  if (stats.isPending) return <Spin data-testid="stats-loading" />;
  if (stats.isError) return <Result status="warning" title={t('disease.loadFailed', { msg: stats.error.message })} />;
  const { perDisease, monthly } = stats.data;
  const total = perDisease.reduce((s, d) => s + d.total, 0);
  if (total === 0) return <Empty description={t('disease.empty')} data-testid="stats-empty" />;
  const names = perDisease.map((d) => w(d.name));
  const levelSeries = (rows: Array<Record<(typeof LEVELS)[number], number>>) =>
    LEVELS.map((l) => ({
      name: vocabularyWord(`risk.${l}`, lang),
      type: 'bar',
      stack: 'level',
      itemStyle: { color: COLORS[l] },
      data: rows.map((r) => r[l]),
    }));
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="stats">
      <ChartCard
        title={t('disease.stats.perDisease')}
        height={360}
        testId="stats-per-disease"
        option={{
          grid: { left: 48, right: 48, bottom: 96 },
          xAxis: { type: 'category', data: names, axisLabel: { rotate: 30, interval: 0 } },
          yAxis: [
            { type: 'value', minInterval: 1, name: t('disease.stats.total') },
            { type: 'value', min: 0, max: 100, name: t('disease.stats.meanRisk') },
          ],
          series: [
            ...levelSeries(perDisease),
            {
              name: t('disease.stats.meanRisk'),
              type: 'line',
              yAxisIndex: 1,
              data: perDisease.map((d) => (d.meanRisk === null ? null : Math.round(d.meanRisk * 100))),
            },
          ],
        }}
      />
      <ChartCard
        title={t('disease.stats.monthly')}
        height={260}
        testId="stats-monthly"
        option={{
          xAxis: { type: 'category', data: monthly.map((m) => m.month) },
          yAxis: { type: 'value', minInterval: 1 },
          series: levelSeries(monthly),
        }}
      />
    </Space>
  );
}
