import './texts.js';
import { useState } from 'react';
import { Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CaptureSlot } from '@tcm/contract';
import { CaptureInput } from './CaptureInput.js';
import { CaptureCheckPanel } from './CaptureCheckPanel.js';
import { redoCapture } from './record-api.js';
import { useCaptureChecks } from './use-capture-checks.js';
import { currentLanguage } from '../lib/i18n.js';
import { RedoSend } from './RedoSend.js';

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
  const check = checks[slot];
  const uuid = check && 'uuid' in check ? check.uuid : null;
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid={`redo-panel-${slot}`}>
      <CaptureInput
        slot={slot}
        file={file}
        onChange={(f) => {
          setFile(f);
          void give(slot, f);
        }}
      />
      {file && check && <CaptureCheckPanel slot={slot} state={check} />}
      <RedoSend
        // A new file starts without the last file's refusal.
        key={uuid ?? 'none'}
        label={t('record.redo.send')}
        testId={`redo-send-${slot}`}
        disabled={!uuid}
        send={async () => {
          if (!uuid) return;
          await redoCapture(props.recordId, { slot, fileId: uuid });
          props.onSent();
        }}
        onCancel={props.onCancel}
      />
    </Space>
  );
}
