import { Descriptions, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ConstitutionScale, FormScore } from '@tcm/contract';
import { textIn, type Lang } from '../../../../components/inquiry/FormFiller.js';
import { useReaderFormat } from '../../../../lib/reader-format.js';

/** A form's score: each points total with its band, or the constitution engine's scales and verdicts. */
export function ScoreView({ score }: { score: FormScore | null }) {
  const { t, i18n } = useTranslation();
  const { number } = useReaderFormat();
  const lang: Lang = i18n.language === 'en' ? 'en' : 'zh';
  if (!score || score.kind === 'none') return null;
  if (score.kind === 'points')
    return (
      <Descriptions size="small" bordered column={1} data-testid="score-view">
        {score.scores.map((s) => (
          <Descriptions.Item key={s.id} label={textIn(s.label, lang)}>
            {number(s.total, 2)} {s.band && `(${textIn(s.band, lang)})`}
          </Descriptions.Item>
        ))}
      </Descriptions>
    );
  const r = score.result;
  return (
    <div data-testid="score-view">
      <Typography.Paragraph strong data-testid="constitution-summary">
        {r.summary.text[lang]}
      </Typography.Paragraph>
      <Table<ConstitutionScale>
        size="small"
        rowKey="code"
        pagination={false}
        dataSource={r.scales}
        columns={[
          { title: t('archive.inquiry.scaleCol'), render: (_: unknown, s) => (lang === 'en' ? s.en : s.zh) },
          { title: t('archive.inquiry.transformed'), render: (_: unknown, s) => number(s.display, 2) },
          {
            title: t('archive.inquiry.verdict'),
            render: (_: unknown, s) => t(`archive.inquiry.verdicts.${s.verdict}`),
          },
        ]}
      />
    </div>
  );
}
