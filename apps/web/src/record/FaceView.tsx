import './texts.js';
import { Descriptions, Progress, Space, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  COMPLEXION_WORDS,
  FACE_FEATURE_WORDS,
  FACE_METRIC_WORDS,
  type FaceMetricName,
  faceMetricScore,
  type FaceResult,
  GLOSS_WORDS,
  LIP_COLOR_WORDS,
  readerLang,
  ruleText,
  SCORE_SCALES,
  shownScore,
  SKIN_TONE_WORDS,
  wordOf,
} from '@tcm/contract';
import { loc, num } from './result-format.js';
import { Evidence } from './engine-parts.js';

/** The face engine's card: complexion, gloss, lips, skin tone and the scored metrics, each with its evidence. */
export function FaceView({ r }: { r: FaceResult }) {
  const { t, i18n } = useTranslation();
  const lang = readerLang(i18n.language);
  // Classes are worded from the vocabulary by their ids (the PDF does the same); the engine's
  // own label is the fallback for a class a newer engine adds.
  const feature = (k: keyof typeof FACE_FEATURE_WORDS) => FACE_FEATURE_WORDS[k][lang];
  const metrics = Object.entries(r.metrics).filter(([k]) => k !== 'skinTone') as [
    string,
    { score: number; evidence: Record<string, number>; confidence?: 'normal' | 'low' },
  ][];
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Typography.Paragraph>{loc(r.summary, lang)}</Typography.Paragraph>
      <Typography.Text type="secondary" data-testid="face-score-scale">
        {SCORE_SCALES['face.metric.spots'].scale[lang]}
      </Typography.Text>
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label={feature('complexion')}>
          <span data-testid="face-word-complexion">
            {wordOf(COMPLEXION_WORDS, r.complexion.class, lang, loc(r.complexion.label, lang))}
          </span>{' '}
          <Evidence values={r.complexion.evidence} />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {' '}
            {ruleText(r.complexion.rule, lang)}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={feature('gloss')}>
          <span data-testid="face-word-gloss">
            {wordOf(GLOSS_WORDS, r.gloss.class, lang, loc(r.gloss.label, lang))}
          </span>{' '}
          <Evidence values={r.gloss.evidence} />
        </Descriptions.Item>
        <Descriptions.Item label={feature('lips')}>
          <span data-testid="face-word-lips">
            {wordOf(LIP_COLOR_WORDS, r.lips.class, lang, loc(r.lips.label, lang))}
          </span>{' '}
          <Evidence values={r.lips.evidence} />
        </Descriptions.Item>
        <Descriptions.Item label={feature('skinTone')}>
          {wordOf(SKIN_TONE_WORDS, r.metrics.skinTone.category, lang, loc(r.metrics.skinTone.label, lang))} (ITA{' '}
          {num(r.metrics.skinTone.ita, lang)}°)
        </Descriptions.Item>
        {metrics.map(([k, m]) => (
          <Descriptions.Item key={k} label={wordOf(FACE_METRIC_WORDS, k, lang)}>
            {/* Shown through the contract's one direction per score, as the PDF shows it. */}
            <Progress
              percent={shownScore(faceMetricScore(k as FaceMetricName), m.score)}
              format={(p) => <span data-testid={`face-score-${k}`}>{p}</span>}
              size="small"
              style={{ width: 200 }}
            />{' '}
            {m.confidence === 'low' ? (
              <Tooltip title={t('record.faceLowConfidenceTip')}>
                <Tag color="orange" data-testid={`face-low-${k}`}>
                  {t('record.faceLowConfidence')}
                </Tag>
              </Tooltip>
            ) : null}
            <Evidence values={m.evidence} />
          </Descriptions.Item>
        ))}
      </Descriptions>
    </Space>
  );
}
