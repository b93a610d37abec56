import './texts.js';
import { useCallback, useMemo, useState } from 'react';
import { Card, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FrequencyJobResult, Pool, PoolVariable } from '@tcm/contract';
import { EChart } from '../../../components/EChart.js';
import { useReaderFormat } from '../../../lib/reader-format.js';
import { AnalysisFrame } from './AnalysisFrame.js';
import { savePng, type Cell } from './ExportButtons.js';
import { RowsCard, TableCard } from './TableCard.js';
import { useAnalysis } from './use-analysis.js';
import { levelWord, variableWord } from './words.js';
import { StartButton, VariablesSelect } from './ParamControls.js';

type FreqTable = FrequencyJobResult['tables'][number];
type FreqRow = Extract<FreqTable, { type: 'binary' | 'categorical' }>['rows'][number];

/** /doctor/analysis/statistics/frequency/index: counts, percentages with Wilson 95 % CIs, bar chart. */
export function FrequencyPage() {
  const { t } = useTranslation();
  const { lang, number } = useReaderFormat();
  const a = useAnalysis('frequency');
  const [keys, setKeys] = useState<string[]>([]);
  const [chartKey, setChartKey] = useState<string | undefined>();
  const variables = a.job?.variables;
  const vars = useMemo(() => variables ?? [], [variables]);
  const byKey = useMemo(() => new Map(vars.map((v) => [v.key, v])), [vars]);
  const tables = a.result?.tables ?? [];
  // A variable no sample records (a system variable of an engine this pool never ran) is left out.
  const counted = tables.filter(
    (x): x is Extract<FreqTable, { rows: FreqRow[] }> => x.type !== 'numeric' && x.known > 0,
  );
  const numeric = tables.filter((x): x is Extract<FreqTable, { type: 'numeric' }> => x.type === 'numeric');
  const levelText = useCallback(
    (v: PoolVariable | undefined, level: string) =>
      level === 'present' && v?.type === 'binary' ? t('research.present') : levelWord(v, level, lang),
    [t, lang],
  );

  const rows = counted.flatMap((x) =>
    x.rows.map((r) => ({
      key: `${x.variable}|${r.level}`,
      variable: variableWord(byKey.get(x.variable), x.variable, lang),
      level: levelText(byKey.get(x.variable), r.level),
      count: r.count,
      percent: number(r.percent, 1),
      ci: `${number(r.ci95[0] * 100, 1)} – ${number(r.ci95[1] * 100, 1)}`,
    })),
  );
  const shown = counted.find((x) => x.variable === chartKey) ?? counted[0];
  const option = useMemo(() => {
    if (!shown) return {};
    const v = byKey.get(shown.variable);
    const title = variableWord(v, shown.variable, lang);
    return {
      tooltip: {},
      toolbox: savePng(t('research.savePng'), title),
      grid: { left: 48, right: 24, top: 36, bottom: 60 },
      xAxis: { type: 'category', data: shown.rows.map((r) => levelText(v, r.level)), axisLabel: { rotate: 30 } },
      yAxis: { type: 'value', name: '%', max: 100 },
      series: [{ type: 'bar', data: shown.rows.map((r) => Math.round(r.percent * 10) / 10), name: title }],
    };
  }, [shown, byKey, levelText, lang, t]);

  const cols = [
    t('research.variables'),
    t('research.frequency.level'),
    t('research.frequency.count'),
    '%',
    t('research.frequency.ci'),
  ];
  const exportRows: Cell[][] = rows.map((r) => [r.variable, r.level, r.count, r.percent, r.ci]);
  const numCols = [
    t('research.variables'),
    t('research.frequency.known'),
    t('research.missing'),
    t('research.frequency.mean'),
    t('research.frequency.sd'),
    t('research.frequency.min'),
    t('research.frequency.median'),
    t('research.frequency.max'),
  ];
  const numRows: Cell[][] = numeric.map((n) => [
    variableWord(byKey.get(n.variable), n.variable, lang),
    n.known,
    n.missing,
    number(n.mean, 2),
    number(n.sd, 2),
    number(n.min, 2),
    number(n.median, 2),
    number(n.max, 2),
  ]);

  return (
    <AnalysisFrame
      screen="frequency"
      a={a}
      params={(pool: Pool) => (
        <>
          <VariablesSelect variables={pool.variables} value={keys} onChange={setKeys} />
          <StartButton a={a} params={() => ({ kind: 'frequency', variables: keys.length ? keys : undefined })} />
        </>
      )}
    >
      <Card
        size="small"
        title={shown ? variableWord(byKey.get(shown.variable), shown.variable, lang) : ''}
        extra={
          <Select<string>
            style={{ minWidth: 200 }}
            value={shown?.variable}
            onChange={setChartKey}
            options={counted.map((x) => ({
              value: x.variable,
              label: variableWord(byKey.get(x.variable), x.variable, lang),
            }))}
          />
        }
      >
        <EChart option={option} height={300} testId="frequency-chart" />
      </Card>
      <RowsCard
        name={t('research.frequency.title')}
        columns={cols}
        exportRows={exportRows}
        rows={rows}
        testId="frequency-table"
        tableColumns={[
          { title: cols[0], dataIndex: 'variable' },
          { title: cols[1], dataIndex: 'level' },
          { title: cols[2], dataIndex: 'count' },
          { title: cols[3], dataIndex: 'percent' },
          { title: cols[4], dataIndex: 'ci' },
        ]}
      />
      {numeric.length > 0 && <TableCard title={t('research.frequency.summary')} columns={numCols} rows={numRows} />}
    </AnalysisFrame>
  );
}
