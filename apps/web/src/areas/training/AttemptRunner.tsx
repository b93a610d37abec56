import { useEffect, useState } from 'react';
import { Alert, Button, Card, Descriptions, Image, Popconfirm, Radio, Result, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  TRAINING_CHOICES,
  TRAINING_FEATURES,
  tongueFeatureWord,
  tongueLabelWord,
  type TrainingAttempt,
  type TrainingAttemptItem,
  type TrainingFeature,
  type TrainingReading,
} from '@tcm/contract';
import { useReaderFormat } from '../../lib/reader-format.js';
import { ChoicePrompt, ChoiceReviewView } from './ChoiceItem.js';
import { useAnswer, useFinish, useSaveCertificate } from './training-api.js';

/** Seconds left until the exam's deadline, ticking each second (the server enforces it). */
function useSecondsLeft(deadline: string | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!deadline) return;
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [deadline]);
  return deadline ? Math.max(0, Math.round((new Date(deadline).getTime() - now) / 1000)) : null;
}

const clock = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;

/** The words of a label of a feature, or of several accepted ones. */
function useWords() {
  const { lang } = useReaderFormat();
  return {
    feature: (f: TrainingFeature) => tongueFeatureWord(f, lang),
    label: (f: TrainingFeature, l: string | undefined) => (l ? tongueLabelWord(f, l, lang) : undefined),
    labels: (f: TrainingFeature, ls: readonly string[] | undefined) =>
      ls?.map((l) => tongueLabelWord(f, l, lang)).join(' / '),
  };
}

/** After an answer: per feature the learner's reading, the expert's key, the mark and the engine's reading. */
function Review({ review }: { review: NonNullable<TrainingAttemptItem['review']> }) {
  const { t } = useTranslation();
  const w = useWords();
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Typography.Text strong data-testid="training-review-count">
        {t('training.correctOf', { c: review.correct, s: review.scored })}
      </Typography.Text>
      <Descriptions size="small" column={1} bordered>
        {TRAINING_FEATURES.map((f) => {
          const mark = review.marks[f];
          return (
            <Descriptions.Item key={f} label={w.feature(f)}>
              <Space wrap>
                {mark === undefined ? (
                  <Tag>{t('training.notScored')}</Tag>
                ) : (
                  <Tag color={mark ? 'green' : 'red'}>{mark ? '✓' : '✗'}</Tag>
                )}
                <span>
                  {t('training.yourReading')}: {w.label(f, review.reading[f]) ?? t('training.notChosen')}
                </span>
                {review.key[f] && (
                  <span>
                    {t('training.expertKey')}: {w.labels(f, review.key[f])}
                  </span>
                )}
                <span>
                  {t('training.engineReading')}: {w.label(f, review.engine?.[f]) ?? t('training.noEngine')}
                </span>
              </Space>
            </Descriptions.Item>
          );
        })}
      </Descriptions>
    </Space>
  );
}

/**
 * One practice or exam, a question at a time: a photo with five readings or a text question with
 * its options; the review after each answer, the score at the end.
 */
