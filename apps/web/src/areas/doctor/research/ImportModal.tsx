import { useState } from 'react';
import { Alert, Button, Input, Modal, Select, Space, Table, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  RESEARCH_VARIABLE_KINDS,
  RESEARCH_VARIABLE_TYPES,
  readerLang,
  type ImportError,
  type ImportMapping,
  type Pool,
} from '@tcm/contract';
import { HttpError } from '../../../lib/http.js';
import { useImportFile, useImportPreview } from './research-api.js';

interface Row {
  column: string;
  key: string;
  type: (typeof RESEARCH_VARIABLE_TYPES)[number];
  kind: (typeof RESEARCH_VARIABLE_KINDS)[number];
  skip: boolean;
}

/** A key from a column name: letters and digits kept, others "_", a leading letter ensured. */
const keyOf = (column: string, i: number) => {
  const k = column.replace(/[^A-Za-z0-9_.-]/g, '_').replace(/^[^A-Za-z]+/, '');
  return k ? k.slice(0, 64) : `v${i + 1}`;
};

/**
 * CSV / Excel import: pick a file, map each column to a variable (an existing one, or a new one
 * with its type and kind), import. A refused import lists every error by row and column.
 */
export function ImportModal({
  open,
  pool,
  onClose,
  onDone,
}: {
  open: boolean;
  pool: Pool;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = readerLang(i18n.language);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<{ columns: string[]; rows: string[][]; total: number } | null>(null);
  const [rows, setRows] = useState<Row[]>([]);
  const [errors, setErrors] = useState<ImportError[] | null>(null);
  const previewing = useImportPreview(pool.id);
  const importing = useImportFile(pool.id);
  const reset = () => {
    setFile(null);
    setPreview(null);
    setRows([]);
    setErrors(null);
  };
  const pick = async (f: File) => {
    reset();
    setFile(f);
    const p = await previewing.mutateAsync(f);
    setPreview(p);
    setRows(
      p.columns.map((column, i) => {
        const known = pool.variables.find((v) => v.key === column || v.label.zh === column || v.label.en === column);
        const sample = p.rows.map((r) => r[i] ?? '').filter((x) => x.trim() !== '');
        const numeric = sample.length > 0 && sample.every((x) => Number.isFinite(Number(x)));
        return {
          column,
          key: known?.key ?? keyOf(column, i),
          type: known?.type ?? (numeric ? 'numeric' : 'categorical'),
          kind: known?.kind ?? 'finding',
          skip: false,
        };
      }),
    );
  };
  const set = (i: number, patch: Partial<Row>) => setRows((rs) => rs.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const run = async () => {
    if (!file) return;
    const mapping: ImportMapping = rows
      .filter((r) => !r.skip)
      .map((r) => {
        const known = pool.variables.some((v) => v.key === r.key);
        return known
          ? { column: r.column, key: r.key }
          : { column: r.column, key: r.key, type: r.type, kind: r.kind, label: { zh: r.column, en: r.column } };
      });
    try {
      await importing.mutateAsync({ file, mapping });
      reset();
      onDone();
    } catch (e) {
      const data = e instanceof HttpError ? (e.data as { errors?: ImportError[] } | null) : null;
      setErrors(
        data?.errors ?? [{ row: 0, column: '', value: '', zh: (e as Error).message, en: (e as Error).message }],
      );
    }
  };
  // A column's type or kind, picked from its list; fixed for a variable the pool already has.
  const choice = <F extends 'type' | 'kind'>(
    field: F,
    title: string,
    width: number,
    values: readonly Row[F][],
    words: string,
  ) => ({
    title,
    render: (_: unknown, r: Row, i: number) => (
      <Select<Row[F]>
        size="small"
        style={{ width }}
        value={r[field]}
        disabled={r.skip || pool.variables.some((v) => v.key === r.key)}
        onChange={(value) => set(i, { [field]: value })}
        options={values.map((x) => ({ value: x, label: t(`${words}.${x}`) }))}
      />
    ),
  });
  return (
    <Modal
      open={open}
      width={960}
      title={t('research.import.title')}
      onCancel={() => {
        reset();
        onClose();
      }}
      okText={t('research.import.run')}
      okButtonProps={{ disabled: !preview, loading: importing.isPending, 'data-testid': 'import-run' }}
      onOk={() => void run()}
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Space>
          <Upload
            accept=".csv,.txt,.xlsx"
            showUploadList={false}
            beforeUpload={(f) => {
              void pick(f);
              return false;
            }}
          >
            <Button loading={previewing.isPending} data-testid="import-pick">
              {t('research.import.pick')}
            </Button>
          </Upload>
          <Typography.Text type="secondary">{file ? file.name : t('research.import.fileHint')}</Typography.Text>
        </Space>
        {preview && (
          <>
            <Typography.Text>
              {t('research.import.preview', { n: preview.total, m: Math.min(preview.rows.length, 5) })}
            </Typography.Text>
            <Table
              size="small"
              rowKey="column"
              pagination={false}
              dataSource={rows}
              data-testid="import-mapping"
              columns={[
                { title: t('research.import.column'), dataIndex: 'column' },
                {
                  title: t('research.import.key'),
                  render: (_: unknown, r: Row, i: number) => (
                    <Input
                      size="small"
                      value={r.key}
                      disabled={r.skip}
                      onChange={(e) => set(i, { key: e.target.value })}
                    />
                  ),
                },
                choice('type', t('research.import.type'), 100, RESEARCH_VARIABLE_TYPES, 'research.varType'),
                choice('kind', t('research.import.kindLabel'), 120, RESEARCH_VARIABLE_KINDS, 'research.varKind'),
                {
                  title: t('research.import.skip'),
                  render: (_: unknown, r: Row, i: number) => (
                    <input type="checkbox" checked={r.skip} onChange={(e) => set(i, { skip: e.target.checked })} />
                  ),
                },
                {
                  title: '',
                  render: (_: unknown, r: Row) =>
                    preview.rows
                      .slice(0, 3)
                      .map((x) => x[preview.columns.indexOf(r.column)])
                      .join(' · '),
                },
              ]}
            />
          </>
        )}
        {errors && (
          <>
            <Alert type="error" showIcon title={t('research.import.errors', { n: errors.length })} />
            <Table
              size="small"
              rowKey={(e) => `${e.row}|${e.column}`}
              pagination={{ pageSize: 20 }}
              dataSource={errors}
              data-testid="import-errors"
              columns={[
                { title: t('research.import.row'), dataIndex: 'row' },
                { title: t('research.import.column'), dataIndex: 'column' },
                { title: t('research.import.value'), dataIndex: 'value' },
                { title: t('research.import.reason'), render: (_: unknown, e: ImportError) => e[lang] },
              ]}
            />
          </>
        )}
      </Space>
    </Modal>
  );
}
