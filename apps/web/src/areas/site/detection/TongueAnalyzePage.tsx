import '../../../diagnosis/texts.js';
import { useState } from 'react';
import { Alert, Button, Card, Result, Space, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { DetectionKind } from '@tcm/contract';
import { PhotoPicker } from '../../../diagnosis/PhotoPicker.js';
import { LiveRecordResult } from '../../../diagnosis/LiveRecordResult.js';
import { createAsVisitor } from '../../../diagnosis/record-api.js';
import { useRecord } from '../../../diagnosis/use-record.js';
import { currentLanguage } from '../../../lib/i18n.js';

const TITLE: Record<DetectionKind, string> = {
  normal: 'route.tongueAnalyze',
  child: 'route.childTongue',
  covid: 'route.covidTongue',
};

/**
 * The public detection page (/tongueAnalyze and the child and COVID variants): upload or camera,
 * then the result at `?token=` (the record's share token, so a reload or a shared link shows it).
 */
export function TongueAnalyzePage({ kind }: { kind: DetectionKind }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const token = params.get('token');
  return (
    <Space orientation="vertical" style={{ width: '100%', maxWidth: 1100, margin: '0 auto' }} size="large">
      <Typography.Title level={2}>{t(TITLE[kind])}</Typography.Title>
      {token ? (
        <VisitorResult token={token} onNew={() => setParams({})} />
      ) : (
        <Capture kind={kind} onCreated={(tok) => setParams({ token: tok })} />
      )}
    </Space>
  );
}

function Capture({ kind, onCreated }: { kind: DetectionKind; onCreated: (token: string) => void }) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <Card>
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Typography.Paragraph>{t(`diag.intro.${kind}`)}</Typography.Paragraph>
        <PhotoPicker file={file} onChange={setFile} testId="tongue" />
        {error && <Alert type="error" showIcon title={error} data-testid="analyze-error" />}
        <Button
          type="primary"
          size="large"
          disabled={!file}
          loading={sending}
          data-testid="analyze-submit"
          onClick={async () => {
            if (!file) return;
            setSending(true);
            setError(null);
            try {
              const created = await createAsVisitor(file, kind, currentLanguage());
              onCreated(created.shareToken);
            } catch (e) {
              setError((e as Error).message);
            } finally {
              setSending(false);
            }
          }}
        >
          {t('diag.analyze')}
        </Button>
        <Typography.Text type="secondary">{t('diag.privacy')}</Typography.Text>
      </Space>
    </Card>
  );
}

function VisitorResult({ token, onNew }: { token: string; onNew: () => void }) {
  const { t } = useTranslation();
  const ref = { token };
  const state = useRecord(ref);
  const { detail, error } = state;
  if (error && !detail)
    return (
      <Result
        status={error.status === 404 ? '404' : 'error'}
        title={error.message}
        extra={<Button onClick={onNew}>{t('diag.newAnalysis')}</Button>}
        data-testid="record-error"
      />
    );
  if (!detail) return <Card loading />;
  return (
    <LiveRecordResult
      recordRef={ref}
      state={{ ...state, detail }}

      extra={
        <>
          <Link to={`/checked/pdf?token=${encodeURIComponent(token)}`} data-testid="open-report">
            <Button>{t('diag.openReport')}</Button>
          </Link>
          <Button onClick={onNew}>{t('diag.newAnalysis')}</Button>
        </>
      }
    />
  );
}
