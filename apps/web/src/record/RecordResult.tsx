import './texts.js';
import { useState } from 'react';
import { Alert, Button, Card, Progress, Space, Spin, Tag, Typography, message } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  CAPTURE_SLOTS,
  failedParts,
  hasResults,
  isFinishedStatus,
  RECORD_ENGINES,
  type CaptureSlot,
  type EngineOutcome,
  type RecordDetail,
  type RecordEngine,
  type RecordProgress,
  type RecordStatus,
  type RedoPart,
} from '@tcm/contract';
import { EngineFailure, failureLine, VersionTag } from './engine-parts.js';
import { ConstitutionView } from './ConstitutionView.js';
import { FaceView } from './FaceView.js';
import { PulseView } from './PulseView.js';
import { SynthesisView } from './SynthesisView.js';
import { VitalsView } from './VitalsView.js';
import { VoiceView } from './VoiceView.js';
import { TongueView } from './TongueView.js';
import { ResultDetails, useShowDetails } from './result-details.js';
import { useReaderFormat } from '../lib/reader-format.js';
import { asyncHandler } from '../lib/async-handler.js';
import { PHONE_FIRST } from './stack-table.js';

const isCapture = (e: RecordEngine): e is CaptureSlot => (CAPTURE_SLOTS as readonly string[]).includes(e);
/** The parts a person may redo alone: the captures and the questionnaire (docs/records.md "Redo"). */
const isRedoPart = (e: RecordEngine): e is RedoPart => isCapture(e) || e === 'constitution';

// Every status has its color: a new status fails the typecheck here until it is decided.
export const STATUS_COLOR: Record<RecordStatus, string> = {
  queued: 'default',
  running: 'processing',
  done: 'success',
  partial: 'warning',
  failed: 'error',
};

/** Progress of a queued or running analysis (server-sent events, or polling as fallback). */
export function AnalysisProgress({ progress, via }: { progress: RecordProgress; via: 'events' | 'polling' | null }) {
  const { t } = useTranslation();
  const details = useShowDetails();
  const percent = progress.total ? Math.round((progress.done / progress.total) * 100) : 0;
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="analysis-progress">
      <Space>
        <Spin size="small" />
        <Typography.Text>
          {progress.status === 'queued'
            ? t('record.queued')
            : t('record.running', { step: progress.step ? t(`record.engine.${progress.step}`) : '' })}
        </Typography.Text>
      </Space>
      <Progress percent={percent} status="active" />
      {via && details && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t(`record.via.${via}`)}
        </Typography.Text>
      )}
    </Space>
  );
}

/** A done engine's view: the outcome's engine says which result it holds. */
function engineBody(outcome: Extract<EngineOutcome, { status: 'done' }>, detail: RecordDetail) {
  const photoUrl = detail.files.tongue?.url ?? null;
  switch (outcome.engine) {
    case 'tongue':
      return <TongueView r={outcome.result} photoUrl={photoUrl} />;
    case 'face':
      return <FaceView r={outcome.result} />;
    case 'pulse':
      return <PulseView r={outcome.result} wave={detail.pulseWave} />;
    case 'voice':
      return <VoiceView r={outcome.result} />;
    case 'constitution':
      return <ConstitutionView r={outcome.result} />;
    case 'vitals':
      return <VitalsView r={outcome.result} />;
    case 'synthesis':
      return <SynthesisView r={outcome.result} />;
  }
}

/**
 * A record's result: status, progress while it runs, the failure with a retry, then a card per
 * engine (its result with engine/model version, or its own failure). Synthesis comes first:
 * it is what the findings together suggest.
 */
