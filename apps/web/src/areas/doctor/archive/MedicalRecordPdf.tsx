import './texts.js';
import { useState } from 'react';
import { Button, Result, Segmented, Space, Spin, Typography } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ReportLanguage } from '@tcm/contract';
import { useObjectUrl } from '../../../lib/use-object-url.js';
import { saveBlob } from '../../../lib/save-blob.js';
import { useVisitPdf } from './archive-api.js';

/**
 * /doctor/archive/showMedicalRecordPdf/:recordId (full screen, spec §2): the medical record of one
 * visit rendered by the server, shown in the page and downloadable, in Chinese or English.
 */
export function MedicalRecordPdf() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { recordId = '' } = useParams();
  const [lang, setLang] = useState<ReportLanguage>(i18n.language === 'en' ? 'en' : 'zh');
  const pdf = useVisitPdf(recordId, lang);
  const url = useObjectUrl(pdf.data);
  const file = pdf.data && url ? { blob: pdf.data, url } : null;
  const error = pdf.error?.message ?? null;

  return (
    <div style={{ display: 'flex', flexDirection: 'column', height: '100vh' }} data-testid="medical-record-pdf">
      <Space style={{ padding: 8, borderBottom: '1px solid #eee' }} wrap>
        <Typography.Text strong>{t('archive.pdf.title')}</Typography.Text>
        <Segmented<ReportLanguage>
          value={lang}
          onChange={setLang}
          options={[
            { value: 'zh', label: '中文' },
            { value: 'en', label: 'English' },
          ]}
          data-testid="pdf-lang"
        />
        <Button
          type="primary"
          disabled={!file}
          data-testid="pdf-download"
          onClick={() => file && saveBlob(file.blob, `medical-record-${lang}.pdf`)}
        >
          {t('archive.pdf.download')}
        </Button>
        <Button onClick={() => void navigate(-1)}>{t('archive.pdf.close')}</Button>
      </Space>
      {error ? (
        <Result status="403" title="403" subTitle={error} data-testid="pdf-error" />
      ) : file ? (
        <iframe title={t('archive.pdf.title')} src={file.url} style={{ flex: 1, border: 0 }} data-testid="pdf-frame" />
      ) : (
        <Spin style={{ margin: '20vh auto' }} />
      )}
    </div>
  );
}
