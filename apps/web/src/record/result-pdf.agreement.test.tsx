import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { CONSTITUTION_TYPE_OF_CODE, formatPercent, type HealthReportInput } from '@tcm/contract';
import { label, recordReportModel } from '@tcm/report';
import { doneRecord, doneRecordResults } from './fixtures/done-record.js';
import { RecordResult } from './RecordResult.js';
import { i18n } from '../lib/i18n.js';

// Issue 17: the handed-out PDF and the result page show the same record; every score one shows,
// the other shows with the same number and the same direction. The record is the pipeline's real
// output (scripts/web-result-fixture.ts); the PDF side is @tcm/report's own model of that record.

const results = doneRecordResults;

const pdfModel = (lang: 'zh' | 'en'): Promise<HealthReportInput> =>
  recordReportModel(
    {
      id: '00000000-0000-4000-8000-000000000017',
      createdAt: new Date('2026-11-06T08:05:00Z'),
      person: { name: '李四', sex: 'female' },
      organisation: null,
      results,
      photos: {},
    },
    lang,
  );

const CODE_OF_TYPE = Object.fromEntries(Object.entries(CONSTITUTION_TYPE_OF_CODE).map(([c, t]) => [t, c]));

describe('the result page and the PDF of one record', () => {
  for (const lang of ['zh', 'en'] as const)
    it(`show every score with the same number and direction (${lang})`, async () => {
      await i18n.changeLanguage(lang);
      const pdf = await pdfModel(lang);
      const { getByTestId, unmount } = render(<RecordResult detail={doneRecord()} progress={null} via={null} />);
      const text = (id: string) => getByTestId(id).textContent?.trim() ?? '';
      const compared: string[] = [];

      // Skin measures: the number and the scale's wording (which end is "more pronounced").
      const skin = pdf.face?.skinScores ?? [];
      expect(skin.length).toBe(7);
      for (const s of skin) {
        const metric = s.name.replace('face.metric.', '');
        expect(`${s.name} ${text(`face-score-${metric}`)}`).toBe(`${s.name} ${s.score}`);
        compared.push(s.name);
      }
      expect(text('face-score-scale')).toBe(label(lang, 'face.skinScores'));

      // Tongue findings: the label's probability, as the model gave it.
      const withProbability = (pdf.tongue?.features ?? []).filter((f) => f.probability !== undefined);
      expect(withProbability.length).toBeGreaterThanOrEqual(8);
      for (const f of withProbability) {
        const key = f.name.replace('tongue.feature.', '');
        expect(text(`tongue-word-${key}`)).toBe(f.value);
        expect(text(`tongue-prob-${key}`)).toContain(formatPercent(f.probability!, lang));
        compared.push(f.name);
      }

      // Constitution converted scores.
      for (const s of pdf.constitution!.scores) {
        expect(`${s.type} ${text(`constitution-score-${CODE_OF_TYPE[s.type]}`)}`).toBe(`${s.type} ${s.score}`);
        compared.push(s.type);
      }

      // Syndrome pattern scores (the PDF prints the number on its bar; the page as a percentage).
      const synthesis = getByTestId('synthesis').textContent ?? '';
      for (const p of pdf.syndromes?.patterns ?? []) {
        expect(synthesis).toContain(p.name);
        expect(synthesis).toContain(formatPercent(p.score / 100, lang));
      }
      // The pulse rate (one rate, the report's), and blood pressure as systolic/diastolic (issue 17).
      const pulseRate = pdf.pulse!.parameters!.find((p) => p.name === 'pulse.rate')!;
      expect(text('pulse-rate')).toContain(` ${pulseRate.value} `);
      compared.push('pulse.rate');
      const pressure = (k: string) => pdf.vitals!.rows.find((r) => r.indicator === `vitals.${k}`)!.value;
      expect(text('vitals-value-bloodPressure')).toBe(`${pressure('systolic')}/${pressure('diastolic')} mmHg`);
      compared.push('vitals.bloodPressure');
      expect(compared.length).toBeGreaterThanOrEqual(26);
      unmount();
      await i18n.changeLanguage('zh');
    }, 60000);
});
