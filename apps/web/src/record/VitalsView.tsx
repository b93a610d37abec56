import './texts.js';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { type IndicatorAssessment, readerLang, RISK_LEVEL_WORDS, type VitalsResult } from '@tcm/contract';
import { loc, num } from './result-format.js';
import { StackTable } from './StackTable.js';
import { LEVEL_COLOR } from './engine-parts.js';

/** An indicator's value with its unit; blood pressure as systolic/diastolic. */
export function vitalsValue(x: IndicatorAssessment, lang: 'zh' | 'en'): string {
  const { systolic, diastolic } = x.inputs;
  if (x.indicator === 'bloodPressure' && systolic !== undefined && diastolic !== undefined)
    return `${num(systolic, lang)}/${num(diastolic, lang)} ${x.unit}`;
  return `${num(x.value, lang)} ${x.unit}`;
}

export function VitalsView({ r }: { r: VitalsResult }) {
  const { t, i18n } = useTranslation();
  const lang = readerLang(i18n.language);
  return (
    <StackTable<IndicatorAssessment>
      rowKey="indicator"
      dataSource={r.indicators}
      columns={[
        { title: t('record.vitals.indicator'), render: (_, x) => loc(x.name, lang) },
        {
          title: t('record.vitals.value'),
          // Blood pressure is both pressures, systolic/diastolic (issue 17: the diastolic was dropped).
          render: (_, x) => <span data-testid={`vitals-value-${x.indicator}`}>{vitalsValue(x, lang)}</span>,
        },
        {
          title: t('record.vitals.level'),
          render: (_, x) => <Tag color={LEVEL_COLOR[x.level]}>{RISK_LEVEL_WORDS[x.level][lang]}</Tag>,
        },
        { title: t('record.vitals.reason'), render: (_, x) => loc(x.reason, lang) },
        { title: t('record.vitals.reference'), render: (_, x) => loc(x.reference, lang) },
      ]}
    />
  );
}
