import { useEffect, useState } from 'react';
import { Card, Checkbox, Input, InputNumber, Radio, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DayInput } from '../DayInput.js';
import {
  visibleIds,
  type Answers,
  type AnswerValue,
  type Question,
  type Sex,
  type TemplateDefinition,
  answerValueSchema,
} from '@tcm/contract';
import { textProps } from '../../lib/form-rules.js';

/** Phone-sized touch targets (at least 44 px high, WCAG 2.5.5 / Apple HIG). */
const TOUCH = { minHeight: 44, display: 'flex', alignItems: 'center' } as const;

export type Lang = 'zh' | 'en';
export const textIn = (t: { zh: string; en?: string } | undefined, lang: Lang) =>
  t ? (lang === 'en' && t.en ? t.en : t.zh) : '';

/** Answers of the questions still shown (a changed condition hides, and so drops, its follow-ups). */
export function shownAnswers(def: TemplateDefinition, answers: Answers, sex: Sex): Answers {
  const shown = visibleIds(def, answers, sex);
  return Object.fromEntries(Object.entries(answers).filter(([id]) => shown.has(id)));
}

function PhotoField(props: {
  value: string | undefined;
  onChange: (uuid: string | null) => void;
  upload: (file: File) => Promise<string>;
  testId: string;
}) {
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  // The chosen photo is shown from the device itself: the stored file is health data, served only
  // with a session or a signed URL (docs/security.md §12), and a patient's link page has neither.
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  return (
    <Space orientation="vertical">
      <label style={{ ...TOUCH, cursor: 'pointer' }}>
        <input
          type="file"
          accept="image/png,image/jpeg,image/bmp"
          capture="environment"
          data-testid={props.testId}
          style={{ display: 'none' }}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (!file) return;
            setState('busy');
            props.upload(file).then(
              (uuid) => {
                setState('idle');
                setPreview(URL.createObjectURL(file));
                props.onChange(uuid);
              },
              () => setState('failed'),
            );
          }}
        />
        <span className="ant-btn ant-btn-default" style={{ ...TOUCH, padding: '0 16px' }}>
          {state === 'busy' ? t('form.uploading') : t('form.takePhoto')}
        </span>
      </label>
      {state === 'failed' && <Typography.Text type="danger">{t('form.uploadFailed')}</Typography.Text>}
      {props.value &&
        (preview ? (
          <img src={preview} alt={t('form.uploaded')} width={120} />
        ) : (
          <Typography.Text type="success">{t('form.uploaded')}</Typography.Text>
        ))}
    </Space>
  );
}

