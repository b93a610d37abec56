import { useState } from 'react';
import { Alert, Typography } from 'antd';
import { CameraOutlined, PictureOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { checkPhoto, PHOTO_ACCEPT } from '../../../record/photo-file.js';
import { useObjectUrl } from '../../../lib/use-object-url.js';

/** A big tap target that is really a file input: the label opens the phone's camera or album. */
function PickButton(props: {
  capture: boolean;
  colour: string;
  label: string;
  onFile: (f: File) => void;
  testId: string;
}) {
  return (
    <label
      style={{
        flex: 1,
        minHeight: 48,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 8,
        borderRadius: 8,
        fontSize: 16,
        cursor: 'pointer',
        border: `1px solid ${props.colour}`,
        color: props.capture ? '#fff' : props.colour,
        background: props.capture ? props.colour : '#fff',
      }}
    >
      {props.capture ? <CameraOutlined /> : <PictureOutlined />}
      {props.label}
      <input
        type="file"
        // Camera first: `capture` opens it directly on phones (the front one, as the person photographs themself).
        accept={props.capture ? 'image/*' : PHOTO_ACCEPT}
        {...(props.capture ? { capture: 'user' } : {})}
        data-testid={props.testId}
        style={{ display: 'none' }}
        onChange={(e) => {
          const f = e.target.files?.[0];
          e.target.value = '';
          if (f) props.onFile(f);
        }}
      />
    </label>
  );
}

/**
 * One photo of the H5 page: camera or album, checked on the phone, previewed. Its words
 * (`h5.<kind>`, `h5.<kind>Hint`) and test id (`h5-<kind>`) follow from its kind.
 */
export function PhotoField(props: {
  kind: 'tongue' | 'face';
  colour: string;
  file: File | null;
  onChange: (f: File | null) => void;
}) {
  const { t } = useTranslation();
  const title = t(`h5.${props.kind}`);
  const testId = `h5-${props.kind}`;
  const [problem, setProblem] = useState<string | null>(null);
  const preview = useObjectUrl(props.file);

  const take = async (f: File) => {
    // Phones name camera shots freely (image.jpg, no extension in WeChat): the bytes decide.
    const p = await checkPhoto(f.name.includes('.') ? f : new File([f], `${f.name || 'photo'}.jpg`, { type: f.type }));
    setProblem(p ? t(`h5.photoProblem.${p}`) : null);
    props.onChange(p ? null : f);
  };
  return (
    <div style={{ marginBottom: 20 }} data-testid={testId}>
      <Typography.Title level={5} style={{ marginBottom: 4 }}>
        {title}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {t(`h5.${props.kind}Hint`)}
      </Typography.Paragraph>
      {preview && (
        <img
          src={preview}
          alt={title}
          data-testid={`${testId}-preview`}
          style={{ width: '100%', maxHeight: 260, objectFit: 'contain', borderRadius: 8, marginBottom: 8 }}
        />
      )}
      <div style={{ display: 'flex', gap: 8 }}>
        <PickButton
          capture
          colour={props.colour}
          label={preview ? t('h5.retake') : t('h5.takePhoto')}
          onFile={(f) => void take(f)}
          testId={`${testId}-camera`}
        />
        <PickButton
          capture={false}
          colour={props.colour}
          label={t('h5.choosePhoto')}
          onFile={(f) => void take(f)}
          testId={`${testId}-file`}
        />
      </div>
      {problem && <Alert type="error" showIcon title={problem} style={{ marginTop: 8 }} />}
    </div>
  );
}
