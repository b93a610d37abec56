import './texts.js';
import { useState } from 'react';
import { Alert, Button, Space, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { CaptureSlot } from '@tcm/contract';
import { PhotoPicker } from './PhotoPicker.js';
import { VoiceRecorder } from './VoiceRecorder.js';
import { captureProblem, type FileProblem } from './photo-file.js';
import { useTouch } from './touch.js';

/** Pulse files the pulse engine reads (docs/pulse.md): CSV/TXT columns or JSON. */
const PULSE_EXTENSIONS = ['.csv', '.txt', '.json'];

function PulseFilePicker({ file, onChange }: { file: File | null; onChange: (f: File | null) => void }) {
  const { t } = useTranslation();
  const [problem, setProblem] = useState<FileProblem | null>(null);
  const { button } = useTouch();
  return (
    <Space orientation="vertical">
      <Typography.Text type="secondary">{t('record.pulseGuide')}</Typography.Text>
      <div data-testid="pulse-upload">
        <Upload
          accept={PULSE_EXTENSIONS.join(',')}
          showUploadList={false}
          beforeUpload={(f) => {
            const p = captureProblem(f, PULSE_EXTENSIONS);
            setProblem(p);
            if (!p) onChange(f);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} style={button}>
            {t('record.choosePulse')}
          </Button>
        </Upload>
      </div>
      {problem && <Alert type="error" showIcon title={t(`record.fileProblem.${problem}`)} />}
      {file && <Typography.Text data-testid="pulse-ready">{file.name}</Typography.Text>}
    </Space>
  );
}

/**
 * The input of one capture slot: photo (camera or file) for tongue and face, the pulse file, the
 * voice recorder. The wizard's steps and the redo of one capture on the result use this one piece.
 */
export function CaptureInput(props: { slot: CaptureSlot; file: File | null; onChange: (f: File | null) => void }) {
  const { slot, file, onChange } = props;
  switch (slot) {
    case 'tongue':
      return <PhotoPicker file={file} onChange={onChange} testId="tongue" />;
    case 'face':
      return <PhotoPicker file={file} onChange={onChange} outline="face" testId="face" hint="record.faceRule" />;
    case 'pulse':
      return <PulseFilePicker file={file} onChange={onChange} />;
    case 'voice':
      return <VoiceRecorder file={file} onChange={onChange} />;
  }
}
