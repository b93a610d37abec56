import './texts.js';
import { lazy, Suspense } from 'react';
import { Alert, Descriptions, List, Progress, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type {
  ConstitutionResult,
  EngineOutcome,
  FaceResult,
  IndicatorAssessment,
  PulseResult,
  PulseWave,
  RecordEngine,
  SynthesisResult,
  VitalsResult,
  VoiceResult,
} from '@tcm/contract';
import {
  bilingualText,
  COMPLEXION_WORDS,
  constitutionWord,
  evidenceLine,
  evidencePairs,
  FACE_FEATURE_WORDS,
  FACE_METRIC_WORDS,
  faceMetricScore,
  failureText,
  GLOSS_WORDS,
  LIP_COLOR_WORDS,
  PULSE_CLASS_WORDS,
  readerLang,
  RISK_LEVEL_WORDS,
  ruleText,
  SCORE_SCALES,
  shownScore,
  SKIN_TONE_WORDS,
  VERDICT_WORDS,
  VOICE_READING_WORDS,
  PATTERN_WORDS,
  wordOf,
  type FaceMetricName,
} from '@tcm/contract';
import { loc, num, pct } from './result-format.js';
import { useShowDetails } from './result-details.js';
import { STACK_TABLE, stackColumns } from './stack-table.js';

// The charts (ECharts) load only where a result has a pulse wave or constitution scores.
const charts = () => import('./ResultCharts.js');
const ConstitutionRadar = lazy(() => charts().then((m) => ({ default: m.ConstitutionRadar })));
const PulseWaveform = lazy(() => charts().then((m) => ({ default: m.PulseWaveform })));

const LEVEL_COLOR = { low: 'green', medium: 'orange', high: 'red' } as const;

/** Engine and model version of one result (every result shows them, behind the details switch). */
export function VersionTag({ outcome }: { outcome: EngineOutcome }) {
  const { t } = useTranslation();
  const details = useShowDetails();
  const v = outcome.version;
  if (!details) return null;
  return (
    <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="engine-version">
      {t('record.version', { engine: v.engine })}
      {v.model ? ` · ${t('record.model', { model: v.model })}` : ''}
      {` · ${t('record.took', { ms: Math.round(outcome.ms) })}`}
    </Typography.Text>
  );
}

/** A section per engine: its failure, or its result in its own view. */
/** A saved failure in the reader's language (by its code), else as saved; the code only with the details. */
export const failureLine = (f: { code: number; msg: string }, lang: string, withCode = false): string =>
  `${failureText(f.code, readerLang(lang)) ?? f.msg}${withCode ? ` (${f.code})` : ''}`;

export function EngineFailure({
  outcome,
  engine,
}: {
  outcome: Extract<EngineOutcome, { status: 'failed' }>;
  engine: RecordEngine;
}) {
  const { t, i18n } = useTranslation();
  const details = useShowDetails();
  return (
    <Alert
      type="warning"
      showIcon
      data-testid={`engine-failed-${engine}`}
      title={t('record.engineFailed', { engine: t(`record.engine.${engine}`) })}
      description={failureLine(outcome.error, i18n.language, details)}
    />
  );
}

/** Pulse and voice evidence: each measure named, with its value and the rule it was held against. */
function RuleEvidence({ items }: { items: { measure: string; value: number | null; rule: string }[] }) {
  const { i18n } = useTranslation();
  return (
    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
      {items.map((e) => evidenceLine(e, readerLang(i18n.language))).join(' · ')}
    </Typography.Text>
  );
}

/** Named evidence values in the reader's language (the engines' identifiers are for programs). */
function Evidence({ values }: { values: Record<string, number> }) {
  const { i18n } = useTranslation();
  return (
    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
      {evidencePairs(values, readerLang(i18n.language))}
    </Typography.Text>
  );
}

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

export function PulseView({ r, wave }: { r: PulseResult; wave?: PulseWave }) {
  const { t, i18n } = useTranslation();
  const lang = readerLang(i18n.language);
  // The card names the mean rate (the report's); the pulse type is judged on the median beat
  // interval's rate. Where the two differ they are both explained (issue 17: two unexplained rates).
  const median = r.channels[0]?.medianRateBpm;
  const mean = num(Math.round(r.rateBpm), lang);
  const medianText = median === undefined ? mean : num(Math.round(median), lang);
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Typography.Text>
        <span data-testid="pulse-rate">{t('record.pulse.rate', { bpm: mean })}</span> ·{' '}
        {t('record.pulse.quality', { q: pct(r.quality.index, lang) })}
      </Typography.Text>
      {medianText !== mean && (
        <Typography.Text type="secondary" data-testid="pulse-rates">
          {t('record.pulse.rates', { mean, median: medianText })}
        </Typography.Text>
      )}
      {wave && (
        <div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('record.pulse.waveform')}
          </Typography.Text>
          <Suspense fallback={null}>
            <PulseWaveform wave={wave} />
          </Suspense>
        </div>
      )}
      <List
        size="small"
        dataSource={r.classes}
        renderItem={(c) => (
          <List.Item>
            <Space orientation="vertical" size={0}>
              <Typography.Text strong>
                <span data-testid="pulse-class">{wordOf(PULSE_CLASS_WORDS, c.code, lang, c[lang])}</span> —{' '}
                {bilingualText(c.suggests, lang)}
              </Typography.Text>
              <RuleEvidence items={c.evidence} />
            </Space>
          </List.Item>
        )}
      />
    </Space>
  );
}

