import { Button, Space, message } from 'antd';
import { useTranslation } from 'react-i18next';
import { RESEARCH_PATHS } from '@tcm/contract';
import { fetchFile, saveBlob } from '../archive/archive-api.js';
import { asyncHandler } from '../../../lib/async-handler.js';

export type Cell = string | number | null;

/** RFC 4180 CSV with a byte order mark, so Excel opens UTF-8 Chinese text correctly. */
export function toCsv(columns: readonly string[], rows: readonly Cell[][]): string {
  const esc = (c: Cell) => {
    const s = c === null ? '' : String(c);
    return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return `\uFEFF${[columns, ...rows].map((r) => r.map(esc).join(',')).join('\r\n')}\r\n`;
}

/** CSV (written here) and Excel (the server's exceljs) exports of the table a screen shows. */
export function ExportButtons({ name, columns, rows }: { name: string; columns: string[]; rows: Cell[][] }) {
  const { t } = useTranslation();
  const safe = name.replace(/[\\/:*?"<>|]/g, ' ');
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
        data-testid={`export-xlsx-${name}`}
        onClick={asyncHandler(async () => {
          try {
            const blob = await fetchFile(RESEARCH_PATHS.exportXlsx, {
              method: 'POST',
              body: { name: safe, columns, rows },
            });
            saveBlob(blob, `${safe}.xlsx`);
          } catch (e) {
            void message.error((e as Error).message);
          }
        })}
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