export function RecordResult(props: {
  detail: RecordDetail;
  progress: RecordProgress | null;
  via: 'events' | 'polling' | null;
  onRetry?: () => Promise<void>;
  /** Report download buttons (zh/en), shown once the record is done. */
  actions?: React.ReactNode;
  /**
   * The redo of one capture (issue 17 item 4), where the reader may redo it: offered on a
   * failed capture's card of a finished record; `close` hides it again.
   */
  redo?: (part: RedoPart, close: () => void) => React.ReactNode;
}) {
  const { t } = useTranslation();
  const fmt = useReaderFormat();
  const { detail } = props;
  const progress = props.progress ?? detail.progress;
  const status = progress.status;
  const [retrying, setRetrying] = useState(false);
  const [redoing, setRedoing] = useState<RedoPart | null>(null);
  const finished = isFinishedStatus(status);
  const order: RecordEngine[] = ['synthesis', ...RECORD_ENGINES.filter((e) => e !== 'synthesis')];
  return (
    <ResultDetails>
      {(toggle) => (
        // Phone-first wherever a result is shown (member home, drawers, visitor and H5 pages).
        <Space
          orientation="vertical"
          style={{ width: '100%' }}
          size="middle"
          data-testid="record-result"
          className={PHONE_FIRST}
        >
          <Space wrap>
            <Tag color={STATUS_COLOR[status]} data-testid="record-status" data-status={status}>
              {t(`record.status.${status}`)}
            </Tag>
            {detail.person.name && <Typography.Text>{detail.person.name}</Typography.Text>}
            <Typography.Text type="secondary">{fmt.date(detail.createdAt)}</Typography.Text>
            {toggle}
          </Space>
          {(status === 'queued' || status === 'running') && <AnalysisProgress progress={progress} via={props.via} />}
          {status === 'failed' && (
            <Alert
              type="error"
              showIcon
              data-testid="record-failed"
              title={t('record.failed')}
              description={progress.failure ? <FailureText failure={progress.failure} /> : undefined}
              action={
                props.onRetry && (
                  <Button
                    loading={retrying}
                    data-testid="record-retry"
                    onClick={asyncHandler(async () => {
                      setRetrying(true);
                      try {
                        await props.onRetry!();
                      } catch {
                        void message.error(t('record.retryFailed'));
                      } finally {
                        setRetrying(false);
                      }
                    })}
                  >
                    {t('record.retry')}
                  </Button>
                )
              }
            />
          )}
          {status === 'partial' && <PartialNotice detail={detail} />}
          {hasResults(status) && props.actions}
          {hasResults(status) && (
            <Alert type="info" showIcon title={t('record.decisionSupport')} data-testid="decision-support" />
          )}
          {order.map((engine) => {
            const outcome = detail.results[engine];
            if (!outcome) return null;
            return (
              <Card
                key={engine}
                size="small"
                title={t(`record.engine.${engine}`)}
                extra={<VersionTag outcome={outcome} />}
                data-testid={`engine-${engine}`}
              >
                {outcome.status === 'failed' ? (
                  <EngineFailure outcome={outcome} engine={engine} />
                ) : (
                  engineBody(outcome, detail)
                )}
                {props.redo && finished && isRedoPart(engine) && outcome.status === 'failed' && (
                  <div style={{ marginTop: 12 }}>
                    {redoing === engine ? (
                      <Space orientation="vertical" style={{ width: '100%' }}>
                        <Typography.Text type="secondary">
                          {t(engine === 'constitution' ? 'record.redo.answersIntro' : 'record.redo.intro')}
                        </Typography.Text>
                        {props.redo(engine, () => setRedoing(null))}
                      </Space>
                    ) : (
                      <Button type="primary" data-testid={`redo-${engine}`} onClick={() => setRedoing(engine)}>
                        {t(engine === 'constitution' ? 'record.redo.answersAction' : 'record.redo.action')}
                      </Button>
                    )}
                  </div>
                )}
              </Card>
            );
          })}
        </Space>
      )}
    </ResultDetails>
  );
}

/** A record's failure in the reader's language; its code only with the details. */
function FailureText({ failure }: { failure: { code: number; msg: string } }) {
  const { i18n } = useTranslation();
  return <>{failureLine(failure, i18n.language, useShowDetails())}</>;
}

/**
 * What a partial record lacks and why (issue 32): each failed part by name with its reason worded
 * from its code in the reader's language, so a missing part is never silent.
 */
function PartialNotice({ detail }: { detail: RecordDetail }) {
  const { t, i18n } = useTranslation();
  const details = useShowDetails();
  const parts = failedParts(detail.results);
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="record-partial"
      title={t('record.partial.title')}
      description={
        <Space orientation="vertical" size={2}>
          {parts.map((p) => (
            <Typography.Text key={p.engine} data-testid={`partial-${p.engine}`}>
              {t('record.partial.part', {
                part: t(`record.engine.${p.engine}`),
                reason: failureLine(p, i18n.language, details),
              })}
            </Typography.Text>
          ))}
          <Typography.Text type="secondary">{t('record.partial.note')}</Typography.Text>
        </Space>
      }
    />
  );
}
