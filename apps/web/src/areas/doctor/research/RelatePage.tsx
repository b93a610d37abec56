import './texts.js';
import { useCallback, useMemo, useState } from 'react';
import { Card, Radio, Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AssociationJobResult, Pool } from '@tcm/contract';
import { EChart } from '../../../components/EChart.js';
import { useReaderFormat } from '../../../lib/reader-format.js';
import { AnalysisFrame } from './AnalysisFrame.js';
import { savePng, type Cell } from './ExportButtons.js';
import { RowsCard } from './TableCard.js';
import { useAnalysis } from './use-analysis.js';
import { itemWord } from './words.js';
import { StartButton, VariablesSelect } from './ParamControls.js';

type AssocRow = AssociationJobResult['rows'][number];
type Item = AssocRow['finding'];

/** Significance marks on q (BH): *** < 0.001, ** < 0.01, * < 0.05. */
export const stars = (q: number | null) =>
  q === null ? '' : q < 0.001 ? '***' : q < 0.01 ? '**' : q < 0.05 ? '*' : '';

/** /doctor/analysis/syndromes/relate-syndromes-diagnosis/index: heatmap of OR or lift, sortable table. */
export function RelatePage() {
  const { t } = useTranslation();
  const { lang, number } = useReaderFormat();
  const a = useAnalysis('association');
  const [findings, setFindings] = useState<string[]>([]);
  const [syndromes, setSyndromes] = useState<string[]>([]);
  const [measure, setMeasure] = useState<'oddsRatio' | 'lift'>('oddsRatio');
  const [onlySig, setOnlySig] = useState(false);
  const variables = a.job?.variables;
  const vars = useMemo(() => variables ?? [], [variables]);
  const result = a.result;
  const word = useCallback((i: Item) => itemWord(vars, i, lang), [vars, lang]);

  const option = useMemo(() => {
    if (!result) return {};
    const xs = result.syndromes.map(word);
    const ys = result.findings.map(word);
    const nS = result.syndromes.length;
    const val = (r: AssocRow) => (measure === 'lift' ? r.lift : (r.oddsRatio?.value ?? null));
    const data = result.rows.map((r, i) => {
      const v = val(r);
      // OR on a log scale so 0.5 and 2 sit symmetrically around 1.
      return [i % nS, Math.floor(i / nS), v === null ? '-' : Math.round(Math.log2(Math.max(v, 1e-3)) * 100) / 100];
    });
    const title = t(`research.relate.${measure}`);
    return {
      tooltip: {
        formatter: (p: { value: [number, number, number | string] }) =>
          `${ys[p.value[1]]} × ${xs[p.value[0]]}<br/>log2 ${title}: ${p.value[2]}`,
      },
      toolbox: savePng(t('research.savePng'), title),
      grid: { left: 160, right: 24, top: 36, bottom: 100 },
      xAxis: { type: 'category', data: xs, axisLabel: { rotate: 40 } },
      yAxis: { type: 'category', data: ys },
      visualMap: {
        min: -3,
        max: 3,
        calculable: true,
        orient: 'horizontal',
        left: 'center',
        bottom: 0,
        inRange: { color: ['#2c7bb6', '#ffffbf', '#d7191c'] },
      },
      series: [{ type: 'heatmap', data, name: title }],
    };
  }, [result, measure, word, t]);

  const rows = (result?.rows ?? []).map((r, i) => ({ ...r, key: i })).filter((r) => !onlySig || r.significant);
  const cols = [
    t('research.relate.finding'),
    t('research.relate.syndrome'),
    t('research.relate.table'),
    t('research.relate.oddsRatio'),
    t('research.relate.lift'),
    t('research.relate.support'),
    t('research.relate.confidence'),
    t('research.relate.test'),
    t('research.relate.p'),
    t('research.relate.q'),
    t('research.relate.significant'),
  ];
  const fmtP = (p: number | null) => (p === null ? '—' : p < 1e-4 ? p.toExponential(2) : number(p, 4));
  const orText = (r: AssocRow) =>
    r.oddsRatio
      ? `${number(r.oddsRatio.value, 2)} (${number(r.oddsRatio.ci95[0], 2)}–${number(r.oddsRatio.ci95[1], 2)})`
      : '—';
  const testText = (r: AssocRow) =>
    r.test === 'fisher' ? t('research.relate.fisher') : r.test ? t('research.relate.chi') : '—';
  const exportRows: Cell[][] = rows.map((r) => [
    word(r.finding),
    word(r.syndrome),
    `${r.table.a}/${r.table.b}/${r.table.c}/${r.table.d}`,
    orText(r),
    r.lift === null ? null : Math.round(r.lift * 1000) / 1000,
    Math.round(r.support * 1000) / 1000,
    r.confidence === null ? null : Math.round(r.confidence * 1000) / 1000,
    testText(r),
    r.p,
    r.q,
    stars(r.q),
  ]);
  const counted = (pool: Pool) => pool.variables.filter((v) => v.type !== 'numeric');
  return (
    <AnalysisFrame
      screen="relate"
      a={a}
      params={(pool) => (
        <>
          <VariablesSelect
            variables={counted(pool)}
            value={findings}
            onChange={setFindings}
            placeholder={t('research.relate.finding')}
            width={300}
          />
          <VariablesSelect
            variables={counted(pool)}
            value={syndromes}
            onChange={setSyndromes}
            placeholder={t('research.relate.syndrome')}
            width={200}
          />
          <StartButton
            a={a}
            params={() => ({
              kind: 'association',
              findings: findings.length ? findings : undefined,
              syndromes: syndromes.length ? syndromes : undefined,
            })}
          />
        </>
      )}
    >
      <Card
        size="small"
        extra={
          <Radio.Group value={measure} onChange={(e) => setMeasure(e.target.value as 'oddsRatio' | 'lift')}>
            <Radio.Button value="oddsRatio">{t('research.relate.oddsRatio')}</Radio.Button>
            <Radio.Button value="lift">{t('research.relate.lift')}</Radio.Button>
          </Radio.Group>
        }
        title={t('research.relate.measure')}
      >
        <EChart
          option={option}
          height={Math.max(300, (result?.findings.length ?? 0) * 22 + 140)}
          testId="relate-heatmap"
        />
      </Card>
      <RowsCard
        name={t('research.relate.title')}
        title={
          <Space>
            {t('research.relate.title')}
            <Switch size="small" checked={onlySig} onChange={setOnlySig} />
            <Typography.Text type="secondary">{t('research.relate.onlySignificant')}</Typography.Text>
          </Space>
        }
        columns={cols}
        exportRows={exportRows}
        rows={rows}
        testId="relate-table"
        tableColumns={[
          { title: cols[0], render: (_: unknown, r: AssocRow) => word(r.finding) },
          { title: cols[1], render: (_: unknown, r: AssocRow) => word(r.syndrome) },
          {
            title: cols[2],
            render: (_: unknown, r: AssocRow) => `${r.table.a}/${r.table.b}/${r.table.c}/${r.table.d}`,
          },
          {
            title: cols[3],
            sorter: (x: AssocRow, y: AssocRow) => (x.oddsRatio?.value ?? 0) - (y.oddsRatio?.value ?? 0),
            render: (_: unknown, r: AssocRow) => orText(r),
          },
          {
            title: cols[4],
            sorter: (x: AssocRow, y: AssocRow) => (x.lift ?? 0) - (y.lift ?? 0),
            render: (_: unknown, r: AssocRow) => number(r.lift, 2),
          },
          { title: cols[5], render: (_: unknown, r: AssocRow) => number(r.support, 3) },
          { title: cols[6], render: (_: unknown, r: AssocRow) => number(r.confidence, 3) },
          { title: cols[7], render: (_: unknown, r: AssocRow) => testText(r) },
          {
            title: cols[8],
            sorter: (x: AssocRow, y: AssocRow) => (x.p ?? 2) - (y.p ?? 2),
            render: (_: unknown, r: AssocRow) => fmtP(r.p),
          },
          {
            title: cols[9],
            defaultSortOrder: 'ascend' as const,
            sorter: (x: AssocRow, y: AssocRow) => (x.q ?? 2) - (y.q ?? 2),
            render: (_: unknown, r: AssocRow) => `${fmtP(r.q)} ${stars(r.q)}`,
          },
        ]}
      />
    </AnalysisFrame>
  );
}
