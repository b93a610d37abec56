import './texts.js';
import '../../../record/texts.js';
import { useMemo, useState } from 'react';
import { Button, Checkbox, Modal, Result, Space, Typography, message } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RESEARCH_BUTTONS, type CombinedQuery, type Sample } from '@tcm/contract';
import type { ToolbarButton } from '../../../app/dynamic-menu.js';
import { selectionProblem } from '../../../app/toolbar.js';
import { DataTable } from '../../../components/DataTable.js';
import { useListTable } from '../../../components/use-list-table.js';
import { Toolbar } from '../../../components/Toolbar.js';
import { CombinedQueryButton } from '../../../components/query/CombinedQueryButton.js';
import type { QueryField } from '../../../components/query/normalize.js';
import { useReaderFormat } from '../../../lib/reader-format.js';
import { ExportButtons, type Cell } from './ExportButtons.js';
import { ImportModal } from './ImportModal.js';
import { SampleEditModal } from './SampleEditModal.js';
import { useImportSystem, usePool, useRemoveSamples, useSamples } from './research-api.js';
import { valueText, variableWord } from './words.js';
import { asyncHandler } from '../../../lib/async-handler.js';
import { useDeleteSelected } from '../../../components/use-confirm.js';

/** The sample toolbar of spec §6 (codes and handlers as the seeded menu's buttons). */
export const SAMPLE_TOOLBAR: readonly ToolbarButton[] = [
  {
    buttonCode: RESEARCH_BUTTONS.importItems,
    buttonName: '导入样本',
    buttonNameEn: 'Import samples',
    buttonIcon: 'upload',
    buttonUrl: 'importItems',
  },
  {
    buttonCode: RESEARCH_BUTTONS.editItem,
    buttonName: '修改样本',
    buttonNameEn: 'Edit sample',
    buttonIcon: 'edit',
    buttonUrl: 'editItem',
  },
  {
    buttonCode: RESEARCH_BUTTONS.deleteItems,
    buttonName: '批量删除',
    buttonNameEn: 'Delete samples',
    buttonIcon: 'delete',
    buttonUrl: 'deleteItems',
  },
  {
    buttonCode: RESEARCH_BUTTONS.systemItems,
    buttonName: '系统样本',
    buttonNameEn: 'System samples',
    buttonIcon: null,
    buttonUrl: 'systemItems',
  },
];

