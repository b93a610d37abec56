import { useState } from 'react';
import { App, Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RecordExportBody } from '@tcm/contract';
import { currentLanguage } from '../../lib/i18n.js';
import { downloadZip, exportXlsx } from './records-export-api.js';

/**
 * Export of the list as it is filtered now: the Excel file of every matching row, and the ZIP of
 * the matching done records' reports (or of the ticked rows only). Errors show the server's text.
 */
export function RecordsExportBar({ filter, selected }: { filter: RecordExportBody; selected: string[] }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState<'xlsx' | 'zip' | null>(null);
  const lang = currentLanguage() === 'en' ? 'en' : 'zh';
  const run = async (kind: 'xlsx' | 'zip') => {
    setBusy(kind);
    try {
      if (kind === 'xlsx') await exportXlsx({ ...filter, lang });
      else await downloadZip({ ...filter, lang, ...(selected.length ? { ids: selected } : {}) });
      void message.success(t('member.records.exported'));
    } catch (e) {
      void message.error((e as Error).message);
    } finally {
      setBusy(null);
    }
  };
  return (
    <Space wrap>
      <Button data-testid="export-xlsx" loading={busy === 'xlsx'} onClick={() => void run('xlsx')}>
        {t('member.records.exportXlsx')}
      </Button>
      <Button data-testid="export-zip" loading={busy === 'zip'} onClick={() => void run('zip')}>
        {selected.length ? t('member.records.selectedOnly', { n: selected.length }) : t('member.records.downloadZip')}
      </Button>
    </Space>
  );
}
