import './texts.js';
import { useState } from 'react';
import { Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Sex } from '@tcm/contract';
import { questionsFor } from '@tcm/contract/questionnaire';
import { Questionnaire, questionnaireComplete, type Answers } from './Questionnaire.js';
import { redoCapture } from './record-api.js';
import { RedoSend } from './RedoSend.js';

/**
 * Answer the questionnaire of a record again when the constitution engine refused the answers
 * (issue 32: two answers of one shared question disagree): the earlier answers are filled in, so
 * the person changes only what was inconsistent; only the questionnaire and the synthesis run
 * again (docs/records.md "Redo").
 */
export function RedoAnswers(props: {
  recordId: string;
  sex: Sex;
  answers: Answers;
  onSent: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  // Only the questions the form shows: an answer under a shared question's other id (one way
  // the engine's "two answers disagree" comes about) would be sent again unseen.
  const [answers, setAnswers] = useState<Answers>(() =>
    Object.fromEntries(
      questionsFor(props.sex).flatMap((q) => (props.answers[q.id] !== undefined ? [[q.id, props.answers[q.id]!]] : [])),
    ),
  );
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="redo-panel-constitution">
      <Questionnaire sex={props.sex} answers={answers} onChange={setAnswers} />
      <RedoSend
        label={t('record.redo.answersSend')}
        testId="redo-send-constitution"
        disabled={!questionnaireComplete(props.sex, answers)}
        send={async () => {
          await redoCapture(props.recordId, { slot: 'constitution', inquiry: { answers } });
          props.onSent();
        }}
        onCancel={props.onCancel}
      />
    </Space>
  );
}