function Field(props: {
  q: Question;
  value: AnswerValue | null | undefined;
  onChange: (v: AnswerValue | null) => void;
  lang: Lang;
  upload: (file: File) => Promise<string>;
}) {
  const { q, value, onChange, lang } = props;
  const tid = `q-${q.id}`;
  switch (q.type) {
    case 'single':
      return (
        <Radio.Group value={value} onChange={(e) => onChange(e.target.value as string)} data-testid={tid}>
          <Space orientation="vertical">
            {q.options?.map((o) => (
              <Radio key={o.value} value={o.value} style={TOUCH} data-testid={`${tid}-${o.value}`}>
                {textIn(o.label, lang)}
              </Radio>
            ))}
          </Space>
        </Radio.Group>
      );
    case 'multiple':
      return (
        <Checkbox.Group value={Array.isArray(value) ? value : []} onChange={(v) => onChange(v)} data-testid={tid}>
          <Space orientation="vertical">
            {q.options?.map((o) => (
              <Checkbox key={o.value} value={o.value} style={TOUCH} data-testid={`${tid}-${o.value}`}>
                {textIn(o.label, lang)}
              </Checkbox>
            ))}
          </Space>
        </Checkbox.Group>
      );
    case 'scale': {
      const s = q.scale ?? { min: 1, max: 5 };
      const points = Array.from({ length: s.max - s.min + 1 }, (_, i) => s.min + i);
      return (
        <Radio.Group value={value} onChange={(e) => onChange(e.target.value as number)} data-testid={tid}>
          <Space wrap>
            {points.map((p, i) => (
              <Radio.Button
                key={p}
                value={p}
                style={{ minHeight: 44, minWidth: 44, lineHeight: '42px', textAlign: 'center' }}
                data-testid={`${tid}-${p}`}
              >
                {s.labels?.[i] ? `${p} ${textIn(s.labels[i], lang)}` : p}
              </Radio.Button>
            ))}
          </Space>
        </Radio.Group>
      );
    }
    case 'number':
      return (
        <InputNumber
          value={typeof value === 'number' ? value : null}
          onChange={(v) => onChange(typeof v === 'number' ? v : null)}
          min={q.number?.min}
          max={q.number?.max}
          precision={q.number?.decimals}
          suffix={q.number?.unit || undefined}
          inputMode="decimal"
          size="large"
          data-testid={tid}
        />
      );
    case 'text':
      return (
        <Input.TextArea
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.target.value)}
          autoSize={{ minRows: 2 }}
          {...textProps(answerValueSchema.options[0])}
          data-testid={tid}
        />
      );
    case 'date':
      return (
        <DayInput
          size="large"
          value={typeof value === 'string' ? value : null}
          onChange={onChange}
          style={{ width: 220 }}
          data-testid={tid}
        />
      );
    case 'photo':
      return (
        <PhotoField
          value={typeof value === 'string' ? value : undefined}
          onChange={onChange}
          upload={props.upload}
          testId={tid}
        />
      );
  }
}

/**
 * A form as the patient (on a phone) or the doctor fills it: the sections in order, only the
 * questions shown for this patient and these answers (the contract's rules, the ones the
 * server checks), each required one marked, the server's problems in red under their question.
 */
export function FormFiller(props: {
  definition: TemplateDefinition;
  sex: Sex;
  value: Answers;
  onChange: (answers: Answers) => void;
  problems?: Record<string, string>;
  upload: (file: File) => Promise<string>;
}) {
  const { t, i18n } = useTranslation();
  const lang: Lang = i18n.language === 'en' ? 'en' : 'zh';
  const shown = visibleIds(props.definition, props.value, props.sex);
  const set = (id: string, v: AnswerValue | null) =>
    props.onChange(shownAnswers(props.definition, { ...props.value, [id]: v }, props.sex));
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="form-filler">
      {props.definition.sections.map((s) => {
        const questions = s.questions.filter((q) => shown.has(q.id));
        if (!questions.length) return null;
        return (
          <Card key={s.id} size="small" title={textIn(s.title, lang)}>
            <Space orientation="vertical" style={{ width: '100%' }} size="large">
              {questions.map((q) => (
                <div key={q.id} data-testid={`question-${q.id}`}>
                  <Typography.Text strong>
                    {textIn(q.label, lang)}
                    {q.required && <Typography.Text type="danger"> *</Typography.Text>}
                  </Typography.Text>
                  {q.help && (
                    <div style={{ color: '#888' }}>{textIn({ zh: q.help.zh ?? '', en: q.help.en }, lang)}</div>
                  )}
                  <div style={{ marginTop: 6 }}>
                    <Field
                      q={q}
                      value={props.value[q.id]}
                      onChange={(v) => set(q.id, v)}
                      lang={lang}
                      upload={props.upload}
                    />
                  </div>
                  {props.problems?.[q.id] && (
                    <Typography.Text type="danger" data-testid={`problem-${q.id}`}>
                      {props.problems[q.id] === 'required' ? t('form.requiredMissing') : t('form.invalid')}
                    </Typography.Text>
                  )}
                </div>
              ))}
            </Space>
          </Card>
        );
      })}
    </Space>
  );
}

/** The server's `problems` (ANSWERS_INVALID data) by question id, for the filler's red lines. */
export function problemsOf(err: unknown): Record<string, string> {
  const data = (err as { data?: { problems?: Array<{ question: string; problem: string }> } } | null)?.data;
  return Object.fromEntries((data?.problems ?? []).map((p) => [p.question, p.problem]));
}
