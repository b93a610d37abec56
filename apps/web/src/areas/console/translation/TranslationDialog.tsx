import { useState } from 'react';
import { Checkbox, Form, Input, Modal, Tabs, Tag, message } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  TRANSLATION_LANG_LABELS,
  TRANSLATION_LANGS,
  type TranslationEntry,
  type TranslationLang,
  translationCreateBody,
} from '@tcm/contract';
import { textProps } from '../../../lib/form-rules.js';
import { RichTextEditor } from '../../../components/editor/RichTextEditor.js';
import { isHtmlText } from '../../../components/editor/sanitize.js';
import { useCreateTranslation, useUpdateTranslation } from './translation-api.js';

/** Dialog width of spec §9, px. */
export const TRANSLATION_DIALOG_WIDTH = 960;

type Values = Partial<Record<TranslationLang | 'originalText' | 'remark', string>>;

/** What saving does (spec §4): a new entry, or an update unless "keep current" makes a new one. */
export function saveMode(entry: Pick<TranslationEntry, 'id'> | null, keepCurrent: boolean): 'create' | 'update' {
  return !entry || entry.id === 0 || keepCurrent ? 'create' : 'update';
}

/** Add/edit dialog of the translation admin (spec §2, §4, §5). */
export function TranslationDialog(props: {
  entry: TranslationEntry | null;
  initialOriginal?: string;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t, i18n } = useTranslation();
  // The confirmation and the error toast render inside this tree (theme, locale) and go with it
  // when the dialog unmounts; the success toast is the app's own, as the dialog closes on saving.
  const [modal, modalHolder] = Modal.useModal();
  const [toast, toastHolder] = message.useMessage();
  const editing = props.entry !== null && props.entry.id !== 0;
  const [keepCurrent, setKeepCurrent] = useState(false);
  const create = useCreateTranslation();
  const update = useUpdateTranslation();
  const [values, setValues] = useState<Values>(() => {
    const e = props.entry;
    const v: Values = { originalText: e?.originalText ?? props.initialOriginal ?? '', remark: e?.remark ?? '' };
    for (const l of TRANSLATION_LANGS) v[l] = e?.[l] ?? '';
    return v;
  });
  const set = (k: keyof Values, v: string) => setValues((x) => ({ ...x, [k]: v }));
  const html = isHtmlText(values.originalText);
  const originalLocked = editing && !keepCurrent;
  const label = (k: TranslationLang | 'originalText') =>
    `${TRANSLATION_LANG_LABELS[k][i18n.language === 'en' ? 'en' : 'zh']} (${TRANSLATION_LANG_LABELS[k].code})`;

  const field = (k: TranslationLang | 'originalText', disabled = false) =>
    html && !disabled ? (
      <RichTextEditor value={values[k] ?? ''} onChange={(h) => set(k, h)} width={900} height={220} testId={`tr-${k}`} />
    ) : (
      <Input.TextArea
        rows={6}
        value={values[k] ?? ''}
        disabled={disabled}
        onChange={(e) => set(k, e.target.value)}
        data-testid={`tr-${k}`}
      />
    );

  const save = () => {
    const mode = saveMode(props.entry, keepCurrent);
    if (mode === 'create' && !values.originalText?.trim()) return void toast.error(t('translation.originalRequired'));
    modal.confirm({
      title: t('app.hint'),
      content: t('translation.confirmSave'),
      okText: t('app.ok'),
      cancelText: t('app.cancel'),
      // A refusal closes the confirmation and leaves the dialog open: the HTTP client has shown the
      // server's message, and a rejected onOk would only become an unhandled rejection.
      onOk: () => send(mode).catch(() => undefined),
    });
  };
  const send = async (mode: 'create' | 'update') => {
    const langs = Object.fromEntries(TRANSLATION_LANGS.map((l) => [l, values[l] ?? '']));
    if (mode === 'create') {
      await create.mutateAsync({
        originalText: values.originalText ?? '',
        remark: values.remark ?? '',
        ...langs,
      });
      void message.success(t('translation.created'));
    } else {
      await update.mutateAsync({ id: props.entry!.id, remark: values.remark ?? '', ...langs });
      void message.success(t('translation.updated'));
    }
    props.onSaved();
  };

  return (
    <>
      {modalHolder}
      {toastHolder}
      <Modal
        open
        width={TRANSLATION_DIALOG_WIDTH}
        title={editing ? t('translation.edit') : t('translation.add')}
        onCancel={props.onClose}
        onOk={save}
        confirmLoading={create.isPending || update.isPending}
        okText={t('app.save')}
        cancelText={t('app.cancel')}
        okButtonProps={{ 'data-testid': 'tr-save' }}
      >
        <Form layout="vertical">
          {editing && (
            <Checkbox
              checked={keepCurrent}
              onChange={(e) => setKeepCurrent(e.target.checked)}
              style={{ marginBottom: 12 }}
              data-testid="tr-keep"
            >
              {t('translation.keepCurrent')}
            </Checkbox>
          )}
          <Form.Item label={label('originalText')} required>
            {field('originalText', originalLocked)}
          </Form.Item>
          <Tabs
            items={TRANSLATION_LANGS.map((l) => ({
              key: l,
              label: (
                <span data-testid={`tab-${l}`}>
                  {label(l)} {!values[l]?.trim() && <Tag color="orange">{t('translation.unconfigured')}</Tag>}
                </span>
              ),
              children: field(l),
            }))}
          />
          <Form.Item label={t('translation.remark')}>
            <Input
              {...textProps(translationCreateBody.shape.remark)}
              value={values.remark}
              onChange={(e) => set('remark', e.target.value)}
            />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
