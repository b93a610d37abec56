import './texts.js';
import { Alert, Button, Space, Spin, Typography } from 'antd';
import { CheckCircleTwoTone } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { FACE_ERRORS, qualityIssueText, TONGUE_ERRORS, type CaptureSlot, type EngineOutcome } from '@tcm/contract';
import { useReaderFormat } from '../lib/reader-format.js';
import type { CaptureCheckState } from './use-capture-checks.js';

/** What the engine read, in one line: the pulse rate, the voiced seconds; photos just "read". */
function Reading({ outcome }: { outcome: EngineOutcome }) {
  const { t } = useTranslation();
  const fmt = useReaderFormat();
  if (outcome.status !== 'done') return null;
  switch (outcome.engine) {
    case 'pulse':
      return <>{t('record.check.pulseRead', { bpm: fmt.number(outcome.result.rateBpm, 0) })}</>;
    case 'voice':
      return <>{t('record.check.voiceRead', { s: fmt.number(outcome.result.voicedDurationS, 1) })}</>;
    case 'tongue':
    case 'face':
      return <>{t('record.check.photoRead')}</>;
    // Not capture slots: their outcomes never come to a capture check.
    case 'constitution':
    case 'vitals':
    case 'synthesis':
      return null;
  }
}

/** Quality warnings of a photo the engine read (it may still be worth retaking). */
function PhotoIssues({ outcome }: { outcome: EngineOutcome }) {
  const { i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  if (outcome.status !== 'done' || (outcome.engine !== 'tongue' && outcome.engine !== 'face')) return null;
  const catalogue = outcome.engine === 'tongue' ? TONGUE_ERRORS : FACE_ERRORS;
  return (
    <>
      {outcome.result.quality.issues.map((q) => {
        const text = qualityIssueText(q, catalogue, lang);
        return <Alert key={q.code} type="warning" showIcon title={text.problem} description={text.tip} />;
      })}
    </>
  );
}

/**
 * The check of one capture at its step (issue 17): checking, read (with what was read), or
 * refused with the engine's own message and a tip; an optional capture can be left out here.
 */
export function CaptureCheckPanel(props: { slot: CaptureSlot; state: CaptureCheckState; onRemove?: () => void }) {
  const { t } = useTranslation();
  const { state, slot } = props;
  return (
    <Space orientation="vertical" style={{ width: '100%', marginTop: 12 }} data-testid={`check-${slot}`}>
      {state.status === 'checking' && (
        <Space data-testid={`check-${slot}-checking`}>
          <Spin size="small" />
          <Typography.Text type="secondary">{t('record.check.checking')}</Typography.Text>
        </Space>
      )}
      {state.status === 'ok' && (
        <>
          <Typography.Text data-testid={`check-${slot}-ok`}>
            <CheckCircleTwoTone twoToneColor="#52c41a" /> <Reading outcome={state.outcome} />
          </Typography.Text>
          <PhotoIssues outcome={state.outcome} />
        </>
      )}
      {state.status === 'unchecked' && (
        <Typography.Text type="secondary" data-testid={`check-${slot}-unchecked`}>
          {t('record.check.unchecked')}
        </Typography.Text>
      )}
      {state.status === 'failed' && (
        <Alert
          type="error"
          showIcon
          data-testid={`check-${slot}-failed`}
          title={state.msg}
          description={t(`record.check.tip.${slot}`)}
          action={
            props.onRemove && (
              <Button size="small" onClick={props.onRemove} data-testid={`check-${slot}-remove`}>
                {t('record.check.leaveOut')}
              </Button>
            )
          }
        />
      )}
    </Space>
  );
}
