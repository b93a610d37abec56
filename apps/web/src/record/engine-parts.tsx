import './texts.js';
import { Alert, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  type EngineOutcome,
  evidenceLine,
  evidencePairs,
  failureText,
  readerLang,
  type RecordEngine,
} from '@tcm/contract';
import { useShowDetails } from './result-details.js';

// What every engine's card shares (the version line, the failure, the evidence lines, the level
// colours). Each engine's own view is a file of its own beside it: FaceView, PulseView,
// VoiceView, ConstitutionView, VitalsView, SynthesisView (TongueView for the tongue).

/** Tag colour of a risk level (vitals and the synthesis's risks). */
export const LEVEL_COLOR = { low: 'green', medium: 'orange', high: 'red' } as const;

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
export function RuleEvidence({ items }: { items: { measure: string; value: number | null; rule: string }[] }) {
  const { i18n } = useTranslation();
  return (
    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
      {items.map((e) => evidenceLine(e, readerLang(i18n.language))).join(' · ')}
    </Typography.Text>
  );
}

/** Named evidence values in the reader's language (the engines' identifiers are for programs). */
export function Evidence({ values }: { values: Record<string, number> }) {
  const { i18n } = useTranslation();
  return (
    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
      {evidencePairs(values, readerLang(i18n.language))}
    </Typography.Text>
  );
}
