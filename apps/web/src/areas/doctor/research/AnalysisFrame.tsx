import type { ReactNode } from 'react';
import { Card, Empty, Result, Select, Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { readerLang, type Pool } from '@tcm/contract';
import { JobPanel } from './JobPanel.js';
import { ExportNotes, warningText } from './results.js';
import type { useAnalysis } from './use-analysis.js';

/**
 * The frame of an analysis screen: title, pool picker, the screen's parameters, progress, result.
 * `screen` names its title (`research.<screen>.title`) and its test id (`<screen>-page`).
 */
export function AnalysisFrame({
  screen,
  a,
  params,
  children,
}: {
  screen: 'frequency' | 'relate' | 'cluster' | 'classify';
  a: ReturnType<typeof useAnalysis>;
  /** The parameter controls, given the chosen pool (laid out in a wrapping row). */
  params: (pool: Pool) => ReactNode;
  /** The result, shown when the job is done. */
  children: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const job = a.job;
  const notes = job?.result?.warnings.map((w) => warningText(w, job, t, readerLang(i18n.language))) ?? [];
  if (a.pools.isLoading) return <Spin />;
  if (a.pools.error) return <Result status="error" title={t('research.loadFailed')} subTitle={a.pools.error.message} />;
  const list = a.pools.data?.list ?? [];
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid={`${screen}-page`}>
      <Typography.Title level={4}>{t(`research.${screen}.title`)}</Typography.Title>
      {list.length === 0 ? (
        <Empty description={t('research.noPools')} />
      ) : (
        <>
          <Card size="small">
            <Space orientation="vertical" style={{ width: '100%' }}>
              <Space>
                <Typography.Text>{t('research.pool')}</Typography.Text>
                <Select<string>
                  style={{ minWidth: 240 }}
                  value={a.poolId}
                  placeholder={t('research.choosePool')}
                  onChange={a.setPoolId}
                  options={list.map((p) => ({ value: p.id, label: `${p.name} (${p.sampleCount})` }))}
                  data-testid="pool-picker"
                />
              </Space>
              {a.pool && <Space wrap>{params(a.pool)}</Space>}
            </Space>
          </Card>
          <JobPanel job={a.job} />
          {a.done && a.job ? (
            <ExportNotes.Provider value={notes}>{children}</ExportNotes.Provider>
          ) : (
            !a.job && <Empty description={t('research.empty')} />
          )}
        </>
      )}
    </Space>
  );
}
