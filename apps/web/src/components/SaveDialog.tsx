import type { ReactNode } from 'react';
import { Modal, message } from 'antd';
import type { FormInstance } from 'antd/es/form';
import { markServerFields } from '../lib/form-rules.js';
import { useTranslation } from 'react-i18next';

/**
 * The save/cancel dialog the back-office forms share: runs `save` (the field checks, then the
 * feature's mutation), shows the success toast and calls `onSaved`; a refusal keeps it open (the
 * HTTP client already toasted the server's message, a failed field check shows under its field).
 * `pending` is the mutation's `isPending`: the save button spins and cannot be pressed twice.
 * With `form`, a 400 answer's fields (`data.fields`) are marked under their inputs as well.
 */
export function SaveDialog(props: {
  title: string;
  testId: string;
  width?: number;
  save: () => Promise<void>;
  pending: boolean;
  onClose: () => void;
  onSaved: () => void;
  form?: FormInstance;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const run = async () => {
    await props.save();
    void message.success(t('consoleAdmin.saved'));
    props.onSaved();
  };
  return (
    <Modal
      open
      width={props.width}
      title={props.title}
      onCancel={props.onClose}
      onOk={() => void run().catch((e: unknown) => props.form && markServerFields(props.form, e))}
      confirmLoading={props.pending}
      okText={t('app.save')}
      cancelText={t('app.cancel')}
      okButtonProps={{ 'data-testid': `${props.testId}-save` }}
    >
      {props.children}
    </Modal>
  );
}
