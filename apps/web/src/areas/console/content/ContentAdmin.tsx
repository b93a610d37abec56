import { useState } from 'react';
import { DatePicker, Modal, Space, Tabs, Tag, Typography, message } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { ContentKind, ContentPage, ContentRow } from '@tcm/contract';
import type { BuiltRoute } from '../../../app/dynamic-menu.js';
import { AdminList } from '../../../components/AdminList.js';
import { KeywordSearch } from '../../../components/query/KeywordSearch.js';
import { useReaderFormat } from '../../../lib/reader-format.js';
import { CONTENT_KEYS, contentApi, usePublishContent, useRemoveContent } from './content-api.js';
import { ContentDialog } from './ContentDialog.js';
import { useConfirm } from '../../../components/use-confirm.js';

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
  const publish = usePublishContent(row.kind);
  const run = (published: boolean) =>
    publish.mutate(
      { id: row.id, published, publishAt: published && at ? at.toISOString() : null },
      {
        onSuccess: () => {
          void message.success(t('consoleAdmin.saved'));
          onDone();
        },
      },
    );
  return (
    <Modal
      open
      title={t('content.publish')}
      onCancel={onClose}
      okText={t(at ? 'content.schedule' : 'content.publishNow')}
      onOk={() => run(true)}
      confirmLoading={publish.isPending}
      okButtonProps={{ 'data-testid': 'publish-ok' }}
      footer={(_, { OkBtn, CancelBtn }) => (
        <Space>
          <CancelBtn />
          {row.published && (
            <a
              data-testid="unpublish"
              aria-disabled={publish.isPending}
              onClick={() => !publish.isPending && run(false)}
            >
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
  const confirm = useConfirm();
  const fmt = useReaderFormat();
  const [editing, setEditing] = useState<{ id: number | null } | null>(null);
  const [publishing, setPublishing] = useState<ContentRow | null>(null);
  const remove = useRemoveContent(kind);
  return (
    <AdminList<ContentRow, string, ContentPage>
      testId={`content-${kind}`}
      queryKey={CONTENT_KEYS.list(kind)}
      load={(p, keyword) => contentApi.list(kind, p.page, p.size, keyword)}
      initialFilter=""
      keepPrevious
      route={route}
      emptyText={t('content.empty')}
      handlers={({ withOne, clearSelection }) => ({
        addContent: () => setEditing({ id: null }),
        editContent: withOne((r) => setEditing({ id: r.id })),
        publishContent: withOne(setPublishing),
        removeContent: withOne((r) =>
          confirm(t('content.confirmRemove', { title: r.title }), async () => {
            await remove.mutateAsync(r.id);
            clearSelection();
          }),
        ),
      })}
      filters={({ setFilter }) => <KeywordSearch onSearch={setFilter} />}
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
    >
      {() => (
        <>
          {editing && (
            <ContentDialog
              kind={kind}
              id={editing.id}
              onClose={() => setEditing(null)}
              onSaved={() => setEditing(null)}
            />
          )}
          {publishing && (
            <PublishDialog row={publishing} onClose={() => setPublishing(null)} onDone={() => setPublishing(null)} />
          )}
        </>
      )}
    </AdminList>
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
