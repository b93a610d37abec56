import './texts.js';
import { useState } from 'react';
import { Alert, Button, Image, Space, Typography, Upload } from 'antd';
import { CameraOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { CameraCapture, type Outline } from './CameraCapture.js';
import { checkPhoto, PHOTO_ACCEPT, type FileProblem } from './photo-file.js';
import { useTouch } from './touch.js';
import { useObjectUrl } from '../lib/use-object-url.js';

/** A photo chosen from disk or taken with the camera, checked on the client (spec §5). */
export function PhotoPicker(props: {
  file: File | null;
  onChange: (file: File | null) => void;
  /** i18n key of the hint under the buttons. */
  hint?: string;
  camera?: boolean;
  /** Outline over the camera view. */
  outline?: Outline;
  testId: string;
}) {
  const { t } = useTranslation();
  const [problem, setProblem] = useState<FileProblem | null>(null);
  const [shooting, setShooting] = useState(false);
  const { touch, button } = useTouch();

  const preview = useObjectUrl(props.file);

  const take = async (file: File) => {
    const p = await checkPhoto(file);
    setProblem(p);
    props.onChange(p ? null : file);
  };

  const camera = props.camera !== false && (
    <Button
      icon={<CameraOutlined />}
      type={touch ? 'primary' : 'default'}
      onClick={() => setShooting(true)}
      data-testid={`${props.testId}-camera`}
      style={button}
    >
      {t('record.useCamera')}
    </Button>
  );

  if (shooting)
    return (
      <CameraCapture
        outline={props.outline}
        onClose={() => setShooting(false)}
        onCapture={(f) => {
          setShooting(false);
          void take(f);
        }}
      />
    );
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space wrap data-testid={`${props.testId}-upload`}>
        {/* On a phone the camera is the first choice (issue 17); on a desktop the file comes first. */}
        {touch && camera}
        <Upload
          accept={PHOTO_ACCEPT}
          showUploadList={false}
          beforeUpload={(f) => {
            void take(f);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} data-testid={`${props.testId}-choose`} style={button}>
            {t('record.choosePhoto')}
          </Button>
        </Upload>
        {!touch && camera}
      </Space>
      <Typography.Text type="secondary">{t(props.hint ?? 'record.photoRule')}</Typography.Text>
      {problem && (
        <Alert
          type="error"
          showIcon
          title={t(`record.fileProblem.${problem}`)}
          data-testid={`${props.testId}-problem`}
        />
      )}
      {preview && props.file && (
        <Space align="start" wrap style={{ maxWidth: '100%' }}>
          <Image src={preview} width={160} alt={props.file.name} data-testid={`${props.testId}-preview`} />
          <Typography.Text style={{ overflowWrap: 'anywhere' }}>{props.file.name}</Typography.Text>
        </Space>
      )}
    </Space>
  );
}
