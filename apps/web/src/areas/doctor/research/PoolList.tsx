import './texts.js';
import { useState } from 'react';
import { Form, Input, Modal, Result, Space, Typography, message } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RESEARCH_BUTTONS, poolAddBody, type Pool } from '@tcm/contract';
import { markServerFields, useSchemaRules } from '../../../lib/form-rules.js';
import { SchemaInput } from '../../../components/SchemaInput.js';
import type { ToolbarButton } from '../../../app/dynamic-menu.js';
import { selectionProblem } from '../../../app/toolbar.js';
import { DataTable } from '../../../components/DataTable.js';
import { useListTable } from '../../../components/use-list-table.js';
import { SearchBox } from '../../../components/SearchBox.js';
import { Toolbar } from '../../../components/Toolbar.js';
import { useReaderFormat } from '../../../lib/reader-format.js';
import { ExportButtons } from './ExportButtons.js';
import { usePools, useRemovePools, useSavePool } from './research-api.js';
import { asyncHandler } from '../../../lib/async-handler.js';
import { useDeleteSelected } from '../../../components/use-confirm.js';

/** The pool toolbar of spec §6 (codes, names, handlers as the seeded menu's buttons); the Toolbar shows those held. */
export const POOL_TOOLBAR: readonly ToolbarButton[] = [
  {
    buttonCode: RESEARCH_BUTTONS.addPool,
    buttonName: '新增数据池',
    buttonNameEn: 'Add pool',
    buttonIcon: 'plus',
    buttonUrl: 'addPool',
  },
  {
    buttonCode: RESEARCH_BUTTONS.editPool,
    buttonName: '修改数据池',
    buttonNameEn: 'Edit pool',
    buttonIcon: 'edit',
    buttonUrl: 'editPool',
  },
  {
    buttonCode: RESEARCH_BUTTONS.deletePools,
    buttonName: '批量删除',
    buttonNameEn: 'Delete pools',
    buttonIcon: 'delete',
    buttonUrl: 'deletePools',
  },
];

/** /doctor/analysis/pool/index: own data pools; open one for its samples. */
export function PoolList() {
  const { t } = useTranslation();
  const deleteSelected = useDeleteSelected();
  const { date } = useReaderFormat();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const { paging, selected, setSelected, pager, selection } = useListTable();
  const [editing, setEditing] = useState<Pool | 'new' | null>(null);
  const list = usePools({ ...paging, search: search || undefined });
  const remove = useRemovePools();
  const handlers: Record<string, () => void> = {
    addPool: () => setEditing('new'),
    editPool: () => {
      const problem = selectionProblem('onlyOne', selected.length);
      if (problem) return void message.warning(t(problem));
      setEditing(list.data?.list.find((p) => p.id === selected[0]) ?? null);
    },
    // The confirm's OK button spins while the returned promise runs (antd), and the lists are
    // fresh once it resolves (the mutation's onSuccess).
    deletePools: deleteSelected(selected.length, t('research.confirmDelete', { n: selected.length }), async () => {
      await remove.mutateAsync(selected);
      setSelected([]);
      void message.success(t('research.deleted'));
    }),
  };
  const pools = list.data?.list ?? [];
  const cols = [
    t('research.name'),
    t('research.samples'),
    t('research.variables'),
    t('research.remark'),
    t('research.createdAt'),
  ];
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="pool-list">
      <Typography.Title level={4}>{t('route.pool')}</Typography.Title>
      <Space wrap>
        <Toolbar buttons={POOL_TOOLBAR} selected={selected.length} handlers={handlers} />
        <SearchBox
          fields={[{ name: 'name', type: 'string', label: 'research.name' }]}
          onSearch={(_q, term) => setSearch(term)}
        />
        <ExportButtons
          name={t('route.pool')}
          columns={cols}
          rows={pools.map((p) => [p.name, p.sampleCount, p.variables.length, p.remark, date(p.createdAt)])}
        />
      </Space>
      {list.error ? (
        <Result status="error" title={t('research.loadFailed')} subTitle={list.error.message} />
      ) : (
        <DataTable<Pool>
          rowKey="id"
          loading={list.isLoading}
          dataSource={pools}
          total={list.data?.total ?? 0}
          {...pager}
          {...selection}
          locale={{ emptyText: t('research.noPools') }}
          data-testid="pool-table"
          columns={[
            {
              title: cols[0],
              render: (_: unknown, p: Pool) => (
                <Typography.Link
                  onClick={() => void navigate(`/doctor/analysis/pool/itemIndex/${p.id}`)}
                  data-testid={`pool-${p.name}`}
                >
                  {p.name}
                </Typography.Link>
              ),
            },
            { title: cols[1], dataIndex: 'sampleCount' },
            { title: cols[2], render: (_: unknown, p: Pool) => p.variables.length },
            { title: cols[3], dataIndex: 'remark' },
            { title: cols[4], render: (_: unknown, p: Pool) => date(p.createdAt) },
          ]}
        />
      )}
      <PoolForm pool={editing} onClose={() => setEditing(null)} onSaved={() => setEditing(null)} />
    </Space>
  );
}

function PoolForm({ pool, onClose, onSaved }: { pool: Pool | 'new' | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string; remark: string }>();
  const isNew = pool === 'new';
  const save = useSavePool();
  const schema = useSchemaRules(poolAddBody.shape);
  return (
    <Modal
      open={!!pool}
      destroyOnHidden
      title={isNew ? t('research.poolForm.add') : t('research.poolForm.edit')}
      onCancel={onClose}
      okButtonProps={{ loading: save.isPending, 'data-testid': 'pool-save' }}
      onOk={asyncHandler(async () => {
        const v = await form.validateFields();
        if (!pool) return;
        try {
          await save.mutateAsync({ id: isNew ? null : pool.id, body: v });
        } catch (e) {
          if (markServerFields(form, e)) return;
          throw e;
        }
        void message.success(t('research.saved'));
        onSaved();
      })}
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={isNew || !pool ? {} : { name: pool.name, remark: pool.remark }}
      >
        <SchemaInput field={schema.field('name')} label={t('research.name')} required data-testid="pool-name" />
        <Form.Item name="remark" label={t('research.remark')} rules={schema.rules('remark')}>
          <Input.TextArea {...schema.text('remark')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
