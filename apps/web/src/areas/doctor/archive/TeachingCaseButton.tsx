import './texts.js';
import { useState } from 'react';
import { Alert, App, Button, Form, Input, Modal, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  TRAINING_CHOICES,
  TRAINING_FEATURES,
  tongueFeatureWord,
  tongueLabelWord,
  type TrainingKey,
  type TrainingTeachingCaseState,
  trainingTeachingCaseBody,
} from '@tcm/contract';
import { textProps } from '../../../lib/form-rules.js';
import { useReaderFormat } from '../../../lib/reader-format.js';
import { useMarkTeachingCase, useTeachingCase } from './teaching-case-api.js';

type Labels = Partial<Record<(typeof TRAINING_FEATURES)[number], string[]>>;

/** The labels the dialog opens with: the doctor's key once marked, else the engine's reading. */
function startLabels(state: TrainingTeachingCaseState): Labels {
  if (state.marked) return { ...state.marked.key };
  const out: Labels = {};
  for (const f of TRAINING_FEATURES) {
    const l = state.engine?.[f];
    if (l) out[f] = [l];
  }
  return out;
}

/**
 * A doctor marks one of their records as a teaching case (issue 23): its tongue photo joins the
 * training question bank with the doctor's reading as the key (training module's API). Shown only
 * where the server says the record is the doctor's own; a record without a tongue photo gets the
 * server's refusal in the dialog.
 */
export function TeachingCaseButton({ recordId }: { recordId: string }) {
  const { t } = useTranslation();
  const { lang } = useReaderFormat();
  const { message } = App.useApp();
  const state = useTeachingCase(recordId);
  const mark = useMarkTeachingCase(recordId);
  const [open, setOpen] = useState(false);
  const [labels, setLabels] = useState<Labels>({});
  const [note, setNote] = useState('');
  // Someone else's record (403) or a failed lookup: no button, the rest of the page stays.
  if (!state.data) return null;
  const data = state.data;
  const start = () => {
    setLabels(startLabels(data));
    setNote(data.marked?.note ?? '');
    mark.reset();
    setOpen(true);
  };
  const save = () => {
    const key: TrainingKey = Object.fromEntries(Object.entries(labels).filter(([, v]) => v?.length));
    if (!Object.keys(key).length) return void message.warning(t('archive.teaching.needLabel'));
    mark.mutate(
      { recordId, key, ...(note.trim() ? { note: note.trim() } : {}) },
      {
        onSuccess: () => {
          setOpen(false);
          void message.success(t('archive.teaching.saved'));
        },
      },
    );
  };
  return (
    <>
      <Button
        size="small"
        type={data.marked ? 'default' : 'dashed'}
        onClick={(e) => {
          e.stopPropagation();
          start();
        }}
        data-testid={`teaching-case-${recordId}`}
      >
        {t(data.marked ? 'archive.teaching.marked' : 'archive.teaching.mark')}
      </Button>
      <Modal
        open={open}
        title={t('archive.teaching.title')}
        okText={t('archive.teaching.save')}
        onOk={save}
        confirmLoading={mark.isPending}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{t('archive.teaching.hint')}</Typography.Paragraph>
        <Form layout="vertical">
          {TRAINING_FEATURES.map((f) => (
            <Form.Item key={f} label={tongueFeatureWord(f, lang)}>
              <Select
                mode="multiple"
                value={labels[f] ?? []}
                onChange={(v: string[]) => setLabels({ ...labels, [f]: v })}
                options={TRAINING_CHOICES[f].map((l) => ({ value: l, label: tongueLabelWord(f, l, lang) }))}
                data-testid={`teaching-label-${f}`}
              />
            </Form.Item>
          ))}
          <Form.Item label={t('archive.teaching.note')}>
            <Input.TextArea
              value={note}
              {...textProps(trainingTeachingCaseBody.shape.note)}
              onChange={(e) => setNote(e.target.value)}
            />
          </Form.Item>
        </Form>
        {mark.error && <Alert type="error" showIcon title={mark.error.message} data-testid="teaching-error" />}
      </Modal>
    </>
  );
}
