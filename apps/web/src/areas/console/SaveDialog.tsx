import { useState, type ReactNode } from 'react';
import { Modal, message } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The save/cancel dialog the console's forms share: runs `save`, shows the success toast and
 * calls `onSaved`; a refusal keeps it open (the HTTP client already toasted the server's message,
 * a failed field check shows under its field).
 */
export function SaveDialog(props: {
  title: string;
  testId: string;
  width?: number;
  save: () => Promise<void>;
  onClose: () => void;
  onSaved: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await props.save();
      void message.success(t('consoleAdmin.saved'));
      props.onSaved();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      width={props.width}
      title={props.title}
      onCancel={props.onClose}
      onOk={() => void run().catch(() => undefined)}
      confirmLoading={busy}
      okText={t('app.save')}
      cancelText={t('app.cancel')}
      okButtonProps={{ 'data-testid': `${props.testId}-save` }}
    >
      {props.children}
    </Modal>
  );
}
