import { useState } from 'react';
import { DatePicker, Input, Modal, Space, Tabs, Tag, Typography, message } from 'antd';
import type { Dayjs } from 'dayjs';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ContentKind, ContentRow } from '@tcm/contract';
import type { BuiltRoute } from '../../app/dynamic-menu.js';
import { selectionProblem } from '../../app/toolbar.js';
import { DataTable, type Paging } from '../../components/DataTable.js';
import { Toolbar } from '../../components/Toolbar.js';
import { useReaderFormat } from '../../lib/reader-format.js';
import { contentApi } from './content-api.js';
import { ContentDialog } from './ContentDialog.js';

/** State of an item as the list shows it: draft, scheduled (published, time ahead) or published. */
export function contentState(c: Pick<ContentRow, 'published' | 'publishAt'>, now = Date.now()) {
  if (!c.published) return 'draft' as const;
  return c.publishAt && Date.parse(c.publishAt) > now ? ('scheduled' as const) : ('published' as const);
}
const STATE_COLOR = { draft: 'default', scheduled: 'blue', published: 'green' } as const;

/** Publish now or at a chosen time (a schedule); "unpublish" takes it back to draft. */
function PublishDialog({ row, onClose, onDone }: { row: ContentRow; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const [at, setAt] = useState<Dayjs | null>(null);
  const run = async (published: boolean) => {
    await contentApi.publish(row.id, published, published && at ? at.toISOString() : null);
    void message.success(t('consoleAdmin.saved'));
    onDone();
  };
  return (
    <Modal
      open
      title={t('content.publish')}
      onCancel={onClose}
      okText={t(at ? 'content.schedule' : 'content.publishNow')}
      onOk={() => void run(true).catch(() => undefined)}
      okButtonProps={{ 'data-testid': 'publish-ok' }}
      footer={(_, { OkBtn, CancelBtn }) => (
        <Space>
          <CancelBtn />
          {row.published && (
            <a data-testid="unpublish" onClick={() => void run(false).catch(() => undefined)}>
              {t('content.unpublish')}
            </a>
          )}
          <OkBtn />
        </Space>
      )}
    >
      <Typography.Paragraph>{row.title}</Typography.Paragraph>
      <Space>
        {t('content.publishAt')}
        <DatePicker showTime value={at} onChange={setAt} data-testid="publish-at" />
      </Space>
      <Typography.Paragraph type="secondary">{t('content.publishHint')}</Typography.Paragraph>
    </Modal>
  );
}

function ContentTable({ kind, route }: { kind: ContentKind; route?: BuiltRoute }) {
  const { t } = useTranslation();
  const fmt = useReaderFormat();
  const qc = useQueryClient();
  const [paging, setPaging] = useState<Paging>({ page: 1, size: 100 });
  const [keyword, setKeyword] = useState('');
  const [selected, setSelected] = useState<React.Key[]>([]);
  const [editing, setEditing] = useState<{ id: number | null } | null>(null);
  const [publishing, setPublishing] = useState<ContentRow | null>(null);
  const key = ['content', kind, paging, keyword];
  const list = useQuery({
    queryKey: key,
    queryFn: () => contentApi.list(kind, paging.page, paging.size, keyword),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.list ?? [];
  const chosen = rows.filter((r) => selected.includes(r.id));
  const refresh = () => void qc.invalidateQueries({ queryKey: ['content', kind] });
  const one = (f: (r: ContentRow) => void) => () => {
    const problem = selectionProblem('onlyOne', chosen.length);
    if (problem) return void message.warning(t(problem));
    f(chosen[0]!);
  };
  const handlers: Record<string, () => void> = {
    addContent: () => setEditing({ id: null }),
    editContent: one((r) => setEditing({ id: r.id })),
    publishContent: one(setPublishing),
    removeContent: one((r) =>
      Modal.confirm({
        title: t('app.hint'),
        content: t('content.confirmRemove', { title: r.title }),
        onOk: async () => {
          await contentApi.remove(r.id);
          setSelected([]);
          refresh();
        },
      }),
    ),
  };
  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <Toolbar buttons={route?.buttons ?? []} selected={selected.length} handlers={handlers} />
        <Input.Search allowClear placeholder={t('content.search')} onSearch={setKeyword} style={{ width: 240 }} />
      </Space>
      {list.isError && <Typography.Paragraph type="danger">{t('consoleAdmin.loadFailed')}</Typography.Paragraph>}
      <DataTable<ContentRow>
        rowKey="id"
        loading={list.isLoading}
        dataSource={rows}
        paging={paging}
        total={list.data?.total ?? 0}
        onPaging={setPaging}
        selected={selected}
        onSelect={setSelected}
        locale={{ emptyText: t('content.empty') }}
        columns={[
          { title: t('content.title'), dataIndex: 'title' },
          ...(kind === 'page' ? [{ title: t('content.name'), dataIndex: 'name' }] : []),
          { title: t('content.lang'), render: (_v, r) => t(`content.langs.${r.lang}`) },
          {
            title: t('content.state'),
            render: (_v, r) => {
              const s = contentState(r);
              return (
                <Tag color={STATE_COLOR[s]} data-testid={`state-${r.id}`}>
                  {t(`content.states.${s}`)}
                  {s === 'scheduled' && r.publishAt ? ` ${fmt.date(r.publishAt)}` : ''}
                </Tag>
              );
            },
          },
          { title: t('content.updatedAt'), render: (_v, r) => fmt.date(r.updatedAt) },
        ]}
      />
      {editing && (
        <ContentDialog
          kind={kind}
          id={editing.id}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            refresh();
          }}
        />
      )}
      {publishing && (
        <PublishDialog
          row={publishing}
          onClose={() => setPublishing(null)}
          onDone={() => {
            setPublishing(null);
            refresh();
          }}
        />
      )}
    </>
  );
}

/** News and dynamic pages (issue 22 item 3; docs/site.md). */
export default function ContentAdmin({ route }: { route?: BuiltRoute }) {
  const { t } = useTranslation();
  return (
    <div data-testid="content-admin">
      <Typography.Title level={4}>{t('content.adminTitle')}</Typography.Title>
      <Tabs
        destroyOnHidden
        items={(['news', 'page'] as const).map((k) => ({
          key: k,
          label: t(`content.kinds.${k}`),
          children: <ContentTable kind={k} route={route} />,
        }))}
      />
    </div>
  );
}
