import './texts.js';
import { useMemo } from 'react';
import { Card, Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CaseDetail } from '@tcm/contract';
import { EChart } from '../../../components/EChart.js';
import { caseTrendHeight, caseTrendOption, caseTrends, type TrendWords } from './case-trends.js';

/**
 * The patient's numeric results across visits (issue 33 item 2): vitals, the pulse engine's rate
 * and the constitution scores, one panel per unit. ECharts: its own chunk, loaded with the case.
 */
export default function CaseTrends({ c }: { c: CaseDetail }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const trends = useMemo(() => caseTrends(c), [c]);
  const option = useMemo(() => {
    const w: TrendWords = {
      lang,
      vitals: (f) => t(`record.vitals.${f}`),
      pulseRate: t('archive.trend.pulseEngine'),
      axis: (u) => t(`archive.trend.axis.${u}`),
      visit: (v) =>
        `${v.visitDate} ${v.number === 1 ? t('archive.review.firstVisit') : t('archive.review.followUp', { n: v.number - 1 })}`,
    };
    return caseTrendOption(trends, w);
  }, [trends, t, lang]);
  return (
    <Card size="small" title={t('archive.trend.title')} data-testid="case-trends">
      {trends.series.length === 0 ? (
        <Empty description={t('archive.trend.empty')} />
      ) : (
        <>
          <Typography.Text type="secondary">{t('archive.trend.hint')}</Typography.Text>
          <div data-testid="case-trend-series" data-series={trends.series.map((s) => s.key).join(' ')}>
            <EChart option={option} height={caseTrendHeight(trends)} testId="case-trend-chart" />
          </div>
        </>
      )}
    </Card>
  );
}
