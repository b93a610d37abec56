import '../../../../record/texts.js';
import { useEffect, useState } from 'react';
import { Alert, Button, Card, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TongueResult } from '@tcm/contract';
import { TongueView } from '../../../../record/TongueView.js';
import './texts.js';

/**
 * The result computed in the browser: the same view as a saved record's tongue section, the photo
 * from the device (an object URL, nothing uploaded) and the one button that sends it.
 */
export default function OnDeviceResult({
  result,
  photo,
  ms,
  saving,
  onSave,
  onNew,
}: {
  result: TongueResult;
  photo: File;
  ms: number;
  saving: boolean;
  onSave: () => void;
  onNew: () => void;
}) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const u = URL.createObjectURL(photo);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [photo]);
  return (
    <Card data-testid="on-device-result">
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Alert type="success" showIcon title={t('onDevice.done', { seconds: (ms / 1000).toFixed(1) })} />
        <TongueView r={result} photoUrl={url} />
        <Space wrap>
          <Button type="primary" loading={saving} onClick={onSave} data-testid="on-device-save">
            {t('onDevice.save')}
          </Button>
          <Button onClick={onNew} data-testid="on-device-new">
            {t('record.newAnalysis')}
          </Button>
        </Space>
        <span className="site-muted">{t('onDevice.saveNote')}</span>
        {/* The result as computed, for a kiosk's log and the journey that compares it with the server's. */}
        <script type="application/json" data-testid="on-device-json">
          {JSON.stringify(result)}
        </script>
      </Space>
    </Card>
  );
}