/** /doctor/analysis/pool/itemIndex/:id: a pool's samples, one column per variable; combined query. */
export function SampleList() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const deleteSelected = useDeleteSelected();
  const { lang, number } = useReaderFormat();
  const navigate = useNavigate();
  const [query, setQuery] = useState<CombinedQuery | null>(null);
  const { paging, selected, setSelected, pager, selection } = useListTable([query]);
  const [importing, setImporting] = useState(false);
  const [editing, setEditing] = useState<Sample | null>(null);
  const [system, setSystem] = useState(false);
  const pool = usePool(id);
  const list = useSamples(id, { ...paging, query });
  const remove = useRemoveSamples(id);
  const vars = useMemo(() => pool.data?.variables ?? [], [pool.data]);
  const fields: QueryField[] = useMemo(
    () => [
      { name: 'source', type: 'string', label: 'research.source' },
      ...vars.map((v): QueryField => ({
        name: v.key,
        type: v.type === 'numeric' ? 'double' : 'string',
        label: v.label[lang],
      })),
    ],
    [vars, lang],
  );
  const yesNo = { yes: t('research.present'), no: t('research.absent') };
  const cell = (s: Sample, key: string) =>
    valueText(
      vars.find((v) => v.key === key),
      s.values[key],
      lang,
      yesNo,
      (n) => number(n),
    );
  const handlers: Record<string, () => void> = {
    importItems: () => setImporting(true),
    systemItems: () => setSystem(true),
    editItem: () => {
      const problem = selectionProblem('onlyOne', selected.length);
      if (problem) return void message.warning(t(problem));
      setEditing(list.data?.list.find((s) => s.id === selected[0]) ?? null);
    },
    deleteItems: deleteSelected(selected.length, t('research.confirmDelete', { n: selected.length }), async () => {
      await remove.mutateAsync(selected);
      setSelected([]);
      void message.success(t('research.deleted'));
    }),
  };
  if (pool.error) return <Result status="error" title={t('research.loadFailed')} subTitle={pool.error.message} />;
  const samples = list.data?.list ?? [];
  const cols = [t('research.source'), ...vars.map((v) => variableWord(v, v.key, lang))];
  const rows: Cell[][] = samples.map((s) => [t(`research.sourceKind.${s.source}`), ...vars.map((v) => cell(s, v.key))]);
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="sample-list">
      <Space>
        <Button onClick={() => void navigate('/doctor/analysis/pool/index')}>{t('research.items.back')}</Button>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {pool.data?.name} · {t('research.items.title')}
        </Typography.Title>
      </Space>
      <Space wrap>
        <Toolbar buttons={SAMPLE_TOOLBAR} selected={selected.length} handlers={handlers} />
        <CombinedQueryButton fields={fields} query={query} onQuery={setQuery} />
        <ExportButtons name={pool.data?.name ?? 'samples'} columns={cols} rows={rows} />
      </Space>
      {list.error ? (
        <Result status="error" title={t('research.loadFailed')} subTitle={list.error.message} />
      ) : (
        <DataTable<Sample>
          rowKey="id"
          loading={list.isLoading || pool.isLoading}
          dataSource={samples}
          total={list.data?.total ?? 0}
          {...pager}
          {...selection}
          locale={{ emptyText: t('research.empty') }}
          scroll={{ x: 'max-content' }}
          data-testid="sample-table"
          columns={[
            {
              title: cols[0],
              fixed: 'left' as const,
              render: (_: unknown, s: Sample) => t(`research.sourceKind.${s.source}`),
            },
            ...vars.map((v, i) => ({
              title: cols[i + 1],
              key: v.key,
              render: (_: unknown, s: Sample) => cell(s, v.key),
            })),
          ]}
        />
      )}
      {pool.data && (
        <ImportModal
          open={importing}
          pool={pool.data}
          onClose={() => setImporting(false)}
          onDone={() => setImporting(false)}
        />
      )}
      {pool.data && (
        <SampleEditModal
          sample={editing}
          pool={pool.data}
          onClose={() => setEditing(null)}
          onSaved={() => setEditing(null)}
        />
      )}
      <SystemImport open={system} poolId={id} onClose={() => setSystem(false)} onDone={() => setSystem(false)} />
    </Space>
  );
}

function SystemImport({
  open,
  poolId,
  onClose,
  onDone,
}: {
  open: boolean;
  poolId: string;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [sources, setSources] = useState<Array<'records' | 'visits'>>(['records', 'visits']);
  const run = useImportSystem(poolId);
  return (
    <Modal
      open={open}
      title={t('research.items.system')}
      onCancel={onClose}
      okButtonProps={{ disabled: !sources.length, loading: run.isPending, 'data-testid': 'system-import' }}
      onOk={asyncHandler(async () => {
        const r = await run.mutateAsync(sources);
        void message.success(t('research.items.imported', { n: r.imported }));
        for (const m of r.missing?.parts ?? [])
          void message.warning(
            t('research.items.importedMissing', {
              part: t(`record.engine.${m.engine}`),
              n: m.count,
              of: r.missing!.records,
            }),
          );
        onDone();
      })}
    >
      <Typography.Paragraph>{t('research.items.systemHint')}</Typography.Paragraph>
      <Checkbox.Group
        value={sources}
        onChange={(v) => setSources(v as Array<'records' | 'visits'>)}
        options={[
          { value: 'records', label: t('research.items.systemRecords') },
          { value: 'visits', label: t('research.items.systemVisits') },
        ]}
      />
    </Modal>
  );
}
