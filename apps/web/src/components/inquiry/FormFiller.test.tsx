import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { templateDefinitionSchema, type Answers } from '@tcm/contract';
import '../../lib/i18n.js';
import { FormFiller, problemsOf, shownAnswers } from './FormFiller.js';

const t = (zh: string) => ({ zh, en: zh });
const DEF = templateDefinitionSchema.parse({
  sections: [
    {
      id: 's',
      title: t('睡眠'),
      questions: [
        {
          id: 'insomnia',
          type: 'single',
          label: t('失眠吗'),
          required: true,
          options: [
            { value: 'no', label: t('否') },
            { value: 'yes', label: t('是') },
          ],
        },
        { id: 'nights', type: 'number', label: t('每周几晚'), showIf: { question: 'insomnia', anyOf: ['yes'] } },
        { id: 'menses', type: 'date', label: t('末次月经'), sex: 'female' },
      ],
    },
  ],
});

function Harness({ onAnswers }: { onAnswers: (a: Answers) => void }) {
  const [a, setA] = useState<Answers>({});
  return (
    <FormFiller
      definition={DEF}
      sex="male"
      value={a}
      onChange={(next) => {
        setA(next);
        onAnswers(next);
      }}
      problems={{ insomnia: 'required' }}
      upload={() => Promise.reject(new Error('no upload here'))}
    />
  );
}

describe('form filler', () => {
  it('shows a conditional question only once its condition is answered, and never another sex’s question', () => {
    let last: Answers = {};
    render(<Harness onAnswers={(a) => (last = a)} />);
    expect(screen.queryByTestId('question-nights')).toBeNull();
    expect(screen.queryByTestId('question-menses')).toBeNull();
    expect(screen.getByTestId('problem-insomnia')).toBeTruthy();
    fireEvent.click(screen.getByText('是'));
    expect(screen.getByTestId('question-nights')).toBeTruthy();
    expect(last).toEqual({ insomnia: 'yes' });
  });

  it('drops the answers of questions a changed condition hides; reads the server’s problems', () => {
    expect(shownAnswers(DEF, { insomnia: 'no', nights: 3 }, 'male')).toEqual({ insomnia: 'no' });
    expect(problemsOf({ data: { problems: [{ question: 'nights', problem: 'range' }] } })).toEqual({ nights: 'range' });
    expect(problemsOf(new Error('x'))).toEqual({});
  });
});
