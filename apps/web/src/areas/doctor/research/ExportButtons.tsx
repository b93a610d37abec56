import { useContext } from 'react';
import { Button, Space, message } from 'antd';
import { useTranslation } from 'react-i18next';
import { neutraliseCell } from '@tcm/contract';
import { saveBlob } from '../../../lib/save-blob.js';
import { useExportXlsx } from './research-api.js';
import { ExportNotes } from './results.js';

export type Cell = string | number | null;

/**
 * RFC 4180 CSV with a byte order mark, so Excel opens UTF-8 Chinese text correctly; cells that
 * would open as formulas are neutralised (`neutraliseCell`, docs/security.md §14c).
 */
export function toCsv(columns: readonly string[], rows: readonly Cell[][]): string {
  const esc = (c: Cell) => {
    const s = c === null ? '' : String(neutraliseCell(c));
    return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return `\uFEFF${[columns, ...rows].map((r) => r.map(esc).join(',')).join('\r\n')}\r\n`;
}

/** CSV (written here) and Excel (the server's exceljs) exports of the table a screen shows. */
export function ExportButtons({ name, columns, rows: shown }: { name: string; columns: string[]; rows: Cell[][] }) {
  const { t } = useTranslation();
  // A degenerate result's warnings follow the table in both files, as on the screen.
  const notes = useContext(ExportNotes);
  const rows = notes.length
    ? [...shown, [], ...notes.map((n): Cell[] => [`${t('research.warningExport')}: ${n}`])]
    : shown;
  const safe = name.replace(/[\\/:*?"<>|]/g, ' ');
  const xlsx = useExportXlsx();
  return (
    <Space>
      <Button
        size="small"
        data-testid={`export-csv-${name}`}
        onClick={() => saveBlob(new Blob([toCsv(columns, rows)], { type: 'text/csv;charset=utf-8' }), `${safe}.csv`)}
      >
        {t('research.exportCsv')}
      </Button>
      <Button
        size="small"
        loading={xlsx.isPending}
        data-testid={`export-xlsx-${name}`}
        onClick={() =>
          xlsx.mutate(
            { name: safe, columns, rows },
            // A file download's failure is not shown by the JSON client: the message is shown here.
            { onError: (e) => void message.error(e.message) },
          )
        }
      >
        {t('research.exportXlsx')}
      </Button>
    </Space>
  );
}

/** The toolbox entry every research chart carries: save as PNG, titled in the reader's language. */
export const savePng = (title: string, name: string) => ({
  right: 8,
  feature: { saveAsImage: { title, name, pixelRatio: 2, backgroundColor: '#fff' } },
});
