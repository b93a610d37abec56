import './texts.js';
import { Alert, Col, Progress, Row, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  bilingualText,
  evidencePairs,
  FEATURE_METHOD_WORDS,
  qualityIssueText,
  readerLang,
  SCORE_SCALES,
  shownScore,
  TONGUE_ERRORS,
  tongueFeatureWord,
  tongueLabelWord,
  wordOf,
  type TongueResult,
} from '@tcm/contract';
import { MaskedPhoto } from './MaskedPhoto.js';
import { featureRows, pct, type FeatureRow } from './result-format.js';
import { StackTable } from './StackTable.js';

/** The model's probability for the label it chose. */
const probabilityOf = (f: FeatureRow): number | undefined => f.probabilities.find(([l]) => l === f.label)?.[1];

/** The tongue result: the photo with the outline found, quality notes, and every feature with its evidence. */
export function TongueView({ r, photoUrl }: { r: TongueResult; photoUrl: string | null }) {
  const { t, i18n } = useTranslation();
  const lang = readerLang(i18n.language);
  const rows = featureRows(r.features);
  // Feature names and labels come from the contract's vocabulary, as in the PDF.
  const label = (f: FeatureRow, l: string) => tongueLabelWord(f.name, l, lang);
  return (
    <Row gutter={[24, 16]}>
      <Col xs={24} md={10}>
        {photoUrl && <MaskedPhoto src={photoUrl} mask={r.mask} alt={t('record.engine.tongue')} />}
        <Typography.Paragraph type="secondary" style={{ marginTop: 8, fontSize: 12 }}>
          {t('record.maskNote', { share: pct(r.mask.areaFraction, lang) })}
        </Typography.Paragraph>
        {r.quality.issues.map((q) => {
          const text = qualityIssueText(q, TONGUE_ERRORS, lang);
          return (
            <Alert
              key={q.code}
              type="warning"
              showIcon
              style={{ marginBottom: 8 }}
              title={text.problem}
              description={text.tip}
            />
          );
        })}
      </Col>
      <Col xs={24} md={14}>
        <StackTable<FeatureRow>
          rowKey="name"
          dataSource={rows}
          data-testid="tongue-features"
          columns={[
            { title: t('record.featureName'), render: (_, f) => tongueFeatureWord(f.name, lang) },
            {
              title: t('record.finding'),
              render: (_, f) => (
                <Space orientation="vertical" size={0}>
                  <Typography.Text strong data-testid={`tongue-word-${f.name}`}>
                    {label(f, f.label)}
                  </Typography.Text>
                  {/* The model's probability for this label: what people read as confidence. */}
                  {probabilityOf(f) !== undefined && (
                    <Typography.Text data-testid={`tongue-prob-${f.name}`}>
                      {SCORE_SCALES['score.tongueProbability'].name[lang]} {pct(probabilityOf(f)!, lang)}
                    </Typography.Text>
                  )}
                  {/* Severity is another number (toward the feature's severe end): named as such. */}
                  {f.score !== null && (
                    <Typography.Text
                      type="secondary"
                      style={{ fontSize: 12 }}
                      data-testid={`tongue-severity-${f.name}`}
                    >
                      {SCORE_SCALES['score.tongueSeverity'].name[lang]} {shownScore('score.tongueSeverity', f.score)}
                      <Progress
                        percent={shownScore('score.tongueSeverity', f.score)}
                        showInfo={false}
                        size="small"
                        style={{ width: 80, marginLeft: 6 }}
                        aria-label={SCORE_SCALES['score.tongueSeverity'].scale[lang]}
                      />
                    </Typography.Text>
                  )}
                </Space>
              ),
            },
            {
              title: t('record.evidence'),
              render: (_, f) => (
                <Space orientation="vertical" size={0} style={{ fontSize: 12 }}>
                  <span>
                    {f.method && <Tag>{wordOf(FEATURE_METHOD_WORDS, f.method, lang)}</Tag>}
                    {f.probabilities.map(([l, p]) => `${label(f, l)} ${pct(p, lang)}`).join(' · ')}
                  </span>
                  {f.evidence.length > 0 && (
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {evidencePairs(Object.fromEntries(f.evidence), lang)}
                    </Typography.Text>
                  )}
                </Space>
              ),
            },
          ]}
        />
        {r.notes.map((n, i) => (
          <Typography.Paragraph key={i} type="secondary" style={{ fontSize: 12, marginTop: 8 }}>
            {bilingualText(n, lang)}
          </Typography.Paragraph>
        ))}
      </Col>
    </Row>
  );
}
