import './texts.js';
import { useMemo } from 'react';
import { Button, Progress, Radio, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Sex } from '@tcm/contract';
import { QUESTIONNAIRE_META, questionsFor } from '@tcm/contract/questionnaire';

export type Answers = Record<string, number>;

const SCALE = [1, 2, 3, 4, 5] as const;

/** Whether every question for this sex has an answer (the engine needs all of them). */
export function questionnaireComplete(sex: Sex, answers: Answers): boolean {
  return questionsFor(sex).every((q) => answers[q.id] !== undefined);
}

/**
 * The constitution questionnaire of ZYYXH/T157-2009 (60 questions for either sex: one item is
 * asked in its female or male wording), each answered on the standard's 1–5 scale, zh or en.
 */
export function Questionnaire(props: { sex: Sex; answers: Answers; onChange: (a: Answers) => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const questions = useMemo(() => questionsFor(props.sex), [props.sex]);
  const scale = lang === 'en' ? QUESTIONNAIRE_META.scaleEn : QUESTIONNAIRE_META.scale;
  const done = questions.filter((q) => props.answers[q.id] !== undefined).length;
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="questionnaire">
      <Typography.Text type="secondary">
        {QUESTIONNAIRE_META.instructions[lang]} ({QUESTIONNAIRE_META.standard})
      </Typography.Text>
      <Progress
        percent={Math.round((done / questions.length) * 100)}
        format={() => t('record.answered', { done, total: questions.length })}
      />
      {done > 0 && (
        <Button size="small" onClick={() => props.onChange({})} data-testid="questionnaire-clear">
          {t('record.clearAnswers')}
        </Button>
      )}
      {questions.map((q, i) => (
        <div key={q.id} data-testid={`q-${q.id}`} style={{ padding: '6px 0', borderBottom: '1px solid #f0f0f0' }}>
          <Typography.Text strong>
            {i + 1}. {q.text[lang]}
          </Typography.Text>
          <div>
            <Radio.Group
              value={props.answers[q.id]}
              onChange={(e) => props.onChange({ ...props.answers, [q.id]: e.target.value as number })}
            >
              {SCALE.map((v) => (
                <Radio key={v} value={v}>
                  {scale[String(v) as keyof typeof scale]}
                </Radio>
              ))}
            </Radio.Group>
          </div>
        </div>
      ))}
    </Space>
  );
}
