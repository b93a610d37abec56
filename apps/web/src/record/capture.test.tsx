import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { questionsFor } from '@tcm/contract/questionnaire';
import { Questionnaire, questionnaireComplete } from './Questionnaire.js';
import { useState } from 'react';
import type { Vitals } from '@tcm/contract';
import { VitalsForm, vitalsProblem, vitalsProblems } from './VitalsForm.js';
import '../lib/i18n.js';

describe('constitution questionnaire', () => {
  it('asks 60 questions with the sex-specific item in its own wording', () => {
    const f = questionsFor('female');
    const m = questionsFor('male');
    expect(f).toHaveLength(60);
    expect(m).toHaveLength(60);
    const onlyF = f.filter((q) => !m.some((x) => x.id === q.id)).map((q) => q.id);
    expect(onlyF).toEqual(['F6f']);
    render(<Questionnaire sex="female" answers={{}} onChange={() => undefined} />);
    expect(screen.getByTestId('q-F6f')).toBeTruthy();
    expect(screen.queryByTestId('q-F6m')).toBeNull();
  });

  it('reports each answer and knows when it is complete', () => {
    const seen: Record<string, number>[] = [];
    const first = questionsFor('male')[0]!;
    render(<Questionnaire sex="male" answers={{}} onChange={(a) => seen.push(a)} />);
    fireEvent.click(screen.getByTestId(`q-${first.id}`).querySelectorAll('input[type=radio]')[2]!);
    expect(seen[0]).toEqual({ [first.id]: 3 });
    const all = Object.fromEntries(questionsFor('male').map((q) => [q.id, 2]));
    expect(questionnaireComplete('male', all)).toBe(true);
    expect(screen.queryByTestId('questionnaire-clear')).toBeNull();
    expect(questionnaireComplete('female', all)).toBe(false);
  });
});

describe('questionnaire clearing', () => {
  it('offers to clear a started questionnaire (to skip it)', () => {
    const seen: Record<string, number>[] = [];
    render(<Questionnaire sex="female" answers={{ A1: 3 }} onChange={(a) => seen.push(a)} />);
    fireEvent.click(screen.getByTestId('questionnaire-clear'));
    expect(seen).toEqual([{}]);
  });
});

describe('vitals check before submitting (the engine’s own rules)', () => {
  it('keeps an out-of-range value as typed and names the range (never clamps 400 to 300)', async () => {
    const { i18n } = await import('../lib/i18n.js');
    await i18n.changeLanguage('en');
    let last: Vitals = {};
    function Form() {
      const [v, setV] = useState<Vitals>({});
      last = v;
      return <VitalsForm value={v} onChange={setV} problems={vitalsProblems(v)} />;
    }
    render(<Form />);
    const input = screen.getByTestId<HTMLInputElement>('vitals-systolic');
    fireEvent.change(input, { target: { value: '400' } });
    fireEvent.blur(input);
    expect(input.value).toBe('400');
    expect(last.systolic).toBe(400);
    expect(screen.getByText('Outside the physiologically plausible range (50–300)')).toBeTruthy();
  });

  it('marks every invalid vital at once: heart rate 400, SpO2 120, systolic below diastolic (issue 32)', async () => {
    const { i18n } = await import('../lib/i18n.js');
    await i18n.changeLanguage('zh');
    function Form() {
      const [v, setV] = useState<Vitals>({});
      return <VitalsForm value={v} onChange={setV} problems={vitalsProblems(v)} />;
    }
    const { container } = render(<Form />);
    for (const [field, value] of [
      ['heartRate', '400'],
      ['spo2', '120'],
      ['systolic', '80'],
      ['diastolic', '90'],
      ['heightCm', '170'],
    ] as const) {
      const input = screen.getByTestId<HTMLInputElement>(`vitals-${field}`);
      fireEvent.change(input, { target: { value } });
      fireEvent.blur(input);
    }
    const marked = [...container.querySelectorAll('.ant-form-item-has-error')].map((item) =>
      item.querySelector('input')?.getAttribute('data-testid'),
    );
    expect(marked).toEqual(['vitals-systolic', 'vitals-heartRate', 'vitals-spo2']);
    expect(screen.getByText('超出生理可能范围（20–250）')).toBeTruthy();
    expect(screen.getByText('超出生理可能范围（50–100）')).toBeTruthy();
    expect(screen.getByText('收缩压必须高于舒张压')).toBeTruthy();
  });

  it('accepts plausible values and names the field of a bad one', () => {
    expect(vitalsProblem({})).toBeNull();
    expect(vitalsProblem({ systolic: 120, diastolic: 80, heightCm: 170 })).toBeNull();
    expect(vitalsProblem({ systolic: 80, diastolic: 90 })).toEqual({ code: 3520004, field: 'systolic' });
    expect(vitalsProblem({ heightCm: 20 })).toEqual({ code: 3520003, field: 'heightCm' });
    expect(vitalsProblem({ tc: 4, hdl: 5 })).toEqual({ code: 3520005, field: 'hdl' });
  });
});
