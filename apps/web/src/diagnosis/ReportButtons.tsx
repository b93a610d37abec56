import './texts.js';
import { useState } from 'react';
import { Button, Space, message } from 'antd';
import { FilePdfOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ReportLanguage } from '@tcm/contract';
import { downloadReport, type RecordRef } from './record-api.js';

const LANGS: readonly ReportLanguage[] = ['zh', 'en'];

/** PDF report download in Chinese or English (the report's language is chosen, not the UI's). */
export function ReportButtons(props: { recordRef: RecordRef; name: string; extra?: React.ReactNode }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<ReportLanguage | null>(null);
  return (
    <Space wrap data-testid="report-buttons">
      {LANGS.map((lang) => (
        <Button
          key={lang}
          icon={<FilePdfOutlined />}
          loading={busy === lang}
          data-testid={`report-download-${lang}`}
          onClick={async () => {
            setBusy(lang);
            try {
              await downloadReport(props.recordRef, lang, `${props.name}-${lang}.pdf`);
            } catch (e) {
              void message.error((e as Error).message || t('diag.reportFailed'));
            } finally {
              setBusy(null);
            }
          }}
        >
          {t(`diag.downloadReport.${lang}`)}
        </Button>
      ))}
      {props.extra}
    </Space>
  );
}
