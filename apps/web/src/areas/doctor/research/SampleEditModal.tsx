import { useEffect, useState } from 'react';
import { Form, InputNumber, Modal, Select, message } from 'antd';
import { useTranslation } from 'react-i18next';
import { readerLang, type Pool, type Sample, type SampleValue } from '@tcm/contract';
import { useUpdateSample } from './research-api.js';
import { levelWord } from './words.js';
import { asyncHandler } from '../../../lib/async-handler.js';

/** Edits one sample's values (dataPoolItem-edit); clearing a field makes the value missing. */
export function SampleEditModal({
  sample,
  pool,
  onClose,
  onSaved,
}: {
  sample: Sample | null;
  pool: Pool;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = readerLang(i18n.language);
  const [values, setValues] = useState<Record<string, SampleValue>>({});
  useEffect(() => setValues(sample?.values ?? {}), [sample]);
  const save = useUpdateSample(pool.id);
  const set = (key: string, v: SampleValue | undefined) => setValues((s) => ({ ...s, [key]: v ?? null }));
  return (
    <Modal
      open={!!sample}
      title={t('research.items.edit')}
      onCancel={onClose}
      okButtonProps={{ loading: save.isPending, 'data-testid': 'sample-save' }}
      onOk={asyncHandler(async () => {
        if (!sample) return;
        const changed = Object.fromEntries(
          pool.variables
            .filter((v) => (values[v.key] ?? null) !== (sample.values[v.key] ?? null))
            .map((v) => [v.key, values[v.key] ?? null]),
        );
        await save.mutateAsync({ id: sample.id, values: changed });
        void message.success(t('research.saved'));
        onSaved();
      })}
    >
      <Form layout="vertical" style={{ maxHeight: 480, overflow: 'auto' }}>
        {pool.variables.map((v) => (
          <Form.Item key={v.key} label={v.label[lang]}>
            {v.type === 'numeric' ? (
              <InputNumber
                style={{ width: '100%' }}
                value={typeof values[v.key] === 'number' ? (values[v.key] as number) : null}
                onChange={(x) => set(v.key, typeof x === 'number' ? x : null)}
              />
            ) : (
              <Select<string>
                allowClear
                value={values[v.key] === undefined || values[v.key] === null ? undefined : String(values[v.key])}
                onChange={(x) => set(v.key, x === undefined ? null : v.type === 'binary' ? x === 'true' : x)}
                options={
                  v.type === 'binary'
                    ? [
                        { value: 'true', label: t('research.present') },
                        { value: 'false', label: t('research.absent') },
                      ]
                    : (v.levels ?? []).map((l) => ({ value: l, label: levelWord(v, l, lang) }))
                }
              />
            )}
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}
