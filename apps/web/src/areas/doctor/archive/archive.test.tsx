import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { clinicDay, type VisitDetail } from '@tcm/contract';
import { archiveEn } from '../../../lib/locales/archive-en.js';
import { archiveZh } from '../../../lib/locales/archive-zh.js';
import '../../../lib/i18n.js';
import { composerHits, PrescriptionComposer } from './PrescriptionComposer.js';
import { visitForm } from './VisitEditor.js';

/** Every leaf key of a nested text table, as dotted paths. */
const keys = (o: object, p = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' ? keys(v as object, `${p}${k}.`) : [`${p}${k}`]));

const VISIT = {
  id: 'v1',
  caseId: 'c1',
  number: 1,
  type: 'first',
  visitDate: '2026-11-01',
  chiefComplaint: '胃脘胀痛',
  presentIllness: '三月',
  pastHistory: '无',
  fourDiagnosis: { inspection: '舌淡', listening: '', inquiry: '纳差', palpation: '脉弦' },
  recordIds: ['3f2504e0-4f89-41d3-9a0c-0305e82c3301'],
  tcmDisease: '胃脘痛',
  tcmSyndrome: '肝胃不和证',
  western: ['慢性胃炎'],
  treatmentPrinciple: '疏肝和胃',
  prescription: { name: '四逆散', herbs: [{ name: '柴胡', dose: 6, unit: 'g' }], doses: 7, usage: '' },
  warnings: [],
  advice: '忌生冷',
  outcome: '好转',
  doctorName: 'Dr',
  createdAt: '',
  updatedAt: '',
  records: [],
} as unknown as VisitDetail;

describe('case archive web', () => {
  it('has every text in zh and en', () => {
    expect(keys(archiveEn).sort()).toEqual(keys(archiveZh).sort());
  });

  it('a follow-up starts from the previous visit, with a new date and no outcome or linked records', () => {
    const f = visitForm(VISIT, 'add');
    expect(f.chiefComplaint).toBe('胃脘胀痛');
    expect(f.tcmSyndrome).toBe('肝胃不和证');
    expect(f.prescription?.name).toBe('四逆散');
    expect(f.visitDate).toBe(clinicDay());
    expect([f.outcome, f.recordIds]).toEqual(['', []]);
    expect(visitForm(VISIT, 'edit')).toMatchObject({ visitDate: '2026-11-01', outcome: '好转' });
  });

  it('finds herbs and formulas by pinyin initials', () => {
    expect(composerHits('gc')[0]).toMatchObject({ kind: 'herb', name: '甘草' });
    expect(composerHits('gzt').find((h) => h.kind === 'formula')?.name).toBe('桂枝汤');
  });

  it('shows a 十八反 warning beside the lines, and none for a safe prescription', () => {
    const rx = (names: string[]) => ({ herbs: names.map((name) => ({ name, dose: 6 })), doses: 3 });
    // The library query is never answered here: the composer works on the shipped data meanwhile.
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } });
    const wrap = (ui: React.ReactNode) => <QueryClientProvider client={client}>{ui}</QueryClientProvider>;
    const { unmount } = render(
      wrap(<PrescriptionComposer value={rx(['甘草', '海藻'])} onChange={() => {}} pregnant={false} />),
    );
    expect(screen.getByTestId('rx-warnings').textContent).toContain('十八反');
    unmount();
    render(wrap(<PrescriptionComposer value={rx(['甘草', '大枣'])} onChange={() => {}} pregnant={false} />));
    expect(screen.getByTestId('rx-no-warnings')).toBeTruthy();
  });
});
