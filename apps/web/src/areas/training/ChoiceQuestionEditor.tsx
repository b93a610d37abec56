import { Button, Form, Input, InputNumber, Modal, Select, Switch, message } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TRAINING_TOPICS, trainingChoiceFields, type TrainingChoice, type TrainingQuestion } from '@tcm/contract';
import { useSchemaRules } from '../../lib/form-rules.js';
import { useReaderFormat } from '../../lib/reader-format.js';
import { useCourses, useSaveChoiceQuestion } from './training-api.js';

/** The form's values: options as lines, the right option counted from 1 (as a teacher says it). */
interface Values extends Omit<TrainingChoice, 'optionsZh' | 'optionsEn' | 'answer'> {
  optionsZh: string;
  optionsEn: string;
  answer: number;
  courseId: string | null;
  hidden: boolean;
}
const lines = (s: string) =>
  s
    .split('\n')
    .map((x) => x.trim())
    .filter(Boolean);

const toValues = (q: TrainingQuestion | null): Partial<Values> =>
  q?.choice
    ? {
        ...q.choice,
        optionsZh: q.choice.optionsZh.join('\n'),
        optionsEn: q.choice.optionsEn.join('\n'),
        answer: q.choice.answer + 1,
        courseId: q.courseId,
        hidden: q.hidden,
      }
    : { topic: 'inspection', answer: 1, courseId: null, hidden: false };

/**
 * A text question's editor (new, or an existing one, starter questions included): the server
 * checks the options agree in count and the answer is one of them (400 names the field).
 */
function ChoiceForm({ question, onDone }: { question: TrainingQuestion | null; onDone: () => void }) {
  const { t } = useTranslation();
  const { lang } = useReaderFormat();
  const courses = useCourses();
  const save = useSaveChoiceQuestion();
  const { rules, text } = useSchemaRules(trainingChoiceFields.shape);
  const submit = (v: Values) =>
    save.mutate(
      {
        ...v,
        id: question?.id,
        optionsZh: lines(v.optionsZh),
        optionsEn: lines(v.optionsEn),
        answer: v.answer - 1,
      },
      {
        onSuccess: () => {
          void message.success(t('training.teacher.saved'));
          onDone();
        },
      },
    );
  const area = (name: keyof Values, label: string, required = true) => (
    <Form.Item name={name} label={t(`training.teacher.${label}`)} required={required}>
      <Input.TextArea autoSize={{ minRows: 2 }} />
    </Form.Item>
  );
  return (
    <Form layout="vertical" initialValues={toValues(question)} onFinish={submit}>
      <Form.Item name="topic" label={t('training.teacher.topic')} required>
        <Select options={TRAINING_TOPICS.map((x) => ({ value: x, label: t(`training.topics.${x}`) }))} />
      </Form.Item>
      <Form.Item name="courseId" label={t('training.teacher.course')}>
        <Select
          options={[
            { value: null, label: t('training.teacher.noCourse') },
            ...(courses.data ?? []).map((c) => ({ value: c.id, label: lang === 'zh' ? c.titleZh : c.titleEn })),
          ]}
        />
      </Form.Item>
      <Form.Item name="promptZh" label={t('training.teacher.promptZh')} required rules={rules('promptZh')}>
        <Input.TextArea autoSize {...text('promptZh')} />
      </Form.Item>
      <Form.Item name="promptEn" label={t('training.teacher.promptEn')} required rules={rules('promptEn')}>
        <Input.TextArea autoSize {...text('promptEn')} />
      </Form.Item>
      {area('optionsZh', 'optionsZh')}
      {area('optionsEn', 'optionsEn')}
      <Form.Item name="answer" label={t('training.teacher.answer')} required>
        <InputNumber min={1} max={6} />
      </Form.Item>
      {area('explanationZh', 'explanationZh', false)}
      {area('explanationEn', 'explanationEn', false)}
      <Form.Item name="reference" label={t('training.teacher.reference')} required rules={rules('reference')}>
        <Input.TextArea autoSize {...text('reference')} />
      </Form.Item>
      <Form.Item name="hidden" label={t('training.teacher.lessonHidden')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Button htmlType="submit" type="primary" loading={save.isPending} data-testid="training-choice-save">
        {t('training.teacher.save')}
      </Button>
    </Form>
  );
}

/** The button that opens the editor: "edit" on a bank row, "new text question" above the bank. */
export function ChoiceQuestionButton({ question }: { question: TrainingQuestion | null }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const title = question ? t('training.teacher.choiceEdit') : t('training.teacher.choiceNew');
  return (
    <>
      <Button size={question ? 'small' : 'middle'} onClick={() => setOpen(true)}>
        {question ? t('training.teacher.edit') : title}
      </Button>
      <Modal open={open} title={title} footer={null} onCancel={() => setOpen(false)} destroyOnHidden width={720}>
        <ChoiceForm question={question} onDone={() => setOpen(false)} />
      </Modal>
    </>
  );
}
