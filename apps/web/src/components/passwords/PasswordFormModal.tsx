import { useState, type ReactNode } from 'react';
import { Alert, Form, Modal, message, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The dialog both password forms share: validates, sends, shows the server's refusal inside the
 * dialog (a toast would vanish while the user reads the rule) and closes with a success toast.
 */
export function PasswordFormModal<V extends object>(props: {
  title: string;
  form: FormInstance<V>;
  /** Sends the values; resolves with the success text. */
  send: (values: V) => Promise<string>;
  onClose: () => void;
  /** False: no cancel, close icon, Esc or mask click (a change the server insists on). */
  closable?: boolean;
  /** Prefix of the test ids: `<prefix>-save`, `<prefix>-error`. */
  testId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async () => {
    const values = await props.form.validateFields();
    setBusy(true);
    setFailure(null);
    try {
      void message.success(await props.send(values));
      props.onClose();
    } catch (e) {
      setFailure(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={props.title}
      onCancel={props.closable === false ? undefined : props.onClose}
      closable={props.closable !== false}
      keyboard={props.closable !== false}
      maskClosable={props.closable !== false}
      cancelButtonProps={props.closable === false ? { style: { display: 'none' } } : undefined}
      // A failed validation already shows under its field.
      onOk={() => void submit().catch(() => undefined)}
      confirmLoading={busy}
      okText={t('app.save')}
      cancelText={t('app.cancel')}
      okButtonProps={{ 'data-testid': `${props.testId}-save` }}
    >
      <Form form={props.form} layout="vertical">
        {failure && (
          <Alert
            type="error"
            showIcon
            title={failure}
            style={{ marginBottom: 16 }}
            data-testid={`${props.testId}-error`}
          />
        )}
        {props.children}
      </Form>
    </Modal>
  );
}
