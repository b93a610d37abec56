import { useState } from 'react';
import { Form, Input, Select, Space, Tag, Typography, message } from 'antd';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CONTENT_PATHS, ENQUIRY_STATUSES, type Enquiry, type EnquiryStatus } from '@tcm/contract';
import type { BuiltRoute } from '../../app/dynamic-menu.js';
import { selectionProblem } from '../../app/toolbar.js';
import { DataTable, type Paging } from '../../components/DataTable.js';
import { Toolbar } from '../../components/Toolbar.js';
import { useReaderFormat } from '../../lib/reader-format.js';
import { saveBlob } from '../../lib/save-blob.js';
import { fetchFile } from '../doctor/archive/archive-api.js';
import { SaveDialog } from '../console/SaveDialog.js';
import { contentApi } from './content-api.js';

const STATUS_COLOR: Record<EnquiryStatus, string> = { new: 'orange', contacted: 'blue', closed: 'default' };

function HandleDialog({ row, onClose, onSaved }: { row: Enquiry; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ status: EnquiryStatus; note?: string }>();
  return (
    <SaveDialog
      title={t('enquiry.handle')}
      testId="enquiry"
      save={async () => {
        const v = await form.validateFields();
        await contentApi.updateEnquiry(row.id, v.status, v.note?.trim() || null);
      }}
      onClose={onClose}
      onSaved={onSaved}
    >
      <Typography.Paragraph strong>{row.company}</Typography.Paragraph>
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{row.description}</Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={{ status: row.status, note: row.note ?? '' }}>
        <Form.Item name="status" label={t('enquiry.status')}>
          <Select
            style={{ width: 160 }}
            data-testid="enquiry-status"
            options={ENQUIRY_STATUSES.map((s) => ({ value: s, label: t(`enquiry.statuses.${s}`) }))}
          />
        </Form.Item>
        <Form.Item name="note" label={t('enquiry.note')}>
          <Input.TextArea rows={3} maxLength={2000} data-testid="enquiry-note" />
        </Form.Item>
      </Form>
    </SaveDialog>
  );
}

/** The cooperation inbox (issue 22 item 4): status, notes, Excel export. */
export default function EnquiriesPage({ route }: { route?: BuiltRoute }) {
  const { t } = useTranslation();
  const fmt = useReaderFormat();
  const qc = useQueryClient();
  const [paging, setPaging] = useState<Paging>({ page: 1, size: 100 });
  const [status, setStatus] = useState<EnquiryStatus | undefined>();
  const [keyword, setKeyword] = useState('');
  const [selected, setSelected] = useState<React.Key[]>([]);
  const [handling, setHandling] = useState<Enquiry | null>(null);
  const list = useQuery({
    queryKey: ['enquiries', paging, status, keyword],
    queryFn: () => contentApi.enquiries(paging.page, paging.size, status, keyword),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.list ?? [];
  const chosen = rows.filter((r) => selected.includes(r.id));
  const handlers: Record<string, () => void> = {
    editEnquiry: () => {
      const problem = selectionProblem('onlyOne', chosen.length);
      if (problem) return void message.warning(t(problem));
      setHandling(chosen[0]!);
    },
    exportEnquiries: () =>
      void fetchFile(`${CONTENT_PATHS.enquiryExport}${status ? `?status=${status}` : ''}`)
        .then((blob) => saveBlob(blob, `enquiries-${new Date().toISOString().slice(0, 10)}.xlsx`))
        .catch((e: Error) => void message.error(e.message)),
  };
  return (
    <div data-testid="enquiries">
      <Typography.Title level={4}>{t('enquiry.inboxTitle')}</Typography.Title>
      <Space wrap style={{ marginBottom: 12 }}>
        <Toolbar buttons={route?.buttons ?? []} selected={selected.length} handlers={handlers} />
        <Select
          allowClear
          style={{ width: 140 }}
          placeholder={t('enquiry.status')}
          value={status}
          onChange={setStatus}
          options={ENQUIRY_STATUSES.map((s) => ({ value: s, label: t(`enquiry.statuses.${s}`) }))}
        />
        <Input.Search allowClear placeholder={t('content.search')} onSearch={setKeyword} style={{ width: 240 }} />
      </Space>
      {list.isError && <Typography.Paragraph type="danger">{t('consoleAdmin.loadFailed')}</Typography.Paragraph>}
      <DataTable<Enquiry>
        rowKey="id"
        loading={list.isLoading}
        dataSource={rows}
        paging={paging}
        total={list.data?.total ?? 0}
        onPaging={setPaging}
        selected={selected}
        onSelect={setSelected}
        locale={{ emptyText: t('enquiry.empty') }}
        columns={[
          { title: t('enquiry.sentAt'), render: (_v, r) => fmt.date(r.createdAt) },
          { title: t('enquiry.company'), dataIndex: 'company' },
          { title: t('enquiry.contactPerson'), dataIndex: 'contactPerson' },
          { title: t('enquiry.contact'), dataIndex: 'contact' },
          { title: t('enquiry.description'), dataIndex: 'description', ellipsis: true },
          {
            title: t('enquiry.status'),
            render: (_v, r) => <Tag color={STATUS_COLOR[r.status]}>{t(`enquiry.statuses.${r.status}`)}</Tag>,
          },
          { title: t('enquiry.note'), dataIndex: 'note', ellipsis: true },
        ]}
      />
      {handling && (
        <HandleDialog
          row={handling}
          onClose={() => setHandling(null)}
          onSaved={() => {
            setHandling(null);
            void qc.invalidateQueries({ queryKey: ['enquiries'] });
          }}
        />
      )}
    </div>
  );
}
