import '../texts.js';
import { useState } from 'react';
import { Button, Card, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FormSummary } from '@tcm/contract';
import { useCaseForms } from './inquiry-api.js';
import { NewFormModal } from './NewFormModal.js';
import { useFormColumns } from './FormList.js';

/** The case's forms with their scores (on the case page), and a new form for its patient. */
export function CaseForms({ caseId }: { caseId: string }) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState(false);
  const columns = useFormColumns(false);
  const forms = useCaseForms(caseId);
  return (
    <Card
      size="small"
      title={t('archive.inquiry.caseForms')}
      extra={
        <Button size="small" onClick={() => setAdding(true)} data-testid="case-new-form">
          {t('archive.inquiry.newForm')}
        </Button>
      }
      data-testid="case-forms"
    >
      <Table<FormSummary>
        size="small"
        rowKey="id"
        loading={forms.isPending}
        dataSource={forms.data?.list ?? []}
        columns={columns}
        pagination={false}
        locale={{ emptyText: forms.isError ? forms.error.message : t('archive.inquiry.empty') }}
      />
      <NewFormModal open={adding} caseId={caseId} onClose={() => setAdding(false)} />
    </Card>
  );
}
