import '../texts.js';
import { Button, Result, Space, Tag, Typography, message } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TemplateSummary } from '@tcm/contract';
import { DataTable } from '../../../../components/DataTable.js';
import { useListTable } from '../../../../components/use-list-table.js';
import { useReaderFormat } from '../../../../lib/reader-format.js';
import { useRemoveTemplate, useTemplates } from './inquiry-api.js';
import { useConfirm } from '../../../../components/use-confirm.js';

/** /doctor/archive/inquiryTemp/index: the built-in constitution questionnaire and the doctor's own templates. */
export function TemplateList() {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const { date } = useReaderFormat();
  const navigate = useNavigate();
  const { paging, pager } = useListTable();
  const list = useTemplates();
  const removing = useRemoveTemplate();
  const remove = (tpl: TemplateSummary) =>
    // The OK button spins while the returned promise runs (antd); the list is fresh once it resolves.
    confirm(
      t('archive.inquiry.confirmRemove', { name: tpl.name }),
      async () => {
        await removing.mutateAsync(tpl.id);
        void message.success(t('archive.inquiry.removed'));
      },
      { okButtonProps: { danger: true } },
    );
  if (list.isError) return <Result status="warning" title={t('archive.loadFailed')} subTitle={list.error.message} />;
  const rows = list.data ?? [];
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="template-list">
      <Space>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('archive.inquiry.templates')}
        </Typography.Title>
        <Button
          type="primary"
          onClick={() => void navigate('/doctor/archive/inquiryTemp/edit')}
          data-testid="new-template"
        >
          {t('archive.inquiry.newTemplate')}
        </Button>
      </Space>
      <DataTable<TemplateSummary>
        rowKey="id"
        loading={list.isPending}
        dataSource={rows.slice((paging.page - 1) * paging.size, paging.page * paging.size)}
        {...pager}
        total={rows.length}
        locale={{ emptyText: t('archive.inquiry.emptyTemplates') }}
        columns={[
          {
            title: t('archive.inquiry.name'),
            render: (_: unknown, r) => (
              <Space>
                <Typography.Link
                  onClick={() => void navigate(`/doctor/archive/inquiryTemp/show?id=${r.id}`)}
                  data-testid={`template-${r.id}`}
                >
                  {r.name}
                </Typography.Link>
                {r.builtin && <Tag color="gold">{t('archive.inquiry.builtin')}</Tag>}
              </Space>
            ),
          },
          { title: t('archive.inquiry.questions'), dataIndex: 'questionCount', width: 90 },
          {
            title: t('archive.inquiry.scoring'),
            render: (_: unknown, r) => t(`archive.inquiry.scoringKind.${r.scoring}`),
            width: 220,
          },
          {
            title: t('archive.inquiry.updatedAt'),
            render: (_: unknown, r) => (r.updatedAt ? date(r.updatedAt) : ''),
            width: 170,
          },
          {
            title: '',
            width: 200,
            render: (_: unknown, r) =>
              r.builtin ? null : (
                <Space>
                  <Button size="small" onClick={() => void navigate(`/doctor/archive/inquiryTemp/edit?id=${r.id}`)}>
                    {t('archive.inquiry.edit')}
                  </Button>
                  <Button size="small" danger onClick={() => remove(r)}>
                    {t('archive.inquiry.remove')}
                  </Button>
                </Space>
              ),
          },
        ]}
      />
    </Space>
  );
}
