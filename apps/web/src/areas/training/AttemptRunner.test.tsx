import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { App } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { TRAINING_ERRORS, TRAINING_PATHS, type TrainingAttempt } from '@tcm/contract';
import { envelope, resetFetchAndSession } from '../../test/fetch-stub.js';
import { AttemptRunner } from './AttemptRunner.js';
import './texts.js';

afterEach(resetFetchAndSession);

const Q = '00000000-0000-4000-8000-00000000000a';
const EXAM: TrainingAttempt = {
  id: 'a1',
  mode: 'exam',
  courseId: 'c1',
  startedAt: '2026-11-26T06:00:00Z',
  deadline: null,
  finishedAt: null,
  score: null,
  passScore: 60,
  passed: null,
  items: [{ questionId: Q, kind: 'photo', photoUrl: '/backend/file/f1', prompt: null, answered: false, review: null }],
};
const ANSWERED: TrainingAttempt = {
  ...EXAM,
  items: [
    {
      questionId: Q,
      kind: 'photo',
      photoUrl: '/backend/file/f1',
      prompt: null,
      answered: true,
      review: {
        reading: { bodyColor: 'pale', cracks: 'none' },
        key: { bodyColor: ['red', 'crimson', 'purple'], cracks: ['none'] },
        marks: { bodyColor: false, cracks: true },
        correct: 1,
        scored: 2,
        engine: {
          bodyColor: 'red',
          coatingColor: 'white',
          coatingThickness: 'thin',
          cracks: 'light',
          toothMarks: 'none',
        },
        choice: null,
      },
    },
  ],
};

/** A practice of one text question of the starter course (its prompt and options, no answer). */
const PROMPT = {
  topic: 'palpation' as const,
  promptZh: '轻取即得的脉象是？',
  promptEn: 'Which pulse is felt at once with light touch?',
  optionsZh: ['沉脉', '浮脉'],
  optionsEn: ['Deep pulse', 'Floating pulse'],
};
const PRACTICE: TrainingAttempt = {
  ...EXAM,
  mode: 'practice',
  passScore: null,
  items: [{ questionId: Q, kind: 'choice', photoUrl: null, prompt: PROMPT, answered: false, review: null }],
};
const PRACTICE_ANSWERED: TrainingAttempt = {
  ...PRACTICE,
  items: [
    {
      ...PRACTICE.items[0]!,
      answered: true,
      review: {
        reading: {},
        key: {},
        marks: {},
        correct: 0,
        scored: 1,
        engine: null,
        choice: {
          given: 0,
          answer: 1,
          explanationZh: '浮脉轻取即得，主表证。',
          explanationEn: 'Floating: exterior.',
          reference: '《中医诊断学》切诊',
        },
      },
    },
  ],
};

/** The exam with 90 s left from now (the screen counts down from the server's deadline). */
const exam = (): TrainingAttempt => ({ ...EXAM, deadline: new Date(Date.now() + 90_000).toISOString() });

const runner = (a: TrainingAttempt) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <App>
        <AttemptRunner initial={a} onClose={() => undefined} />
      </App>
    </QueryClientProvider>,
  );

/** Answers every call with `answer` and keeps each call's path and JSON body, in order. */
function recordAnswers(answer: unknown): unknown[] {
  const calls: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push([url, JSON.parse(init?.body as string)]);
      return envelope(0, answer);
    }),
  );
  return calls;
}

describe('exam screen', () => {
  it('sends the chosen labels as vocabulary ids and shows the review in words, with the engine reading', async () => {
    const calls = recordAnswers(ANSWERED);
    runner(exam());
    expect(screen.getByTestId('training-time-left').textContent).toMatch(/^剩余时间 1:[0-3]\d$/);
    fireEvent.click(within(screen.getByTestId('training-choice-bodyColor')).getByText('淡白'));
    fireEvent.click(within(screen.getByTestId('training-choice-cracks')).getByText('无'));
    fireEvent.click(screen.getByTestId('training-submit'));
    await screen.findByTestId('training-review-count');
    expect(calls).toEqual([
      [TRAINING_PATHS.answer('a1'), { questionId: Q, reading: { bodyColor: 'pale', cracks: 'none' } }],
    ]);
    expect(screen.getByTestId('training-review-count').textContent).toBe('答对 1 / 2 项');
    const text = document.body.textContent;
    // Expert key in words (TonguExpert "dark" accepts three), the engine's reading, unscored features.
    expect(text).toContain('专家标注: 红 / 绛 / 青紫');
    expect(text).toContain('引擎判读: 红');
    expect(text).toContain('不计分');
  });

  it("shows the server's refusal of a late answer and keeps the photo unanswered", async () => {
    const late = TRAINING_ERRORS.EXAM_TIME_OVER;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ code: late.code, msg: late.zh }), { status: 409 })),
    );
    runner(exam());
    fireEvent.click(screen.getByTestId('training-submit'));
    expect((await screen.findByTestId('training-answer-error')).textContent).toContain(late.zh);
    expect(screen.queryByTestId('training-review-count')).toBeNull();
  });
});

describe('practice screen: text questions', () => {
  it('sends the chosen option and shows right or wrong, the right option, the explanation and its source', async () => {
    const calls = recordAnswers(PRACTICE_ANSWERED);
    runner(PRACTICE);
    expect(screen.getByTestId('training-prompt').textContent).toBe('轻取即得的脉象是？');
    // Nothing chosen yet: the answer cannot be sent.
    expect(screen.getByTestId('training-submit').hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByText('A. 沉脉'));
    fireEvent.click(screen.getByTestId('training-submit'));
    const review = await screen.findByTestId('training-choice-review');
    expect(calls).toEqual([[TRAINING_PATHS.answer('a1'), { questionId: Q, choice: 0 }]]);
    expect(review.textContent).toContain('回答错误');
    expect(review.textContent).toContain('正确答案: B. 浮脉');
    expect(review.textContent).toContain('解析: 浮脉轻取即得，主表证。');
    expect(review.textContent).toContain('出处: 《中医诊断学》切诊');
  });
});
