import '../texts.js';
import { useState } from 'react';
import { Button, Result, Select, Space, Tag, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FORM_STATUSES, type FormSummary } from '@tcm/contract';
import { DataTable } from '../../../../components/DataTable.js';
import { useListTable } from '../../../../components/use-list-table.js';
import { SearchBox } from '../../../../components/SearchBox.js';
import { useReaderFormat } from '../../../../lib/reader-format.js';
import { useFormPage } from './inquiry-api.js';
import { NewFormModal } from './NewFormModal.js';

const STATUS_COLOR = { pending: 'orange', submitted: 'green', expired: 'default' } as const;

/** The columns of a form list (the case page shows the same, without the patient). */
export function useFormColumns(withPatient: boolean) {
  const { t, i18n } = useTranslation();
  const { date } = useReaderFormat();
  const navigate = useNavigate();
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  return [
    ...(withPatient ? [{ title: t('archive.inquiry.patient'), dataIndex: 'patientName', width: 110 }] : []),
    {
      title: t('archive.inquiry.template'),
      render: (_: unknown, f: FormSummary) => (
        <Typography.Link
          onClick={() => void navigate(`/doctor/archive/patientInquiry/show/${f.id}`)}
          data-testid={`form-${f.id}`}
        >
          {f.templateName}
        </Typography.Link>
      ),
    },
    {
      title: t('archive.inquiry.visit'),
      render: (_: unknown, f: FormSummary) => (f.visitNumber ? t('archive.inquiry.visitN', { n: f.visitNumber }) : ''),
      width: 90,
    },
    {
      title: t('archive.inquiry.mode'),
      render: (_: unknown, f: FormSummary) => t(`archive.inquiry.modes.${f.mode}`),
      width: 110,
    },
    {
      title: t('archive.inquiry.status'),
      render: (_: unknown, f: FormSummary) => (
        <Tag color={STATUS_COLOR[f.status]} data-testid={`status-${f.id}`}>
          {t(`archive.inquiry.statuses.${f.status}`)}
        </Tag>
      ),
      width: 90,
    },
    {
      title: t('archive.inquiry.score'),
      render: (_: unknown, f: FormSummary) => <span data-testid={`score-${f.id}`}>{f.scoreText?.[lang] ?? ''}</span>,
    },
    { title: t('archive.inquiry.createdAt'), render: (_: unknown, f: FormSummary) => date(f.createdAt), width: 160 },
  ];
}

/** /doctor/archive/patientInquiry/index: forms of every case the doctor may open. */
export function FormList() {
  const { t } = useTranslation();
  const { paging, setPaging, pager } = useListTable();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<FormSummary['status'] | undefined>();
  const [adding, setAdding] = useState(false);
  const columns = useFormColumns(true);
  const list = useFormPage({ page: paging.page, size: paging.size, search: search || undefined, status });
  if (list.isError) return <Result status="warning" title={t('archive.loadFailed')} subTitle={list.error.message} />;
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="form-list">
      <Space wrap>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('archive.inquiry.forms')}
        </Typography.Title>
        <SearchBox
          fields={[]}
          onSearch={(_q, term) => {
            setSearch(term);
            setPaging((p) => ({ ...p, page: 1 }));
          }}
        />
        <Select
          allowClear
          placeholder={t('archive.inquiry.allStatuses')}
          value={status}
          onChange={setStatus}
          options={FORM_STATUSES.map((s) => ({ value: s, label: t(`archive.inquiry.statuses.${s}`) }))}
          style={{ width: 140 }}
        />
        <Button type="primary" onClick={() => setAdding(true)} data-testid="new-form-button">
          {t('archive.inquiry.newForm')}
        </Button>
      </Space>
      <DataTable<FormSummary>
        rowKey="id"
        query={list}
        {...pager}
        columns={columns}
        locale={{ emptyText: t('archive.inquiry.empty') }}
      />
      <NewFormModal open={adding} onClose={() => setAdding(false)} />
    </Space>
  );
}
