import './texts.js';
import { useState } from 'react';
import { Alert, Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CaptureSlot } from '@tcm/contract';
import { CaptureInput } from './CaptureInput.js';
import { CaptureCheckPanel } from './CaptureCheckPanel.js';
import { redoCapture } from './record-api.js';
import { useCaptureChecks } from './use-capture-checks.js';
import { currentLanguage } from '../lib/i18n.js';
import { asyncHandler } from '../lib/async-handler.js';

/**
 * Redo one capture of a record (issue 17 item 4): the wizard's own input and check for that
 * slot; once the engine has read the new file it replaces the old one, and only that engine and
 * the synthesis run again (the answers, vitals and other results stay).
 */
export function RedoCapture(props: { recordId: string; slot: CaptureSlot; onSent: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const { slot } = props;
  const [file, setFile] = useState<File | null>(null);
  const { checks, give } = useCaptureChecks(currentLanguage);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const check = checks[slot];
  const uuid = check && 'uuid' in check ? check.uuid : null;
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid={`redo-panel-${slot}`}>
      <CaptureInput
        slot={slot}
        file={file}
        onChange={(f) => {
          setFile(f);
          setError(null);
          void give(slot, f);
        }}
      />
      {file && check && <CaptureCheckPanel slot={slot} state={check} />}
      {error && <Alert type="error" showIcon title={error} data-testid="redo-error" />}
      <Space wrap>
        <Button
          type="primary"
          disabled={!uuid}
          loading={sending}
          data-testid={`redo-send-${slot}`}
          onClick={asyncHandler(async () => {
            if (!uuid) return;
            setSending(true);
            setError(null);
            try {
              await redoCapture(props.recordId, { slot, fileId: uuid });
              props.onSent();
            } catch (e) {
              setError((e as Error).message);
            } finally {
              setSending(false);
            }
          })}
        >
          {t('record.redo.send')}
        </Button>
        <Button onClick={props.onCancel} disabled={sending}>
          {t('record.redo.cancel')}
        </Button>
      </Space>
    </Space>
  );
}
