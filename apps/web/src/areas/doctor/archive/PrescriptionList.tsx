import './texts.js';
import { useState } from 'react';
import { Result, Space, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PRESCRIPTION_QUERY_FIELDS, type CombinedQuery, type PrescriptionRow } from '@tcm/contract';
import { DataTable } from '../../../components/DataTable.js';
import { useListTable } from '../../../components/use-list-table.js';
import { CombinedQueryButton } from '../../../components/query/CombinedQueryButton.js';
import type { QueryField } from '../../../components/query/normalize.js';
import { SearchBox } from '../../../components/SearchBox.js';
import { usePrescriptionPage } from './archive-api.js';

const FIELDS: readonly QueryField[] = Object.entries(PRESCRIPTION_QUERY_FIELDS).map(([name, type]) => ({
  name,
  type,
  label: `archive.prescriptionList.field.${name}`,
}));

/** Every prescription of the cases the doctor may open (prescriptions/index, first tab). */
export function PrescriptionList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { paging, setPaging, pager } = useListTable();
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState<CombinedQuery | null>(null);
  const list = usePrescriptionPage(paging, search, query);
  if (list.isError) return <Result status="warning" title={t('archive.loadFailed')} subTitle={list.error.message} />;
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="prescription-list">
      <Space wrap>
        <SearchBox
          fields={[]}
          onSearch={(_q, term) => {
            setSearch(term);
            setPaging((p) => ({ ...p, page: 1 }));
          }}
        />
        <CombinedQueryButton fields={FIELDS} query={query} onQuery={setQuery} />
      </Space>
      <DataTable<PrescriptionRow>
        rowKey="visitId"
        query={list}
        {...pager}
        locale={{ emptyText: t('archive.prescriptionList.empty') }}
        columns={[
          { title: t('archive.prescriptionList.visitDate'), dataIndex: 'visitDate', width: 110 },
          {
            title: t('archive.prescriptionList.patient'),
            render: (_: unknown, r) => (
              <Typography.Link
                onClick={() => void navigate(`/doctor/archive/review/${r.caseId}`)}
                data-testid={`rx-case-${r.visitId}`}
              >
                {r.patientName}
              </Typography.Link>
            ),
            width: 110,
          },
          {
            title: t('archive.prescriptionList.visit'),
            render: (_: unknown, r) => t('archive.inquiry.visitN', { n: r.visitNumber }),
            width: 80,
          },
          { title: t('archive.prescriptionList.syndrome'), dataIndex: 'tcmSyndrome', width: 140 },
          { title: t('archive.prescriptionList.formula'), render: (_: unknown, r) => r.prescription.name, width: 140 },
          {
            title: t('archive.prescriptionList.herbs'),
            render: (_: unknown, r) =>
              r.prescription.herbs
                .map((h) => `${h.name}${h.dose}${h.unit}${h.preparation ? `(${h.preparation})` : ''}`)
                .join(' '),
          },
          { title: t('archive.prescriptionList.doses'), render: (_: unknown, r) => r.prescription.doses, width: 70 },
          { title: t('archive.prescriptionList.doctor'), dataIndex: 'doctorName', width: 100 },
        ]}
      />
    </Space>
  );
}
