import './texts.js';
import { useState } from 'react';
import { Alert, Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { asyncHandler } from '../lib/async-handler.js';

/**
 * The send and cancel buttons of a redo panel (a new capture, or new answers), with the refusal
 * the server answered: one place, so the two panels behave alike.
 */
export function RedoSend(props: {
  label: string;
  testId: string;
  disabled: boolean;
  send: () => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      {error && <Alert type="error" showIcon title={error} data-testid="redo-error" />}
      <Space wrap>
        <Button
          type="primary"
          disabled={props.disabled}
          loading={sending}
          data-testid={props.testId}
          onClick={asyncHandler(async () => {
            setSending(true);
            setError(null);
            try {
              await props.send();
            } catch (e) {
              setError((e as Error).message);
            } finally {
              setSending(false);
            }
          })}
        >
          {props.label}
        </Button>
        <Button onClick={props.onCancel} disabled={sending}>
          {t('record.redo.cancel')}
        </Button>
      </Space>
    </>
  );
}
