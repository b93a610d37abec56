import './texts.js';
import { useState } from 'react';
import { Button, Card, InputNumber, Select, Space, Table, Tag } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CLASSIFIER_KINDS, type ResearchJobSummary } from '@tcm/contract';
import { useReaderFormat } from '../../../lib/reader-format.js';
import { AnalysisFrame } from './AnalysisFrame.js';
import { useJobHistory } from './research-api.js';
import { useAnalysis } from './use-analysis.js';
import { StartButton, VariablesSelect } from './ParamControls.js';

export const resultPath = (taskId: string) => `/doctor/analysis/syndromes/classify-syndromes/classify-result/${taskId}`;

/** /doctor/analysis/syndromes/classify-syndromes/index: choose target and features, train as a job, watch progress. */
export function ClassifyPage() {
  const { t } = useTranslation();
  const { lang, date } = useReaderFormat();
  const navigate = useNavigate();
  const a = useAnalysis('classification');
  const [target, setTarget] = useState<string | undefined>();
  const [features, setFeatures] = useState<string[]>([]);
  const [classifier, setClassifier] = useState<(typeof CLASSIFIER_KINDS)[number]>('random-forest');
  const [trees, setTrees] = useState(100);
  const history = useJobHistory('classification', a.poolId, a.job?.status);
  return (
    <AnalysisFrame
      screen="classify"
      a={a}
      params={(pool) => (
        <>
          <Select<string>
            style={{ minWidth: 200 }}
            placeholder={t('research.classify.target')}
            showSearch={{ optionFilterProp: 'label' }}
            value={target}
            onChange={setTarget}
            options={pool.variables
              .filter((v) => v.type !== 'numeric')
              .map((v) => ({ value: v.key, label: v.label[lang] }))}
            data-testid="classify-target"
          />
          <VariablesSelect
            variables={pool.variables.filter((v) => v.key !== target)}
            value={features}
            onChange={setFeatures}
            placeholder={t('research.classify.features')}
            testId="classify-features"
          />
          <Select
            value={classifier}
            onChange={setClassifier}
            options={CLASSIFIER_KINDS.map((k) => ({ value: k, label: t(`research.classify.models.${k}`) }))}
          />
          {classifier === 'random-forest' && (
            <Space>
              {t('research.classify.trees')}
              <InputNumber min={1} max={300} value={trees} onChange={(v) => setTrees(v ?? 100)} />
            </Space>
          )}
          <StartButton
            a={a}
            disabled={!target || !features.length}
            params={() => ({ kind: 'classification', classifier, target: target!, features, trees })}
          >
            {t('research.classify.train')}
          </StartButton>
        </>
      )}
    >
      <Button type="primary" data-testid="view-result" onClick={() => a.job && void navigate(resultPath(a.job.id))}>
        {t('research.classify.viewResult')}
      </Button>
      <Card size="small" title={t('research.classify.history')}>
        <Table<ResearchJobSummary>
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={history.data ?? []}
          columns={[
            { title: t('research.createdAt'), render: (_, j) => date(j.createdAt, { time: true }) },
            {
              title: t('research.classify.target'),
              render: (_, j) => (typeof j.params.target === 'string' ? j.params.target : ''),
            },
            {
              title: t('research.classify.classifier'),
              render: (_, j) => t(`research.classify.models.${String(j.params.classifier)}`),
            },
            { title: t('research.progress'), render: (_, j) => <Tag>{t(`research.status.${j.status}`)}</Tag> },
            {
              title: '',
              render: (_, j) =>
                (j.status === 'done' || j.status === 'warning') && (
                  <Button size="small" onClick={() => void navigate(resultPath(j.id))}>
                    {t('research.classify.viewResult')}
                  </Button>
                ),
            },
          ]}
        />
      </Card>
    </AnalysisFrame>
  );
}