export function VoiceView({ r }: { r: VoiceResult }) {
  const { t, i18n } = useTranslation();
  const lang = readerLang(i18n.language);
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Typography.Text>
        {t('record.voice.pitch', { hz: num(r.pitch.meanHz, lang) })} ·{' '}
        {t('record.voice.duration', { s: num(r.quality.durationS, lang) })}
        {r.hnrDb !== null && ` · ${t('record.voice.hnr', { v: num(r.hnrDb, lang) })}`}
        {r.jitterLocalPct !== null && ` · ${t('record.voice.jitter', { v: num(r.jitterLocalPct, lang) })}`}
        {r.shimmerLocalPct !== null && ` · ${t('record.voice.shimmer', { v: num(r.shimmerLocalPct, lang) })}`}
      </Typography.Text>
      {r.readings.map((rd) => (
        <div key={rd.code}>
          <Typography.Text strong>
            <span data-testid="voice-reading">{wordOf(VOICE_READING_WORDS, rd.code, lang, rd[lang])}</span> —{' '}
            {bilingualText(rd.suggests, lang)}
          </Typography.Text>
          <div>
            <RuleEvidence items={rd.evidence} />
          </div>
        </div>
      ))}
    </Space>
  );
}

export function ConstitutionView({ r }: { r: ConstitutionResult }) {
  const { t, i18n } = useTranslation();
  const lang = readerLang(i18n.language);
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Typography.Paragraph strong>{loc(r.summary.text, lang)}</Typography.Paragraph>
      <Suspense fallback={null}>
        <ConstitutionRadar r={r} />
      </Suspense>
      <Table
        size="small"
        pagination={false}
        rowKey="code"
        dataSource={r.scales}
        className={STACK_TABLE}
        columns={stackColumns<ConstitutionResult['scales'][number]>([
          { title: t('record.constitution.type'), render: (_, s) => constitutionWord(s.code, lang) },
          {
            title: t('record.constitution.score'),
            render: (_, s) => (
              <span data-testid={`constitution-score-${s.code}`}>{shownScore('score.constitution', s.display)}</span>
            ),
          },
          { title: t('record.constitution.verdict'), render: (_, s) => VERDICT_WORDS[s.verdict][lang] },
        ])}
      />
      <Typography.Text type="secondary">{r.standard}</Typography.Text>
    </Space>
  );
}

