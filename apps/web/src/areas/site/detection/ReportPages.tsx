import '../../../record/texts.js';
import { Alert, Button, Card, Input, Result, Segmented, Space, Typography, message } from 'antd';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RECORD_PATHS, type ReportLanguage, hasResults } from '@tcm/contract';
import { AnalysisProgress, RecordResult } from '../../../record/RecordResult.js';
import { reportPath, retryRecord, useRecord } from '../../../record/record-api.js';
import { currentLanguage } from '../../../lib/i18n.js';
import { ReportButtons } from '../../../record/ReportButtons.js';

/** Report language: `?lang=` of the link, else the interface language. */
function useReportLang(): [ReportLanguage, (l: ReportLanguage) => void] {
  const [params, setParams] = useSearchParams();
  const q = params.get('lang');
  const lang: ReportLanguage = q === 'en' || q === 'zh' ? q : currentLanguage();
  return [
    lang,
    (l) =>
      setParams((p) => {
        p.set('lang', l);
        return p;
      }),
  ];
}

function LangSwitch({ lang, onChange }: { lang: ReportLanguage; onChange: (l: ReportLanguage) => void }) {
  const { t } = useTranslation();
  return (
    <Segmented
      value={lang}
      data-testid="report-lang"
      options={[
        { label: t('record.reportLang.zh'), value: 'zh' },
        { label: t('record.reportLang.en'), value: 'en' },
      ]}
      onChange={(v) => onChange(v as ReportLanguage)}
    />
  );
}

function NoToken() {
  const { t } = useTranslation();
  return (
    <Result status="warning" title={t('record.noToken')} subTitle={t('record.noTokenText')} data-testid="no-token" />
  );
}

function PdfFrame({ src, title }: { src: string; title: string }) {
  return (
    <iframe
      title={title}
      src={src}
      data-testid="report-frame"
      style={{ width: '100%', height: '80vh', border: '1px solid #eee', background: '#fff' }}
    />
  );
}

/** A report page's head: its title, the report language's switch, then what the page adds. */
function ReportHead(props: {
  title: string;
  lang: ReportLanguage;
  onLang: (l: ReportLanguage) => void;
  children?: ReactNode;
}) {
  return (
    <Space wrap>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {props.title}
      </Typography.Title>
      <LangSwitch lang={props.lang} onChange={props.onLang} />
      {props.children}
    </Space>
  );
}

/** /checked/pdf?token=…: the PDF report itself, embedded, in zh or en. No sign-in: the token is the key. */
export function ReportPdfPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  const [lang, setLang] = useReportLang();
  const { detail, progress, via, error } = useRecord(token ? { token } : null);
  if (!token) return <NoToken />;
  if (error && !detail) return <Result status="error" title={error.message} data-testid="record-error" />;
  if (!detail) return <Card loading />;
  const status = progress?.status ?? detail.status;
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <ReportHead title={t('route.pdfReport')} lang={lang} onLang={setLang}>
        {hasResults(status) && <ReportButtons recordRef={{ token }} />}
      </ReportHead>
      {hasResults(status) ? (
        <PdfFrame src={reportPath({ token }, lang)} title={t('route.pdfReport')} />
      ) : status === 'failed' ? (
        <Alert type="error" showIcon title={t('record.failed')} description={progress?.failure?.msg} />
      ) : (
        progress && <AnalysisProgress progress={progress} via={via} />
      )}
    </Space>
  );
}

/**
 * /checked/pdf/new?token=…: the web report (every result with its evidence), the PDF in both
 * languages and the shareable link. No sign-in: whoever holds the link may read this record.
 */
export function ReportNewPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  const ref = token ? { token } : null;
  const { detail, progress, via, error, reload } = useRecord(ref);
  if (!token) return <NoToken />;
  if (error && !detail) return <Result status="error" title={error.message} data-testid="record-error" />;
  if (!detail) return <Card loading />;
  const link = `${window.location.origin}${import.meta.env.BASE_URL}checked/pdf/new?token=${encodeURIComponent(token)}`;
  return (
    <Space orientation="vertical" style={{ width: '100%', maxWidth: 1100, margin: '0 auto' }}>
      <Typography.Title level={3}>{t('route.pdfReportNew')}</Typography.Title>
      <Space.Compact style={{ width: '100%', maxWidth: 720 }}>
        <Input readOnly value={link} data-testid="share-link" />
        <Button
          onClick={() => {
            void navigator.clipboard?.writeText(link).then(
              () => message.success(t('record.linkCopied')),
              () => undefined,
            );
          }}
        >
          {t('record.copyLink')}
        </Button>
      </Space.Compact>
      <Typography.Text type="secondary">{t('record.shareNote')}</Typography.Text>
      <RecordResult
        detail={detail}
        progress={progress}
        via={via}
        onRetry={async () => {
          await retryRecord({ token });
          reload();
        }}
        actions={<ReportButtons recordRef={{ token }} />}
      />
    </Space>
  );
}

/** /checked/pdf/newPdfTestPreview: the report layout rendered from sample data (no personal data). */
export function ReportPreviewPage() {
  const { t } = useTranslation();
  const [lang, setLang] = useReportLang();
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <ReportHead title={t('route.pdfPreview')} lang={lang} onLang={setLang} />
      <Typography.Text type="secondary">{t('record.previewNote')}</Typography.Text>
      <PdfFrame src={`${RECORD_PATHS.reportPreview}?lang=${lang}`} title={t('route.pdfPreview')} />
    </Space>
  );
}
