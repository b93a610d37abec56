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
  items: [{ questionId: Q, photoUrl: '/backend/file/f1', answered: false, review: null }],
};
const ANSWERED: TrainingAttempt = {
  ...EXAM,
  items: [
    {
      questionId: Q,
      photoUrl: '/backend/file/f1',
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

describe('exam screen', () => {
  it('sends the chosen labels as vocabulary ids and shows the review in words, with the engine reading', async () => {
    const calls: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        calls.push([url, JSON.parse(init?.body as string)]);
        return envelope(0, ANSWERED);
      }),
    );
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
