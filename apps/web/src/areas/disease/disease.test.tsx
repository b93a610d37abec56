import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { App } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AUTH_ERRORS, DISEASE_PATHS, type DiseaseStats, type Screening } from '@tcm/contract';
import { envelope, resetFetchAndSession } from '../../test/fetch-stub.js';
import { ScreeningResult } from './ScreeningResult.js';
import { StatsPage } from './StatsPage.js';
import './texts.js';

afterEach(resetFetchAndSession);

const SCREENING: Screening = {
  id: '00000000-0000-4000-8000-000000000001',
  diseaseId: 'hypertension',
  diseaseName: { zh: '原发性高血压', en: 'Essential hypertension' },
  person: { name: '张三', sex: 'male', age: 56 },
  recordIds: [],
  answers: { family: 'yes' },
  result: {
    modelVersion: 'disease-kb-2026.11-1',
    points: 6,
    maxPoints: 14,
    risk: 0.429,
    level: 'medium',
    coverage: 0.444,
    missingModalities: ['face'],
    evidence: [
      {
        kind: 'finding',
        key: 'vitals.bloodPressure',
        value: 'high',
        text: { zh: '血压：高血压范围', en: 'blood pressure: hypertension range' },
        points: 4,
        confidence: 1,
        contribution: 4,
        share: 0.667,
        source: 'HTN-CN-2018',
        recordId: null,
      },
    ],
    patterns: [
      { id: 'heart_spleen_deficiency', name: { zh: '心脾两虚证', en: 'Heart-spleen deficiency' }, score: null },
    ],
  },
  createdBy: 'disease',
  createdAt: '2026-11-26T05:00:00Z',
};

/** Answers each path from `routes`, or 403 for anything else. */
function serve(routes: Record<string, unknown>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = url.split('?')[0]!;
      if (path in routes) return envelope(0, routes[path]);
      const f = AUTH_ERRORS.FORBIDDEN;
      return new Response(JSON.stringify({ code: f.code, msg: f.zh }), { status: 403 });
    }),
  );
}

const show = (node: React.ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <App>{node}</App>
    </QueryClientProvider>,
  );

describe('disease screening result', () => {
  it('words the level, the evidence, the missing analyses and a pattern without rules; never an id', async () => {
    serve({ [DISEASE_PATHS.screening(SCREENING.id)]: SCREENING });
    show(<ScreeningResult id={SCREENING.id} onBack={() => {}} />);
    const result = await screen.findByTestId('screen-result');
    expect(screen.getByTestId('result-level').textContent).toBe('中');
    expect(result.textContent).toContain('血压：高血压范围');
    expect(result.textContent).toContain('未提供：面诊');
    expect(result.textContent).toContain('无评分规则');
    expect(result.textContent).not.toContain('vitals.bloodPressure');
    expect(result.textContent).not.toContain('heart_spleen_deficiency');
    // The first render of the tables and bars took over 20 s on the loaded 2-core machine (5 s for the next test).
  }, 60_000);

  it('shows the error state when the screening cannot be read', async () => {
    serve({});
    show(<ScreeningResult id={SCREENING.id} onBack={() => {}} />);
    expect((await screen.findByTestId('result-error')).textContent).toMatch(/加载失败/);
  });
});

describe('disease statistics', () => {
  it('shows the empty state before the first screening', async () => {
    const none: DiseaseStats = {
      perDisease: [
        {
          diseaseId: 'hypertension',
          name: SCREENING.diseaseName,
          total: 0,
          low: 0,
          medium: 0,
          high: 0,
          meanRisk: null,
        },
      ],
      monthly: [],
    };
    serve({ [DISEASE_PATHS.stats]: none });
    show(<StatsPage />);
    await screen.findByTestId('stats-empty');
  });
});
