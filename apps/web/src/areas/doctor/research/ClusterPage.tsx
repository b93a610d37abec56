import './texts.js';
import { useCallback, useMemo, useState } from 'react';
import { Card, InputNumber, Space, Statistic, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { KMEANS_RESTARTS_DEFAULT } from '@tcm/contract';
import { EChart } from '../../../components/EChart.js';
import { useReaderFormat } from '../../../lib/reader-format.js';
import { AnalysisFrame } from './AnalysisFrame.js';
import { ExportButtons, savePng, type Cell } from './ExportButtons.js';
import { TableCard } from './TableCard.js';
import { useAnalysis } from './use-analysis.js';
import { columnWord } from './words.js';
import { StartButton, VariablesSelect } from './ParamControls.js';

/** /doctor/analysis/syndromes/cluster-syndromes/index: k-means on chosen variables, PCA scatter, profiles. */
export function ClusterPage() {
  const { t } = useTranslation();
  const { lang, number } = useReaderFormat();
  const a = useAnalysis('clustering');
  const [keys, setKeys] = useState<string[]>([]);
  const [k, setK] = useState(3);
  const [restarts, setRestarts] = useState(KMEANS_RESTARTS_DEFAULT);
  const vars = a.job?.variables ?? [];
  const r = a.result;
  const name = useCallback((c: number) => t('research.cluster.cluster', { n: c + 1 }), [t]);

  const option = useMemo(() => {
    if (!r) return {};
    const pct = (i: number) => number((r.pca.explainedRatio[i] ?? 0) * 100, 1);
    return {
      tooltip: {},
      legend: { top: 0 },
      toolbox: savePng(t('research.savePng'), t('research.cluster.scatter')),
      grid: { left: 56, right: 24, top: 40, bottom: 48 },
      xAxis: {
        type: 'value',
        name: t('research.cluster.pc', { n: 1, p: pct(0) }),
        nameLocation: 'middle',
        nameGap: 28,
      },
      yAxis: { type: 'value', name: t('research.cluster.pc', { n: 2, p: pct(1) }) },
      series: r.sizes.map((_, c) => ({
        type: 'scatter',
        name: name(c),
        symbolSize: 5,
        data: r.points.filter((p) => p[2] === c).map((p) => [p[0], p[1]]),
      })),
    };
  }, [r, name, number, t]);

  const cols = [
    t('research.variables'),
    ...(r?.profiles.clusters.map((c) => name(c.cluster)) ?? []),
    t('research.cluster.overall'),
  ];
  const profileRows: Cell[][] = (r?.profiles.columns ?? []).map((col, i) => [
    columnWord(vars, col, lang),
    ...r!.profiles.clusters.map((c) => Math.round((c.means[i] ?? 0) * 1000) / 1000),
    Math.round((r!.profiles.overall[i] ?? 0) * 1000) / 1000,
  ]);
  const sizeRow: Cell[] = [
    t('research.cluster.size'),
    ...(r?.profiles.clusters.map((c) => c.size) ?? []),
    r?.samples ?? 0,
  ];
  const silRows: Cell[][] = (r?.silhouette.perCluster ?? []).map((s) => [
    name(s.cluster),
    s.size,
    Math.round(s.mean * 1000) / 1000,
  ]);
  const silCols = [
    t('research.cluster.cluster', { n: '' }).trim(),
    t('research.cluster.size'),
    t('research.cluster.silhouette'),
  ];

  return (
    <AnalysisFrame
      screen="cluster"
      a={a}
      params={(pool) => (
        <>
          <VariablesSelect variables={pool.variables} value={keys} onChange={setKeys} testId="cluster-vars" />
          <Space>
            {t('research.cluster.k')}
            <InputNumber min={2} max={20} value={k} onChange={(v) => setK(v ?? 3)} />
          </Space>
          <Space>
            {t('research.cluster.restarts')}
            <InputNumber
              min={1}
              max={100}
              value={restarts}
              onChange={(v) => setRestarts(v ?? KMEANS_RESTARTS_DEFAULT)}
              data-testid="cluster-restarts"
            />
          </Space>
          <StartButton
            a={a}
            disabled={!keys.length}
            params={() => ({ kind: 'clustering', variables: keys, k, restarts })}
          />
        </>
      )}
    >
      {r && (
        <>
          <Space size="large">
            <Statistic title={t('research.cluster.silhouette')} value={number(r.silhouette.mean, 3)} />
            <Statistic title={t('research.samples')} value={r.samples} />
            <Statistic title={t('research.cluster.inertia')} value={number(r.inertia, 2)} />
            <Statistic title={t('research.cluster.restarts')} value={r.restarts} />
          </Space>
          <Card size="small" title={t('research.cluster.scatter')}>
            <EChart option={option} height={360} testId="cluster-scatter" />
          </Card>
          <TableCard title={t('research.cluster.silhouette')} columns={silCols} rows={silRows} />
          <Card
            size="small"
            title={t('research.cluster.profiles')}
            extra={
              <ExportButtons name={t('research.cluster.profiles')} columns={cols} rows={[sizeRow, ...profileRows]} />
            }
          >
            <Table
              size="small"
              rowKey={(x) => String(x[0])}
              pagination={false}
              dataSource={[sizeRow, ...profileRows]}
              data-testid="cluster-profiles"
              columns={cols.map((c, i) => ({
                title: c,
                render: (_: unknown, x: Cell[]) =>
                  typeof x[i] === 'number' && !Number.isInteger(x[i]) ? number(x[i], 3) : x[i],
              }))}
            />
          </Card>
        </>
      )}
    </AnalysisFrame>
  );
}
