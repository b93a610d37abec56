import { describe, expect, it } from 'vitest';
import { checkAnswers, definitionProblems, pointsScores, templateDefinitionSchema, visibleIds } from './inquiry.js';

const t = (zh: string) => ({ zh, en: zh });

/** A small sleep form: a condition, a sex-only question, a weighted points score with bands. */
const SLEEP_FORM = templateDefinitionSchema.parse({
  sections: [
    {
      id: 's1',
      title: t('睡眠'),
      questions: [
        {
          id: 'insomnia',
          type: 'single',
          label: t('失眠吗'),
          required: true,
          options: [
            { value: 'no', label: t('否'), score: 0 },
            { value: 'yes', label: t('是'), score: 2 },
          ],
        },
        {
          id: 'nights',
          type: 'number',
          label: t('每周几晚'),
          required: true,
          number: { unit: '晚', min: 0, max: 7 },
          showIf: { question: 'insomnia', anyOf: ['yes'] },
        },
        { id: 'severity', type: 'scale', label: t('严重程度'), scale: { min: 1, max: 5 } },
        {
          id: 'signs',
          type: 'multiple',
          label: t('伴随'),
          options: [
            { value: 'dream', label: t('多梦'), score: 1 },
            { value: 'palp', label: t('心悸'), score: 3 },
            { value: 'sweat', label: t('盗汗'), score: 2 },
          ],
        },
        { id: 'menses', type: 'date', label: t('末次月经'), sex: 'female', required: true },
      ],
    },
  ],
  scoring: {
    kind: 'points',
    scores: [
      {
        id: 'sleep',
        label: t('睡眠分'),
        items: [
          { question: 'insomnia', weight: 1 },
          { question: 'nights', weight: 0.5 },
          { question: 'severity', weight: 2 },
          { question: 'signs' },
        ],
        bands: [
          { from: 0, label: t('轻') },
          { from: 8, label: t('中') },
          { from: 14, label: t('重') },
        ],
      },
    ],
  },
});

describe('inquiry form rules', () => {
  it('asks a conditional question only when its condition holds, and requires it only then', () => {
    const hidden = checkAnswers(SLEEP_FORM, { insomnia: 'no' }, 'male');
    expect(hidden.problems).toEqual([]);
    expect(visibleIds(SLEEP_FORM, { insomnia: 'no' }, 'male').has('nights')).toBe(false);

    const shown = checkAnswers(SLEEP_FORM, { insomnia: 'yes' }, 'male');
    expect(shown.problems).toEqual([{ question: 'nights', problem: 'required' }]);
    // An answer to a question the condition hides is dropped, not refused.
    expect(checkAnswers(SLEEP_FORM, { insomnia: 'no', nights: 9 }, 'male')).toEqual({
      answers: { insomnia: 'no' },
      problems: [],
    });
  });

  it('asks a sex-only question of that sex only', () => {
    expect(checkAnswers(SLEEP_FORM, { insomnia: 'no' }, 'female').problems).toEqual([
      { question: 'menses', problem: 'required' },
    ]);
    expect(checkAnswers(SLEEP_FORM, { insomnia: 'no', menses: '2026-11-01' }, 'female').problems).toEqual([]);
  });

  it('names each wrong value', () => {
    const r = checkAnswers(
      SLEEP_FORM,
      { insomnia: 'maybe', severity: 6, signs: ['dream', 'x'], menses: '2026-13-40', other: 'x' },
      'female',
    );
    expect(r.problems).toEqual([
      { question: 'other', problem: 'unknown' },
      { question: 'insomnia', problem: 'option' },
      { question: 'severity', problem: 'range' },
      { question: 'signs', problem: 'option' },
      { question: 'menses', problem: 'date' },
    ]);
  });

  it('scores as computed by hand', () => {
    // insomnia yes 2×1 + nights 5×0.5 + severity 4×2 + signs (palp 3 + sweat 2)×1 = 2 + 2.5 + 8 + 5 = 17.5 → 重 (≥14)
    const a = { insomnia: 'yes', nights: 5, severity: 4, signs: ['palp', 'sweat'] };
    expect(checkAnswers(SLEEP_FORM, a, 'male').problems).toEqual([]);
    expect(pointsScores(SLEEP_FORM, a)).toEqual([{ id: 'sleep', label: t('睡眠分'), total: 17.5, band: t('重') }]);
    // insomnia no 0 + severity 3×2 + signs dream 1 = 7 → 轻 (8 is where 中 starts)
    expect(pointsScores(SLEEP_FORM, { insomnia: 'no', severity: 3, signs: ['dream'] })[0]).toMatchObject({
      total: 7,
      band: t('轻'),
    });
  });

  it('finds what the shape cannot: duplicates, forward conditions, bad scores, constitution scoring', () => {
    const bad = templateDefinitionSchema.parse({
      sections: [
        {
          id: 's',
          title: t('x'),
          questions: [
            { id: 'a', type: 'text', label: t('a'), showIf: { question: 'b', anyOf: ['y'] } },
            { id: 'b', type: 'single', label: t('b'), options: [{ value: 'y', label: t('是') }] },
            { id: 'b', type: 'scale', label: t('c'), scale: { min: 3, max: 3 } },
            { id: 'd', type: 'text', label: t('d'), showIf: { question: 'a', anyOf: ['x'] } },
          ],
        },
      ],
      scoring: { kind: 'points', scores: [{ id: 'p', label: t('p'), items: [{ question: 'a' }, { question: 'z' }] }] },
    });
    expect(definitionProblems(bad)).toEqual([
      'sections.0.questions.0.showIf.question: must name an earlier question (b)',
      'sections.0.questions.1.options: a choice needs at least two options',
      'sections.0.questions.2.id: duplicate question id b',
      'sections.0.questions.2.scale: min must be below max',
      'sections.0.questions.3.showIf.question: a text question cannot be a condition',
      'scoring.scores.0.items.0.question: a text question has no points',
      'scoring.scores.0.items.1.question: no question z',
    ]);
    expect(definitionProblems(SLEEP_FORM)).toEqual([]);
    expect(definitionProblems({ ...SLEEP_FORM, scoring: { kind: 'constitution' } })).toHaveLength(1);
    expect(definitionProblems({ ...SLEEP_FORM, scoring: { kind: 'constitution' } }, { builtin: true })).toEqual([]);
  });
});
