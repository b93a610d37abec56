import './texts.js';
import { Card, Col, Empty, Result, Row, Spin, Statistic, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ResearchJobSummary } from '@tcm/contract';
import { useReaderFormat } from '../../../lib/reader-format.js';
import { resultPath } from './ClassifyPage.js';
import { useResearchHome } from './research-api.js';

const KIND_PATH: Record<ResearchJobSummary['kind'], string> = {
  frequency: '/doctor/analysis/statistics/frequency/index',
  association: '/doctor/analysis/syndromes/relate-syndromes-diagnosis/index',
  clustering: '/doctor/analysis/syndromes/cluster-syndromes/index',
  classification: '/doctor/analysis/syndromes/classify-syndromes/index',
};

/** A card of the home page: its rows in a table, or the `empty` line when there are none. */
function ListCard<T extends { id: string }>(props: {
  title: string;
  empty: string;
  rows: readonly T[];
  columns: TableColumnsType<T>;
}) {
  return (
    <Card size="small" title={props.title} style={{ marginTop: 16 }}>
      {props.rows.length === 0 ? (
        <Empty description={props.empty} />
      ) : (
        <Table<T> size="small" rowKey="id" pagination={false} dataSource={props.rows} columns={props.columns} />
      )}
    </Card>
  );
}

/** /doctor/home: the doctor's case counts, pools and recent analysis jobs. */
export function ResearchHome() {
  const { t } = useTranslation();
  const { date } = useReaderFormat();
  const navigate = useNavigate();
  const home = useResearchHome();
  if (home.isLoading) return <Spin />;
  if (home.error || !home.data)
    return <Result status="error" title={t('research.loadFailed')} subTitle={home.error?.message} />;
  const { counts, pools, jobs } = home.data;
  return (
    <div data-testid="research-home">
      <Typography.Title level={4}>{t('research.home.title')}</Typography.Title>
      <Card size="small" title={t('research.home.counts')}>
        <Row gutter={16}>
          <Col span={8}>
            <Statistic title={t('research.home.records')} value={counts.records} />
          </Col>
          <Col span={8}>
            <Statistic title={t('research.home.cases')} value={counts.cases} />
          </Col>
          <Col span={8}>
            <Statistic title={t('research.home.visits')} value={counts.visits} />
          </Col>
        </Row>
      </Card>
      <ListCard
        title={t('research.home.pools')}
        empty={t('research.noPools')}
        rows={pools}
        columns={[
          {
            title: t('research.name'),
            render: (_, p) => (
              <Typography.Link onClick={() => void navigate(`/doctor/analysis/pool/itemIndex/${p.id}`)}>
                {p.name}
              </Typography.Link>
            ),
          },
          { title: t('research.samples'), dataIndex: 'sampleCount' },
          { title: t('research.createdAt'), render: (_, p) => date(p.createdAt) },
        ]}
      />
      <ListCard<ResearchJobSummary>
        title={t('research.home.jobs')}
        empty={t('research.home.noJobs')}
        rows={jobs}
        columns={[
          {
            title: t('research.home.jobs'),
            render: (_, j) => (
              <Typography.Link
                onClick={() =>
                  void navigate(
                    j.kind === 'classification' && (j.status === 'done' || j.status === 'warning')
                      ? resultPath(j.id)
                      : KIND_PATH[j.kind],
                  )
                }
              >
                {t(`research.kind.${j.kind}`)}
              </Typography.Link>
            ),
          },
          { title: t('research.pool'), dataIndex: 'poolName' },
          { title: t('research.progress'), render: (_, j) => <Tag>{t(`research.status.${j.status}`)}</Tag> },
          { title: t('research.createdAt'), render: (_, j) => date(j.createdAt) },
        ]}
      />
    </div>
  );
}
