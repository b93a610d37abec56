import { App, Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RecordExportBody } from '@tcm/contract';
import { currentLanguage } from '../../lib/i18n.js';
import { useRecordsExport } from './records-export-api.js';

/**
 * Export of the list as it is filtered now: the Excel file of every matching row, and the ZIP of
 * the matching done records' reports (or of the ticked rows only). Errors show the server's text.
 */
export function RecordsExportBar({ filter, selected }: { filter: RecordExportBody; selected: string[] }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const exporting = useRecordsExport();
  const lang = currentLanguage() === 'en' ? 'en' : 'zh';
  const busy = exporting.isPending ? exporting.variables.kind : null;
  const run = (kind: 'xlsx' | 'zip') =>
    exporting.mutate(
      kind === 'xlsx'
        ? { kind, body: { ...filter, lang } }
        : { kind, body: { ...filter, lang, ...(selected.length ? { ids: selected } : {}) } },
      {
        onSuccess: () => void message.success(t('member.records.exported')),
        onError: (e) => void message.error(e.message),
      },
    );
  return (
    <Space wrap>
      <Button data-testid="export-xlsx" loading={busy === 'xlsx'} onClick={() => run('xlsx')}>
        {t('member.records.exportXlsx')}
      </Button>
      <Button data-testid="export-zip" loading={busy === 'zip'} onClick={() => run('zip')}>
        {selected.length ? t('member.records.selectedOnly', { n: selected.length }) : t('member.records.downloadZip')}
      </Button>
    </Space>
  );
}
