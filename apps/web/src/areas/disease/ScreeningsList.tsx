import { useState } from 'react';
import { Button, Result, Select, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { vocabularyWord, type ScreeningLevel, type ScreeningRow } from '@tcm/contract';
import { DataTable } from '../../components/DataTable.js';
import { useListTable } from '../../components/use-list-table.js';
import { useReaderFormat } from '../../lib/reader-format.js';
import { useDiseases, useScreenings } from './disease-api.js';
import { LEVEL_COLORS, pct, useWord } from './use-word.js';

/** The team's screenings, newest first, filtered by disease and level. */
export function ScreeningsList({ onOpen }: { onOpen: (id: string) => void }) {
  const { t } = useTranslation();
  const w = useWord();
  const { lang, date } = useReaderFormat();
  const [diseaseId, setDiseaseId] = useState<string | undefined>();
  const [level, setLevel] = useState<ScreeningLevel | undefined>();
  const { paging, pager } = useListTable([diseaseId, level]);
  const diseases = useDiseases();
  const list = useScreenings({ ...paging, diseaseId, level });
  if (list.isError) return <Result status="warning" title={t('disease.loadFailed', { msg: list.error.message })} />;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space>
        <Select
          allowClear
          style={{ minWidth: 240 }}
          placeholder={t('disease.list.allDiseases')}
          value={diseaseId}
          onChange={(v?: string) => setDiseaseId(v)}
          options={(diseases.data ?? []).map((d) => ({ value: d.id, label: w(d.western) }))}
        />
        <Select
          allowClear
          style={{ minWidth: 140 }}
          placeholder={t('disease.list.allLevels')}
          value={level}
          onChange={(v?: ScreeningLevel) => setLevel(v)}
          options={(['low', 'medium', 'high'] as const).map((l) => ({
            value: l,
            label: vocabularyWord(`risk.${l}`, lang),
          }))}
        />
      </Space>
      <DataTable<ScreeningRow>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.rows ?? []}
        total={list.data?.total ?? 0}
        {...pager}
        locale={{ emptyText: t('disease.empty') }}
        data-testid="screenings-list"
        columns={[
          { title: t('disease.list.when'), render: (_, r) => date(r.createdAt) },
          { title: t('disease.list.person'), render: (_, r) => r.person.name ?? '—' },
          { title: t('disease.list.disease'), render: (_, r) => w(r.diseaseName) },
          {
            title: t('disease.list.level'),
            render: (_, r) => <Tag color={LEVEL_COLORS[r.level]}>{vocabularyWord(`risk.${r.level}`, lang)}</Tag>,
          },
          { title: t('disease.list.risk'), render: (_, r) => pct(r.risk) },
          { title: t('disease.list.by'), render: (_, r) => r.createdBy ?? '—' },
          {
            title: '',
            render: (_, r) => (
              <Button size="small" onClick={() => onOpen(r.id)} data-testid={`screening-open-${r.id}`}>
                {t('disease.list.open')}
              </Button>
            ),
          },
        ]}
      />
    </Space>
  );
}
