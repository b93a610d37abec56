import { Alert, Button, Card, Descriptions, Progress, Result, Space, Spin, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { vocabularyWord, type ScreeningEvidence } from '@tcm/contract';
import { useReaderFormat } from '../../lib/reader-format.js';
import { useScreening, useScreeningPdf } from './disease-api.js';
import { LEVEL_COLORS, pct, useWord } from './use-word.js';

/** The report's two PDFs, one a language, each with its button's words. */
const PDF_BUTTONS = [
  ['zh', 'disease.result.pdf'],
  ['en', 'disease.result.pdfEn'],
] as const;

/** A saved screening: the risk, every item of evidence with its share, the patterns' fit and the PDF. */
export function ScreeningResult({ id, onBack }: { id: string; onBack: () => void }) {
  const { t } = useTranslation();
  const w = useWord();
  const { lang, date } = useReaderFormat();
  const s = useScreening(id);
  const pdf = useScreeningPdf();
  if (s.isPending) return <Spin data-testid="result-loading" />;
  if (s.isError)
    return (
      <Result status="warning" title={t('disease.loadFailed', { msg: s.error.message })} data-testid="result-error" />
    );
  const { result: r } = s.data;
  const missing = r.missingModalities.map((m) => t(`disease.modality.${m}`)).join(lang === 'zh' ? '、' : ', ');
  return (
    <Space direction="vertical" style={{ width: '100%', maxWidth: 1100 }} data-testid="screen-result">
      <Space>
        <Button onClick={onBack}>{t('disease.result.back')}</Button>
        {PDF_BUTTONS.map(([pdfLang, label]) => (
          <Button
            key={pdfLang}
            onClick={() => pdf.mutate({ id, lang: pdfLang })}
            loading={pdf.isPending && pdf.variables.lang === pdfLang}
            data-testid={`result-pdf-${pdfLang}`}
          >
            {t(label)}
          </Button>
        ))}
      </Space>
      <Card title={`${t('disease.result.title')} · ${w(s.data.diseaseName)}`}>
        <Descriptions column={3} size="small">
          <Descriptions.Item label={t('disease.screen.person')}>{s.data.person.name ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('disease.list.when')}>{date(s.data.createdAt)}</Descriptions.Item>
          <Descriptions.Item label={t('disease.list.by')}>{s.data.createdBy ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('disease.result.level')}>
            <Tag color={LEVEL_COLORS[r.level]} data-testid="result-level" data-level={r.level}>
              {vocabularyWord(`risk.${r.level}`, lang)}
            </Tag>
          </Descriptions.Item>
          <Descriptions.Item label={t('disease.result.risk')}>
            <Progress
              percent={Math.round(r.risk * 100)}
              size="small"
              style={{ width: 160 }}
              data-testid="result-risk"
            />
          </Descriptions.Item>
          <Descriptions.Item label="">
            {t('disease.result.points', { points: r.points, max: r.maxPoints })} ·{' '}
            {t('disease.result.coverage', { value: pct(r.coverage) })}
          </Descriptions.Item>
        </Descriptions>
        {missing && (
          <Typography.Text type="secondary">{t('disease.result.missing', { list: missing })}</Typography.Text>
        )}
      </Card>
      <Card size="small" title={t('disease.result.evidence')}>
        <Table<ScreeningEvidence>
          rowKey={(e) => `${e.kind}:${e.key}`}
          size="small"
          pagination={false}
          dataSource={r.evidence}
          locale={{ emptyText: t('disease.result.noEvidence') }}
          data-testid="result-evidence"
          columns={[
            { title: '', render: (_, e) => <Tag>{t(`disease.result.${e.kind}`)}</Tag> },
            { title: t('disease.result.item'), render: (_, e) => w(e.text) },
            { title: t('disease.knowledge.points'), dataIndex: 'points' },
            { title: t('disease.result.confidence'), render: (_, e) => pct(e.confidence) },
            { title: t('disease.result.contribution'), dataIndex: 'contribution' },
            {
              title: t('disease.result.share'),
              render: (_, e) => <Progress percent={Math.round(e.share * 100)} size="small" style={{ width: 120 }} />,
            },
            { title: t('disease.result.source'), dataIndex: 'source' },
          ]}
        />
      </Card>
      <Card size="small" title={t('disease.result.patterns')}>
        <Table
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={r.patterns}
          columns={[
            { title: t('disease.knowledge.patternName'), render: (_, p) => w(p.name) },
            {
              title: t('disease.result.fit'),
              render: (_, p) => (p.score === null ? t('disease.result.noFit') : pct(p.score)),
            },
          ]}
        />
      </Card>
      <Alert type="info" showIcon title={t('disease.result.disclaimer')} />
    </Space>
  );
}
