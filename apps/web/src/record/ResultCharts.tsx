import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { readerLang, type ConstitutionResult, type PulseWave } from '@tcm/contract';
import { EChart } from '../components/EChart.js';
import { radarOption, waveOption } from './chart-options.js';

// The result page's charts, a lazy chunk of their own (ECharts stays out of pages without them).

/** The constitution radar of the PDF, on the page. */
export function ConstitutionRadar({ r }: { r: ConstitutionResult }) {
  const { t, i18n } = useTranslation();
  const lang = readerLang(i18n.language);
  const option = useMemo(
    () =>
      radarOption(r, lang, { score: t('record.constitution.score'), threshold: t('record.constitution.threshold') }),
    [r, lang, t],
  );
  return <EChart option={option} height={300} testId="constitution-radar" />;
}

/** The pulse waveform of the PDF, on the page. */
export function PulseWaveform({ wave }: { wave: PulseWave }) {
  const { t } = useTranslation();
  const option = useMemo(() => waveOption(wave, t('record.pulse.seconds')), [wave, t]);
  return <EChart option={option} height={140} testId="pulse-waveform" />;
}
