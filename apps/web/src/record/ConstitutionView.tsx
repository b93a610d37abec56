import './texts.js';
import { lazy, Suspense } from 'react';
import { Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type ConstitutionResult, constitutionWord, readerLang, shownScore, VERDICT_WORDS } from '@tcm/contract';
import { loc } from './result-format.js';
import { StackTable } from './StackTable.js';

// ECharts loads only where a result has constitution scores.
const ConstitutionRadar = lazy(() => import('./ResultCharts.js').then((m) => ({ default: m.ConstitutionRadar })));

/** The constitution questionnaire's card: the summary, the radar and each type's score and verdict. */
export function ConstitutionView({ r }: { r: ConstitutionResult }) {
  const { t, i18n } = useTranslation();
  const lang = readerLang(i18n.language);
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Typography.Paragraph strong>{loc(r.summary.text, lang)}</Typography.Paragraph>
      <Suspense fallback={null}>
        <ConstitutionRadar r={r} />
      </Suspense>
      <StackTable<ConstitutionResult['scales'][number]>
        rowKey="code"
        dataSource={r.scales}
        columns={[
          { title: t('record.constitution.type'), render: (_, s) => constitutionWord(s.code, lang) },
          {
            title: t('record.constitution.score'),
            render: (_, s) => (
              <span data-testid={`constitution-score-${s.code}`}>{shownScore('score.constitution', s.display)}</span>
            ),
          },
          { title: t('record.constitution.verdict'), render: (_, s) => VERDICT_WORDS[s.verdict][lang] },
        ]}
      />
      <Typography.Text type="secondary">{r.standard}</Typography.Text>
    </Space>
  );
}
