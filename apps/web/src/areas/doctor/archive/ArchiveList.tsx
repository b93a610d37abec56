import './texts.js';
import { useEffect, useMemo, useState } from 'react';
import { Button, Result, Select, Space, Switch, Tag, Typography, message } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  datedFileName,
  ARCHIVE_BUTTONS,
  ARCHIVE_PATHS,
  ARCHIVE_QUERY_FIELDS,
  type CaseListBody,
  type CaseSummary,
  type CombinedQuery,
} from '@tcm/contract';
import type { ToolbarButton } from '../../../app/dynamic-menu.js';
import { selectionProblem } from '../../../app/toolbar.js';
import { DataTable } from '../../../components/DataTable.js';
import { useListTable } from '../../../components/use-list-table.js';
import { CombinedQueryButton } from '../../../components/query/CombinedQueryButton.js';
import type { QueryField } from '../../../components/query/normalize.js';
import { SearchBox } from '../../../components/SearchBox.js';
import { Toolbar } from '../../../components/Toolbar.js';
import { useCases, useDownload, useGroups, useRemoveCases, useRestoreCases } from './archive-api.js';
import { CaseFormModal } from './CaseFormModal.js';
import { GroupModal } from './GroupModal.js';
import { asyncHandler } from '../../../lib/async-handler.js';
import { useReaderFormat } from '../../../lib/reader-format.js';
import { useDeleteSelected } from '../../../components/use-confirm.js';

/** The case-list toolbar of spec §6 (codes, names, actions); the Toolbar shows those the doctor holds. */
export const ARCHIVE_TOOLBAR: readonly ToolbarButton[] = [
  {
    buttonCode: ARCHIVE_BUTTONS.group,
    buttonName: '批量设置医案分组',
    buttonNameEn: 'Set case groups',
    buttonIcon: null,
    buttonUrl: 'joinGroups',
  },
  {
    buttonCode: ARCHIVE_BUTTONS.add,
    buttonName: '创建医案',
    buttonNameEn: 'Create case',
    buttonIcon: 'plus',
    buttonUrl: 'addArchive',
  },
  {
    buttonCode: ARCHIVE_BUTTONS.batchDelete,
    buttonName: '批量删除医案',
    buttonNameEn: 'Delete cases',
    buttonIcon: 'delete',
    buttonUrl: 'deleteArchive',
  },
];

const FIELDS: readonly QueryField[] = Object.entries(ARCHIVE_QUERY_FIELDS).map(([name, type]) => ({
  name,
  type,
  label: `archive.field.${name}`,
}));