export function AttemptRunner({ initial, onClose }: { initial: TrainingAttempt; onClose: () => void }) {
  const { t } = useTranslation();
  const { lang } = useReaderFormat();
  const w = useWords();
  const [attempt, setAttempt] = useState(initial);
  const [index, setIndex] = useState(0);
  const [draft, setDraft] = useState<TrainingReading>({});
  const [choice, setChoice] = useState<number | undefined>();
  const answer = useAnswer(attempt.id);
  const finish = useFinish(attempt.id);
  const certificate = useSaveCertificate();
  const left = useSecondsLeft(attempt.finishedAt ? null : attempt.deadline);
  const item = attempt.items[index]!;
  const n = attempt.items.length;

  if (attempt.finishedAt) {
    return (
      <Result
        status={attempt.passed === false ? 'warning' : 'success'}
        title={<span data-testid="training-score">{t('training.score', { s: attempt.score })}</span>}
        subTitle={
          attempt.passed === null
            ? undefined
            : attempt.passed
              ? t('training.passed')
              : t('training.failed', { p: attempt.passScore })
        }
        extra={[
          attempt.passed && (
            <Button
              key="cert"
              type="primary"
              data-testid="training-certificate"
              loading={certificate.isPending}
              onClick={() => certificate.mutate({ attemptId: attempt.id, lang })}
            >
              {t('training.certificate')}
            </Button>
          ),
          <Button key="back" onClick={onClose}>
            {t('training.backToCourses')}
          </Button>,
        ]}
      />
    );
  }

  const submit = () =>
    answer.mutate(
      item.kind === 'choice'
        ? { questionId: item.questionId, choice }
        : { questionId: item.questionId, reading: draft },
      {
        onSuccess: (a) => {
          setAttempt(a);
          setDraft({});
          setChoice(undefined);
        },
      },
    );
  const timeOver = left === 0;
  return (
    <Card
      title={
        <Space wrap>
          <Tag color={attempt.mode === 'exam' ? 'volcano' : 'blue'}>{t(`training.${attempt.mode}`)}</Tag>
          <span>{t('training.question', { i: index + 1, n })}</span>
          {left !== null && <Tag data-testid="training-time-left">{t('training.timeLeft', { t: clock(left) })}</Tag>}
        </Space>
      }
      styles={{ body: { padding: 12 } }}
    >
      <Space orientation="vertical" style={{ width: '100%' }} size="middle">
        {timeOver && <Alert type="warning" showIcon title={t('training.timeOver')} />}
        {/* The server's refusal (late, already answered) stays beside the photo, not only as a toast. */}
        {answer.error && (
          <Alert type="error" showIcon title={answer.error.message} data-testid="training-answer-error" />
        )}
        {item.photoUrl && (
          <Image src={item.photoUrl} alt="" style={{ maxWidth: '100%', maxHeight: '50vh', objectFit: 'contain' }} />
        )}
        {item.prompt ? (
          <>
            <ChoicePrompt
              prompt={item.prompt}
              value={item.review?.choice?.given ?? choice}
              onChange={item.answered ? undefined : setChoice}
            />
            {item.review?.choice && <ChoiceReviewView prompt={item.prompt} review={item.review.choice} />}
          </>
        ) : item.review ? (
          <Review review={item.review} />
        ) : (
          TRAINING_FEATURES.map((f) => (
            <div key={f}>
              <Typography.Text strong>{w.feature(f)}</Typography.Text>
              <div>
                <Radio.Group
                  optionType="button"
                  value={draft[f]}
                  onChange={(e) => setDraft({ ...draft, [f]: e.target.value as string })}
                  options={TRAINING_CHOICES[f].map((l) => ({ value: l, label: w.label(f, l)! }))}
                  data-testid={`training-choice-${f}`}
                  style={{ display: 'flex', flexWrap: 'wrap', gap: 4 }}
                />
              </div>
            </div>
          ))
        )}
        <Space wrap>
          {!item.answered && (
            <Button
              type="primary"
              loading={answer.isPending}
              disabled={timeOver || (item.kind === 'choice' && choice === undefined)}
              onClick={submit}
              data-testid="training-submit"
            >
              {t('training.submitAnswer')}
            </Button>
          )}
          {index + 1 < n && (
            <Button
              onClick={() => {
                setIndex(index + 1);
                setChoice(undefined);
              }}
              data-testid="training-next"
            >
              {t('training.next')}
            </Button>
          )}
          <Popconfirm
            title={t('training.finishConfirm')}
            onConfirm={() => finish.mutate(undefined, { onSuccess: setAttempt })}
          >
            <Button danger loading={finish.isPending} data-testid="training-finish">
              {t('training.finish')}
            </Button>
          </Popconfirm>
        </Space>
      </Space>
    </Card>
  );
}
