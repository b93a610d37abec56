import './texts.js';
import { useMemo, useState } from 'react';
import {
  Button,
  Card,
  Empty,
  Form,
  InputNumber,
  Result,
  Select,
  Space,
  Spin,
  Statistic,
  Table,
  Typography,
  Upload,
} from 'antd';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  readerLang,
  type ClassificationJobResult,
  type PoolVariable,
  type ResearchJob,
  type SampleValue,
} from '@tcm/contract';
import { EChart } from '../../../components/EChart.js';
import { useReaderFormat } from '../../../lib/reader-format.js';
import { savePng, type Cell } from './ExportButtons.js';
import { TableCard } from './TableCard.js';
import { JobPanel } from './JobPanel.js';
import { useJob, usePredict, type Prediction } from './research-api.js';
import { levelWord, variableWord } from './words.js';
import { ExportNotes, resultOf, warningText } from './results.js';

/** /doctor/analysis/syndromes/classify-syndromes/classify-result/:taskId: metrics, confusion, importance, predict. */
export function ClassifyResult() {
  const { taskId } = useParams();
  const { t } = useTranslation();
  const job = useJob(taskId);
  if (job.isLoading) return <Spin />;
  if (job.error || !job.data)
    return <Result status="error" title={t('research.loadFailed')} subTitle={job.error?.message} />;
  if (job.data.kind !== 'classification') return <Result status="warning" title={t('research.result.notModel')} />;
  const result = resultOf(job.data, 'classification');
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="classify-result">
      <Typography.Title level={4}>{t('research.result.title')}</Typography.Title>
      <JobPanel job={job.data} />
      {result && <Done job={job.data} r={result} />}
    </Space>
  );
}

function Done({ job, r }: { job: ResearchJob; r: ClassificationJobResult }) {
  const { t, i18n } = useTranslation();
  const { lang, number } = useReaderFormat();
  const notes = r.warnings.map((w) => warningText(w, job, t, readerLang(i18n.language)));
  const [low, high] = r.evaluation.accuracyCi95;
  // Memoised on the job so the charts below are rebuilt only when the job or the language changes.
  const byKey = useMemo(() => new Map(job.variables.map((v) => [v.key, v])), [job.variables]);
  const target = byKey.get(r.target);
  const cls = (c: string) =>
    target?.type === 'binary'
      ? t(c === 'present' ? 'research.present' : 'research.absent')
      : levelWord(target, c, lang);
  const labels = useMemo(
    () =>
      r.evaluation.confusion.labels.map((c) =>
        target?.type === 'binary'
          ? t(c === 'present' ? 'research.present' : 'research.absent')
          : levelWord(target, c, lang),
      ),
    [r.evaluation.confusion.labels, target, t, lang],
  );

  const confusion = useMemo(
    () => ({
      tooltip: {},
      toolbox: savePng(t('research.savePng'), t('research.result.confusion')),
      grid: { left: 120, right: 24, top: 36, bottom: 80 },
      xAxis: { type: 'category', data: labels, axisLabel: { rotate: 30 } },
      yAxis: { type: 'category', data: labels },
      visualMap: {
        min: 0,
        max: Math.max(1, ...r.evaluation.confusion.matrix.flat()),
        show: false,
        inRange: { color: ['#f7fbff', '#08519c'] },
      },
      series: [
        {
          type: 'heatmap',
          label: { show: true },
          data: r.evaluation.confusion.matrix.flatMap((row, i) => row.map((n, j) => [j, i, n])),
        },
      ],
    }),
    [labels, r.evaluation.confusion.matrix, t],
  );
  const importance = useMemo(() => {
    const items = [...r.importance].reverse();
    return {
      tooltip: {},
      toolbox: savePng(t('research.savePng'), t('research.result.importance')),
      grid: { left: 160, right: 24, top: 24, bottom: 24 },
      xAxis: { type: 'value' },
      yAxis: { type: 'category', data: items.map((i) => variableWord(byKey.get(i.variable), i.variable, lang)) },
      series: [{ type: 'bar', data: items.map((i) => Math.round(i.importance * 1000) / 1000) }],
    };
  }, [r.importance, byKey, lang, t]);

  const classCols = [
    variableWord(target, r.target, lang),
    t('research.result.precision'),
    t('research.result.recall'),
    t('research.result.f1'),
    t('research.result.support'),
  ];
  const classRows: Cell[][] = r.evaluation.perClass.map((c) => [
    cls(c.label),
    round(c.precision),
    round(c.recall),
    round(c.f1),
    c.support,
  ]);
  const confCols = ['', ...labels];
  const confRows: Cell[][] = r.evaluation.confusion.matrix.map((row, i) => [labels[i]!, ...row]);
  const impCols = [t('research.variables'), t('research.result.importance'), 'SD'];
  const impRows: Cell[][] = r.importance.map((i) => [
    variableWord(byKey.get(i.variable), i.variable, lang),
    round(i.importance),
    round(i.sd),
  ]);
  return (
    <ExportNotes.Provider value={notes}>
      <Space size="large" align="start">
        <Space orientation="vertical" size={0}>
          <Statistic
            title={t('research.result.accuracy')}
            value={number(r.evaluation.accuracy * 100, 1)}
            suffix="%"
            data-testid="accuracy"
          />
          <Typography.Text type="secondary" data-testid="accuracy-interval">
            {t('research.result.interval', { low: number(low * 100, 1), high: number(high * 100, 1) })}
          </Typography.Text>
        </Space>
        <Statistic
          title={t('research.result.baseline')}
          value={number(r.evaluation.baseline.accuracy * 100, 1)}
          suffix="%"
          data-testid="baseline"
        />
        <Statistic title={t('research.result.macroF1')} value={number(r.evaluation.macroF1, 3)} />
        <Statistic title={t('research.result.samples')} value={r.trainedSamples} />
        <Statistic title={t('research.classify.classifier')} value={t(`research.classify.models.${r.classifier}`)} />
      </Space>
      <TableCard
        title={t('research.result.confusion')}
        columns={confCols}
        rows={confRows}
        testId="confusion-table"
        table
      >
        <EChart option={confusion} height={Math.max(260, labels.length * 40 + 120)} testId="confusion-chart" />
      </TableCard>
      <TableCard title={t('research.result.perClass')} columns={classCols} rows={classRows} />
      <TableCard title={t('research.result.importance')} columns={impCols} rows={impRows} table={false}>
        <EChart option={importance} height={Math.max(200, r.importance.length * 24 + 60)} testId="importance-chart" />
      </TableCard>
      <PredictCard
        job={job}
        features={r.features.map((k) => byKey.get(k)).filter((v): v is PoolVariable => !!v)}
        cls={cls}
      />
    </ExportNotes.Provider>
  );
}

