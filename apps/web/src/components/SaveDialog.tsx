import { useState, type ReactNode } from 'react';
import { Form, Modal, message } from 'antd';
import type { FormInstance } from 'antd/es/form';
import { markServerFields } from '../lib/form-rules.js';
import { useTranslation } from 'react-i18next';

interface SaveDialogProps {
  title: string;
  testId: string;
  width?: number;
  save: () => Promise<void>;
  onClose: () => void;
  /** After the success toast; closing the dialog (`onClose`) unless the opener does more. */
  onSaved?: () => void;
  form?: FormInstance;
  children: ReactNode;
}

/**
 * The save/cancel dialog the back-office forms share: runs `save` (the field checks, then the
 * feature's mutation), shows the success toast and calls `onSaved`; a refusal keeps it open (the
 * HTTP client already toasted the server's message, a failed field check shows under its field).
 * The save button spins while `save` runs, so it cannot be pressed twice.
 * With `form`, a 400 answer's fields (`data.fields`) are marked under their inputs as well.
 */
export function SaveDialog(props: SaveDialogProps) {
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);
  const run = async () => {
    setSaving(true);
    try {
      await props.save();
    } finally {
      setSaving(false);
    }
    void message.success(t('consoleAdmin.saved'));
    (props.onSaved ?? props.onClose)();
  };
  return (
    <Modal
      open
      width={props.width}
      title={props.title}
      onCancel={props.onClose}
      onOk={() => void run().catch((e: unknown) => props.form && markServerFields(props.form, e))}
      confirmLoading={saving}
      okText={t('app.save')}
      cancelText={t('app.cancel')}
      okButtonProps={{ 'data-testid': `${props.testId}-save` }}
    >
      {props.children}
    </Modal>
  );
}

/** A SaveDialog around one vertical antd form (`form`, starting from `initialValues`). */
export function FormDialog<V>({
  form,
  initialValues,
  children,
  ...dialog
}: Omit<SaveDialogProps, 'form'> & { form: FormInstance<V>; initialValues?: Partial<V> }) {
  return (
    <SaveDialog {...dialog} form={form}>
      <Form form={form} layout="vertical" initialValues={initialValues}>
        {children}
      </Form>
    </SaveDialog>
  );
}
