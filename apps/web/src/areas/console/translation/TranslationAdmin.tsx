import { useMemo, useState } from 'react';
import { Button, Input, Space, Typography, message } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  TRANSLATION_LANG_LABELS,
  TRANSLATION_QUERY_FIELDS,
  translationCreateBody,
  type TranslationEntry,
  type TranslationPage,
} from '@tcm/contract';
import type { BuiltRoute } from '../../../app/dynamic-menu.js';
import { AdminList } from '../../../components/AdminList.js';
import { EChart } from '../../../components/EChart.js';
import type { QueryField } from '../../../components/query/normalize.js';
import { SearchAndQuery, type ListFilter } from '../../../components/query/SearchAndQuery.js';
import { useReaderFormat } from '../../../lib/reader-format.js';
import { maxLengthOf } from '../../../lib/form-rules.js';
import { TranslationDialog } from './TranslationDialog.js';
import { TranslationPopover } from './TranslationPopover.js';
import { TRANSLATION_KEYS, translationApi, useRemoveTranslations } from './translation-api.js';
import { languageCoverage } from './coverage.js';
import { useConfirm } from '../../../components/use-confirm.js';

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

type Editing = { entry: TranslationEntry | null; original?: string } | null;

/** Which languages the listed entries still lack: a bar per language (ECharts). */
function CoverageChart({ rows }: { rows: TranslationEntry[] }) {
  const { i18n } = useTranslation();
  const option = useMemo(() => {
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
  return <EChart option={option} height={220} testId="tr-coverage" />;
}

/** Translation admin screen (spec §2): list, search, combined query, toolbar, dialog, focus pop-up. */
export default function TranslationAdmin({ route }: { route?: BuiltRoute }) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const fmt = useReaderFormat();
  const [editing, setEditing] = useState<Editing>(null);
  const [check, setCheck] = useState('');
  const remove = useRemoveTranslations();
  return (
    <AdminList<TranslationEntry, ListFilter, TranslationPage>
      testId="translation-admin"
      title={t('translation.title')}
      queryKey={TRANSLATION_KEYS.list}
      load={(p, f) => translationApi.list(p.page, p.size, f)}
      initialFilter={{}}
      route={route}
      handlers={({ withOne, withSome, clearSelection }) => ({
        addTranslation: () => setEditing({ entry: null }),
        editTranslation: withOne((entry) => setEditing({ entry })),
        deleteTranslation: withSome((rows) =>
          confirm(t('translation.confirmRemove'), async () => {
            await remove.mutateAsync(rows.map((r) => r.id));
            clearSelection();
            void message.success(t('translation.removed'));
          }),
        ),
      })}
      filters={({ setFilter }) => <SearchAndQuery fields={FIELDS} onFilter={setFilter} />}
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
    >
      {({ rows }) => (
        <>
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            {t('translation.coverage')}
          </Typography.Title>
          <CoverageChart rows={rows} />
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            {t('translation.checkText')}
          </Typography.Title>
          <Typography.Paragraph type="secondary">{t('translation.checkHint')}</Typography.Paragraph>
          <Space>
            <TranslationPopover text={check} onConfigure={(text) => setEditing({ entry: null, original: text })}>
              <Input
                maxLength={maxLengthOf(translationCreateBody.shape.originalText)}
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
              onSaved={() => setEditing(null)}
            />
          )}
        </>
      )}
    </AdminList>
  );
}
