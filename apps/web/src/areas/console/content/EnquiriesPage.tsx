import { useState } from 'react';
import { Form, Input, Select, Tag, Typography, message } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  CONTENT_PATHS,
  ENQUIRY_STATUSES,
  datedFileName,
  type Enquiry,
  type EnquiryPage,
  type EnquiryStatus,
  enquiryUpdateBody,
} from '@tcm/contract';
import { textProps } from '../../../lib/form-rules.js';
import type { BuiltRoute } from '../../../app/dynamic-menu.js';
import { AdminList } from '../../../components/AdminList.js';
import { ChoiceFilter } from '../../../components/query/ChoiceFilter.js';
import { KeywordSearch } from '../../../components/query/KeywordSearch.js';
import { useReaderFormat } from '../../../lib/reader-format.js';
import { saveBlob } from '../../../lib/save-blob.js';
import { fetchFile } from '../../../lib/fetch-file.js';
import { SaveDialog } from '../../../components/SaveDialog.js';
import { CONTENT_KEYS, contentApi, useUpdateEnquiry } from './content-api.js';

const STATUS_COLOR: Record<EnquiryStatus, string> = { new: 'orange', contacted: 'blue', closed: 'default' };

function HandleDialog({ row, onClose, onSaved }: { row: Enquiry; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ status: EnquiryStatus; note?: string }>();
  const update = useUpdateEnquiry();
  return (
    <SaveDialog
      title={t('enquiry.handle')}
      testId="enquiry"
      save={async () => {
        const v = await form.validateFields();
        await update.mutateAsync({ id: row.id, status: v.status, note: v.note?.trim() || null });
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
          <Input.TextArea rows={3} {...textProps(enquiryUpdateBody.shape.note)} data-testid="enquiry-note" />
        </Form.Item>
      </Form>
    </SaveDialog>
  );
}

interface Filter {
  status?: EnquiryStatus;
  keyword: string;
}

/** The cooperation inbox (issue 22 item 4): status, notes, Excel export. */
export default function EnquiriesPage({ route }: { route?: BuiltRoute }) {
  const { t } = useTranslation();
  const fmt = useReaderFormat();
  const [handling, setHandling] = useState<Enquiry | null>(null);
  return (
    <AdminList<Enquiry, Filter, EnquiryPage>
      testId="enquiries"
      title={t('enquiry.inboxTitle')}
      queryKey={CONTENT_KEYS.enquiries}
      load={(p, f) => contentApi.enquiries(p.page, p.size, f.status, f.keyword)}
      initialFilter={{ keyword: '' }}
      keepPrevious
      route={route}
      emptyText={t('enquiry.empty')}
      handlers={({ withOne, filter: { status } }) => ({
        editEnquiry: withOne(setHandling),
        exportEnquiries: () =>
          void fetchFile(`${CONTENT_PATHS.enquiryExport}${status ? `?status=${status}` : ''}`)
            .then((blob) => saveBlob(blob, datedFileName('enquiries', 'xlsx')))
            .catch((e: Error) => void message.error(e.message)),
      })}
      filters={({ filter, setFilter }) => (
        <>
          <ChoiceFilter
            width={140}
            value={filter.status}
            values={ENQUIRY_STATUSES}
            word={(s) => t(`enquiry.statuses.${s}`)}
            placeholder={t('enquiry.status')}
            onChange={(status) => setFilter({ ...filter, status })}
          />
          <KeywordSearch onSearch={(keyword) => setFilter({ ...filter, keyword })} />
        </>
      )}
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
    >
      {() =>
        handling && <HandleDialog row={handling} onClose={() => setHandling(null)} onSaved={() => setHandling(null)} />
      }
    </AdminList>
  );
}
