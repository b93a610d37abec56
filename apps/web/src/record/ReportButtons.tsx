import './texts.js';
import { useState } from 'react';
import { Button, Space, message } from 'antd';
import { FilePdfOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ReportLanguage } from '@tcm/contract';
import { downloadReport, type RecordRef } from './record-api.js';
import { asyncHandler } from '../lib/async-handler.js';

const LANGS: readonly ReportLanguage[] = ['zh', 'en'];

/**
 * The downloaded file's name, in the report's language (not the page's): "张三-健康报告.pdf",
 * "health-report.pdf" (issue 17: an English report saved as 健康报告-en.pdf).
 */
export function reportFileName(
  t: (key: string, opts: { lng: string }) => string,
  lang: ReportLanguage,
  person?: string | null,
) {
  const stem = t('record.reportFile', { lng: lang });
  const name = person?.trim();
  return `${name ? `${name}-${stem}` : stem}.pdf`;
}

/** PDF report download in Chinese or English (the report's language is chosen, not the UI's). */
export function ReportButtons(props: { recordRef: RecordRef; person?: string | null; extra?: React.ReactNode }) {
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
          onClick={asyncHandler(async () => {
            setBusy(lang);
            try {
              await downloadReport(props.recordRef, lang, reportFileName(t, lang, props.person));
            } catch (e) {
              void message.error((e as Error).message || t('record.reportFailed'));
            } finally {
              setBusy(null);
            }
          })}
        >
          {t(`record.downloadReport.${lang}`)}
        </Button>
      ))}
      {props.extra}
    </Space>
  );
}