/** An indicator's value with its unit; blood pressure as systolic/diastolic. */
export function vitalsValue(x: IndicatorAssessment, lang: 'zh' | 'en'): string {
  const { systolic, diastolic } = x.inputs;
  if (x.indicator === 'bloodPressure' && systolic !== undefined && diastolic !== undefined)
    return `${num(systolic, lang)}/${num(diastolic, lang)} ${x.unit}`;
  return `${num(x.value, lang)} ${x.unit}`;
}

export function VitalsView({ r }: { r: VitalsResult }) {
  const { t, i18n } = useTranslation();
  const lang = readerLang(i18n.language);
  return (
    <Table
      size="small"
      pagination={false}
      rowKey="indicator"
      dataSource={r.indicators}
      className={STACK_TABLE}
      columns={stackColumns<IndicatorAssessment>([
        { title: t('record.vitals.indicator'), render: (_, x) => loc(x.name, lang) },
        {
          title: t('record.vitals.value'),
          // Blood pressure is both pressures, systolic/diastolic (issue 17: the diastolic was dropped).
          render: (_, x) => <span data-testid={`vitals-value-${x.indicator}`}>{vitalsValue(x, lang)}</span>,
        },
        {
          title: t('record.vitals.level'),
          render: (_, x) => <Tag color={LEVEL_COLOR[x.level]}>{RISK_LEVEL_WORDS[x.level][lang]}</Tag>,
        },
        { title: t('record.vitals.reason'), render: (_, x) => loc(x.reason, lang) },
        { title: t('record.vitals.reference'), render: (_, x) => loc(x.reference, lang) },
      ])}
    />
  );
}

/** The synthesis: patterns the findings suggest, each with the evidence for and against it. */
export function SynthesisView({ r }: { r: SynthesisResult }) {
  const { t, i18n } = useTranslation();
  const lang = readerLang(i18n.language);
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="synthesis">
      {r.patterns.length === 0 && <Typography.Text>{t('record.noPattern')}</Typography.Text>}
      {r.patterns.map((p) => (
        <div key={p.id} style={{ borderBottom: '1px solid #f0f0f0', paddingBottom: 8 }}>
          <Space wrap>
            <Typography.Text strong>
              {t('record.suggests', { name: wordOf(PATTERN_WORDS, p.id, lang, loc(p.name, lang)) })}
            </Typography.Text>
            <Tag>{t(`record.strength.${p.strength}`)}</Tag>
            <Typography.Text type="secondary">
              {t('record.patternScore', {
                score: pct(shownScore('score.syndrome', p.score) / 100, lang),
                confidence: pct(p.confidence, lang),
              })}
            </Typography.Text>
          </Space>
          <Typography.Paragraph style={{ margin: '4px 0' }}>{loc(p.summary, lang)}</Typography.Paragraph>
          <ul style={{ margin: 0, paddingLeft: 20 }}>
            {p.evidence.map((e, i) => (
              <li key={i}>
                <Tag color={e.role === 'supports' ? 'blue' : 'default'}>{t(`record.role.${e.role}`)}</Tag>
                {loc(e.text, lang)}
              </li>
            ))}
          </ul>
          {p.missingModalities.length > 0 && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('record.missing', {
                list: p.missingModalities.map((m) => t(`record.modality.${m}`)).join(lang === 'en' ? ', ' : '、'),
              })}
            </Typography.Text>
          )}
        </div>
      ))}
      {r.risks.length > 0 && (
        <Space wrap>
          {r.risks.map((x) => (
            <Tag key={x.indicator} color={LEVEL_COLOR[x.level]}>
              {loc(x.reason, lang)}
            </Tag>
          ))}
        </Space>
      )}
      {r.warnings.map((w, i) => (
        <Alert key={i} type="info" title={loc(w, lang)} />
      ))}
      <Typography.Text type="secondary" data-testid="disclaimer">
        {loc(r.disclaimer, lang)}
      </Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('record.kbVersion', { version: r.knowledgeBase.version })}
      </Typography.Text>
    </Space>
  );
}