/** /doctor/archive/index: own and shared cases, search, combined query, groups, recycle view, export. */
export function ArchiveList({ openAdd = false }: { openAdd?: boolean }) {
  const { t } = useTranslation();
  const deleteSelected = useDeleteSelected();
  const fmt = useReaderFormat();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState<CombinedQuery | null>(null);
  const [groupId, setGroupId] = useState<string | undefined>();
  const [recycle, setRecycle] = useState(false);
  const { paging, selected, setSelected, pager, selection } = useListTable([search, query, groupId, recycle]);
  const [adding, setAdding] = useState(openAdd);
  const [grouping, setGrouping] = useState(false);
  useEffect(() => setSelected([]), [recycle, setSelected]);

  const filter: CaseListBody = {
    search: search || undefined,
    query: query ?? undefined,
    groupId,
    deleted: recycle,
  };
  const list = useCases({ ...filter, page: paging.page, size: paging.size });
  const groups = useGroups();
  const remove = useRemoveCases();
  const restore = useRestoreCases();
  const download = useDownload();

  const handlers: Record<string, () => void> = {
    addArchive: () => setAdding(true),
    joinGroups: () => {
      const problem = selectionProblem('some', selected.length);
      if (problem) return void message.warning(t(problem));
      setGrouping(true);
    },
    deleteArchive: deleteSelected(selected.length, t('archive.confirmDelete', { n: selected.length }), async () => {
      await remove.mutateAsync(selected);
      setSelected([]);
      void message.success(t('archive.deleted'));
    }),
  };

  const columns = useMemo(
    () => [
      {
        title: t('archive.field.name'),
        render: (_: unknown, c: CaseSummary) => (
          <Space>
            <Typography.Link
              disabled={recycle}
              onClick={() => void navigate(`/doctor/archive/review/${c.id}`)}
              data-testid={`case-${c.id}`}
            >
              {c.name}
            </Typography.Link>
            {!c.mine && <Tag>{t('archive.group.shared', { name: c.ownerName })}</Tag>}
          </Space>
        ),
      },
      { title: t('archive.field.sex'), render: (_: unknown, c: CaseSummary) => t(`archive.sex.${c.sex}`) },
      { title: t('archive.field.age'), dataIndex: 'age' },
      { title: t('archive.field.phone'), dataIndex: 'phone' },
      { title: t('archive.field.idNumber'), render: (_: unknown, c: CaseSummary) => c.idNumberMasked ?? '—' },
      { title: t('archive.field.group'), render: (_: unknown, c: CaseSummary) => c.groupName ?? '—' },
      { title: t('archive.field.visitCount'), dataIndex: 'visitCount' },
      { title: t('archive.field.lastVisitAt'), render: (_: unknown, c: CaseSummary) => c.lastVisitAt ?? '—' },
      { title: t('archive.field.tcmSyndrome'), render: (_: unknown, c: CaseSummary) => c.tcmSyndrome || '—' },
      {
        title: recycle ? t('archive.field.deletedAt') : t('archive.field.createdAt'),
        render: (_: unknown, c: CaseSummary) => fmt.date((recycle && c.deletedAt) || c.createdAt),
      },
    ],
    [navigate, recycle, t, fmt],
  );

  const exportXlsx = () =>
    download.mutate(
      { url: ARCHIVE_PATHS.exportXlsx, body: filter, name: datedFileName('cases', 'xlsx') },
      { onError: (e) => void message.error(e.message) },
    );

  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="archive-list">
      <Typography.Title level={4}>{recycle ? t('archive.recycle') : t('archive.title')}</Typography.Title>
      <Space wrap>
        {!recycle && <Toolbar buttons={ARCHIVE_TOOLBAR} selected={selected.length} handlers={handlers} />}
        {recycle && (
          <Button
            disabled={!selected.length}
            loading={restore.isPending}
            data-testid="restore"
            onClick={asyncHandler(async () => {
              await restore.mutateAsync(selected);
              setSelected([]);
              void message.success(t('archive.restored'));
            })}
          >
            {t('archive.restore')}
          </Button>
        )}
        <SearchBox fields={FIELDS} onSearch={(_q, term) => setSearch(term)} />
        <CombinedQueryButton fields={FIELDS} query={query} onQuery={setQuery} />
        <Select<string>
          allowClear
          placeholder={t('archive.allGroups')}
          style={{ width: 180 }}
          value={groupId}
          onChange={(v) => setGroupId(v)}
          options={(groups.data ?? []).map((g) => ({ value: g.id, label: g.name }))}
        />
        <Button onClick={exportXlsx} loading={download.isPending} data-testid="export-xlsx">
          {t('archive.exportXlsx')}
        </Button>
        <Space>
          <Switch checked={recycle} onChange={setRecycle} data-testid="recycle-toggle" />
          {t('archive.recycle')}
        </Space>
      </Space>
      {recycle && <Typography.Text type="secondary">{t('archive.restoreHint')}</Typography.Text>}
      {list.error ? (
        <Result status="error" title={t('archive.loadFailed')} subTitle={list.error.message} />
      ) : (
        <DataTable<CaseSummary>
          rowKey="id"
          query={list}
          {...pager}
          {...selection}
          columns={columns}
          locale={{ emptyText: t('archive.empty') }}
          data-testid="archive-table"
        />
      )}
      <CaseFormModal
        open={adding}
        groups={(groups.data ?? []).filter((g) => g.mine)}
        onClose={() => setAdding(false)}
        onSaved={(c) => {
          setAdding(false);
          void navigate(`/doctor/archive/review/${c.id}`);
        }}
      />
      <GroupModal
        open={grouping}
        ids={selected}
        groups={(groups.data ?? []).filter((g) => g.mine)}
        onClose={() => setGrouping(false)}
        onDone={() => {
          setGrouping(false);
          setSelected([]);
        }}
      />
    </Space>
  );
}