const round = (x: number) => Math.round(x * 1000) / 1000;

function PredictCard({
  job,
  features,
  cls,
}: {
  job: ResearchJob;
  features: PoolVariable[];
  cls: (c: string) => string;
}) {
  const { t } = useTranslation();
  const { lang, number } = useReaderFormat();
  const [values, setValues] = useState<Record<string, SampleValue>>({});
  const [predictions, setPredictions] = useState<Prediction[] | null>(null);
  const predict = usePredict(job.id);
  const run = async (input: Parameters<typeof predict.mutateAsync>[0]) =>
    setPredictions((await predict.mutateAsync(input)).predictions);
  const input = (v: PoolVariable) => {
    const set = (x: SampleValue | undefined) => setValues((s) => ({ ...s, [v.key]: x ?? null }));
    if (v.type === 'numeric')
      return <InputNumber style={{ width: 160 }} onChange={(x) => set(typeof x === 'number' ? x : null)} />;
    const options =
      v.type === 'binary'
        ? [
            { value: 'true', label: t('research.present') },
            { value: 'false', label: t('research.absent') },
          ]
        : (v.levels ?? []).map((l) => ({ value: l, label: levelWord(v, l, lang) }));
    return (
      <Select<string>
        allowClear
        style={{ width: 200 }}
        options={options}
        data-testid={`predict-${v.key}`}
        onChange={(x) => set(x === undefined ? null : v.type === 'binary' ? x === 'true' : x)}
      />
    );
  };
  return (
    <Card size="small" title={t('research.result.predict')}>
      <Form layout="inline">
        {features.map((v) => (
          <Form.Item key={v.key} label={variableWord(v, v.key, lang)}>
            {input(v)}
          </Form.Item>
        ))}
      </Form>
      <Space style={{ marginTop: 12 }}>
        <Button
          type="primary"
          loading={predict.isPending}
          data-testid="predict-form"
          onClick={() =>
            void run({ records: [Object.fromEntries(Object.entries(values).filter(([, x]) => x !== null))] })
          }
        >
          {t('research.result.predictForm')}
        </Button>
        <Upload
          accept=".csv,.xlsx"
          showUploadList={false}
          beforeUpload={(file) => {
            void run({ file });
            return false;
          }}
        >
          <Button data-testid="predict-file">{t('research.result.predictFile')}</Button>
        </Upload>
        <Typography.Text type="secondary">{t('research.result.predictFileHint')}</Typography.Text>
      </Space>
      {predictions &&
        (predictions.length ? (
          <Table
            size="small"
            style={{ marginTop: 12 }}
            pagination={false}
            rowKey={(_, i) => String(i)}
            dataSource={predictions}
            data-testid="predictions"
            columns={[
              { title: t('research.result.predicted'), render: (_: unknown, p: Prediction) => cls(p.label) },
              {
                title: t('research.result.probability'),
                render: (_: unknown, p: Prediction) =>
                  Object.entries(p.probabilities)
                    .sort((a, b) => b[1] - a[1])
                    .map(([c, x]) => `${cls(c)} ${number(x * 100, 1)}%`)
                    .join('；'),
              },
            ]}
          />
        ) : (
          <Empty />
        ))}
    </Card>
  );
}
