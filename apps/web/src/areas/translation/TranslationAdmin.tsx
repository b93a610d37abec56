import { useMemo, useState } from 'react';
import { Button, Input, Modal, Space, Typography, message } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  TRANSLATION_LANG_LABELS,
  TRANSLATION_QUERY_FIELDS,
  type CombinedQuery,
  type TranslationEntry,
} from '@tcm/contract';
import type { BuiltRoute } from '../../app/dynamic-menu.js';
import { selectionProblem } from '../../app/toolbar.js';
import { DataTable, type Paging } from '../../components/DataTable.js';
import { EChart } from '../../components/EChart.js';
import { CombinedQueryDialog } from '../../components/query/CombinedQueryDialog.js';
import type { QueryField } from '../../components/query/normalize.js';
import { useReaderFormat } from '../../lib/reader-format.js';
import { SearchBox } from '../../components/SearchBox.js';
import { Toolbar } from '../../components/Toolbar.js';
import { DEFAULT_MAX_LENGTH } from '../../lib/validators.js';
import { TranslationDialog } from './TranslationDialog.js';
import { TranslationPopover } from './TranslationPopover.js';
import { translationApi } from './translation-api.js';
import { languageCoverage } from './coverage.js';

const FIELD_LABELS: Record<keyof typeof TRANSLATION_QUERY_FIELDS, string> = {
  originalText: 'translation.original',
  en: 'translation.fieldEn',
  zhHant: 'translation.fieldZhHant',
  remark: 'translation.remark',
  id: 'translation.fieldId',
  createdAt: 'translation.createdAt',
};
const FIELDS: QueryField[] = (
  Object.keys(TRANSLATION_QUERY_FIELDS) as Array<keyof typeof TRANSLATION_QUERY_FIELDS>
).map((name) => ({
  name,
  type: TRANSLATION_QUERY_FIELDS[name],
  label: FIELD_LABELS[name],
}));
const SEARCH_FIELDS = FIELDS.filter((f) => f.type === 'string');

type Editing = { entry: TranslationEntry | null; original?: string } | null;

/** Translation admin screen (spec §2): list, search, combined query, toolbar, dialog, focus pop-up. */
export default function TranslationAdmin({ route }: { route?: BuiltRoute }) {
  const { t, i18n } = useTranslation();
  const fmt = useReaderFormat();
  const qc = useQueryClient();
  const [paging, setPaging] = useState<Paging>({ page: 1, size: 100 });
  const [filter, setFilter] = useState<{ keyword?: string; query?: CombinedQuery }>({});
  const [selected, setSelected] = useState<React.Key[]>([]);
  const [editing, setEditing] = useState<Editing>(null);
  const [queryOpen, setQueryOpen] = useState(false);
  const [check, setCheck] = useState('');
  const list = useQuery({
    queryKey: ['translations', paging, filter],
    queryFn: () => translationApi.list(paging.page, paging.size, filter),
  });
  const rows = list.data?.list ?? [];
  const refresh = () => void qc.invalidateQueries({ queryKey: ['translations'] });
  const selectedRows = rows.filter((r) => selected.includes(r.id));

  const handlers: Record<string, () => void> = {
    addTranslation: () => setEditing({ entry: null }),
    editTranslation: () => {
      const problem = selectionProblem('onlyOne', selectedRows.length);
      if (problem) return void message.warning(t(problem));
      setEditing({ entry: selectedRows[0] ?? null });
    },
    deleteTranslation: () => {
      const problem = selectionProblem('some', selectedRows.length);
      if (problem) return void message.warning(t(problem));
      Modal.confirm({
        title: t('app.hint'),
        content: t('translation.confirmRemove'),
        onOk: async () => {
          for (const r of selectedRows) await translationApi.remove(r.id);
          setSelected([]);
          void message.success(t('translation.removed'));
          refresh();
        },
      });
    },
  };
  // Which languages the listed entries still lack: a bar per language (ECharts).
  const coverageOption = useMemo(() => {
    const c = languageCoverage(rows);
    const lang = i18n.language === 'en' ? 'en' : 'zh';
    return {
      tooltip: {},
      grid: { left: 40, right: 10, top: 10, bottom: 30 },
      xAxis: { type: 'category', data: c.map((x) => TRANSLATION_LANG_LABELS[x.lang][lang]) },
      yAxis: { type: 'value', minInterval: 1, max: Math.max(1, rows.length) },
      series: [{ type: 'bar', data: c.map((x) => x.configured) }],
    };
  }, [rows, i18n.language]);

  return (
    <div data-testid="translation-admin">
      <Typography.Title level={4}>{t('translation.title')}</Typography.Title>
      <Space wrap style={{ marginBottom: 12 }}>
        <Toolbar buttons={route?.buttons ?? []} selected={selected.length} handlers={handlers} />
        <SearchBox
          fields={SEARCH_FIELDS}
          onSearch={(_q, term) => {
            setPaging((p) => ({ ...p, page: 1 }));
            setFilter({ keyword: term || undefined });
          }}
        />
        <Button onClick={() => setQueryOpen(true)}>{t('query.title')}</Button>
      </Space>
      <DataTable<TranslationEntry>
        rowKey="id"
        loading={list.isLoading}
        dataSource={rows}
        paging={paging}
        total={list.data?.total ?? 0}
        onPaging={setPaging}
        selected={selected}
        onSelect={setSelected}
        columns={[
          { title: t('translation.original'), dataIndex: 'originalText', ellipsis: true },
          { title: 'en', dataIndex: 'en', ellipsis: true },
          { title: t('translation.remark'), dataIndex: 'remark', width: 160 },
          { title: t('translation.updatedAt'), width: 200, render: (_v, r) => fmt.date(r.updatedAt) },
          {
            title: t('translation.actions'),
            width: 100,
            render: (_v, r) => (
              <Button size="small" type="link" onClick={() => setEditing({ entry: r })}>
                {t('translation.edit')}
              </Button>
            ),
          },
        ]}
      />
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {t('translation.coverage')}
      </Typography.Title>
      <EChart option={coverageOption} height={220} testId="tr-coverage" />
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {t('translation.checkText')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('translation.checkHint')}</Typography.Paragraph>
      <Space>
        <TranslationPopover text={check} onConfigure={(text) => setEditing({ entry: null, original: text })}>
          <Input
            maxLength={DEFAULT_MAX_LENGTH}
            value={check}
            onChange={(e) => setCheck(e.target.value)}
            style={{ width: 320 }}
            data-testid="tr-check-input"
          />
        </TranslationPopover>
      </Space>
      {editing && (
        <TranslationDialog
          entry={editing.entry}
          initialOriginal={editing.original}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            refresh();
          }}
        />
      )}
      <CombinedQueryDialog
        open={queryOpen}
        fields={FIELDS}
        onClose={() => setQueryOpen(false)}
        onSubmit={(q) => {
          setQueryOpen(false);
          setPaging((p) => ({ ...p, page: 1 }));
          setFilter(q ? { query: q } : {});
        }}
      />
    </div>
  );
}
