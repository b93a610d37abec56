import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { TRAINING_ERRORS, TRAINING_PATHS, type TrainingQuestion } from '@tcm/contract';
import { door, fakeServer, isSpinning, refusal } from '../../test/fake-server.js';
import { resetFetchAndSession } from '../../test/fetch-stub.js';
import { renderWithQuery } from '../../test/render-with-query.js';
import { TeacherPanel } from './TeacherPanel.js';
import './texts.js';

afterEach(resetFetchAndSession);

/** The shared test machine is loaded: a refetch may take longer than the 1 s default wait. */
const SLOW = { timeout: 10_000 };

const question = (ref: string): TrainingQuestion => ({
  id: `q-${ref}`,
  kind: 'photo',
  photoUrl: `/files/${ref}`,
  source: 'import',
  sourceRef: ref,
  courseId: null,
  hidden: false,
  key: { bodyColor: ['pale'] },
  engine: null,
  choice: null,
  createdAt: '2026-11-26T05:00:00Z',
});

const tab = (name: string) => fireEvent.click(screen.getByText(name));

// A whole screen with antd under the shared machine's load runs past the 20 s default (not a defect).
describe('training teacher panel: writes through mutation hooks', { timeout: 60_000 }, () => {
  it('spins the import button while the photos go up, then the question bank lists them', async () => {
    const gate = door();
    const bank: TrainingQuestion[] = [];
    const calls = fakeServer({
      [`GET ${TRAINING_PATHS.questions}`]: () => ({ data: { total: bank.length, rows: [...bank] } }),
      [`GET ${TRAINING_PATHS.courses}`]: () => ({ data: [] }),
      [`POST ${TRAINING_PATHS.questionsImport}`]: async () => {
        await gate.passed;
        bank.push(question('tongue-1.jpg'));
        return { data: { imported: 1, skipped: [] } };
      },
    });
    const { container } = renderWithQuery(<TeacherPanel results={[]} />);
    // The bank is opened first and stays mounted behind the import tab (antd keeps visited panes).
    tab('题库');
    await waitFor(() => expect(calls.some((c) => c.path === TRAINING_PATHS.questions)).toBe(true), SLOW);
    expect(screen.queryByText('tongue-1.jpg')).toBeNull();
    tab('导入舌象照片');
    const [photos, table] = [...container.querySelectorAll<HTMLInputElement>('input[type=file]')];
    fireEvent.change(photos!, { target: { files: [new File(['x'], 'tongue-1.jpg', { type: 'image/jpeg' })] } });
    fireEvent.change(table!, { target: { files: [new File(['ref\tbodyColor'], 'labels.tsv')] } });
    fireEvent.click(screen.getByTestId('training-import-start'));
    await waitFor(() => expect(isSpinning(screen.getByTestId('training-import-start'))).toBe(true), SLOW);
    gate.open();
    expect((await screen.findByTestId('training-import-result', {}, SLOW)).textContent).toContain('1');
    // Read again because the import invalidated the bank.
    expect(await screen.findByText('tongue-1.jpg', {}, SLOW)).toBeTruthy();
  });

  it("shows the server's refusal of a course save", async () => {
    const f = TRAINING_ERRORS.TEACHER_REQUIRED;
    fakeServer({
      [`GET ${TRAINING_PATHS.courses}`]: () => ({ data: [] }),
      [`POST ${TRAINING_PATHS.courses}`]: refusal(f),
    });
    const { container } = renderWithQuery(<TeacherPanel results={[]} />);
    tab('新建课程');
    fireEvent.change(screen.getAllByLabelText('中文标题')[0]!, { target: { value: '舌诊入门' } });
    fireEvent.change(screen.getAllByLabelText('英文标题')[0]!, { target: { value: 'Tongue basics' } });
    // The course form's submit (the lesson form's comes after it).
    fireEvent.click(container.querySelector('button[type=submit]')!);
    expect(await screen.findByText(f.zh, {}, SLOW)).toBeTruthy();
  });
});

describe('training teacher panel: starter questions', { timeout: 60_000 }, () => {
  it('lists a text question with its prompt and right option, and hides it from learners with the switch', async () => {
    const starter: TrainingQuestion = {
      ...question('four-diagnoses/pulse-floating'),
      kind: 'choice',
      photoUrl: null,
      source: 'starter',
      courseId: 'c1',
      key: {},
      choice: {
        topic: 'palpation',
        promptZh: '浮脉主什么证？',
        promptEn: 'What does a floating pulse indicate?',
        optionsZh: ['表证', '里证'],
        optionsEn: ['Exterior', 'Interior'],
        answer: 0,
        explanationZh: '',
        explanationEn: '',
        reference: '《中医诊断学》',
      },
    };
    const calls = fakeServer({
      [`GET ${TRAINING_PATHS.questions}`]: () => ({ data: { total: 1, rows: [starter] } }),
      [`GET ${TRAINING_PATHS.courses}`]: () => ({ data: [] }),
      [`POST ${TRAINING_PATHS.questionHidden(starter.id)}`]: () => ({ data: { ...starter, hidden: true } }),
    });
    renderWithQuery(<TeacherPanel results={[]} />);
    tab('题库');
    expect(await screen.findByText('浮脉主什么证？', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('入门课程')).toBeTruthy();
    expect(screen.getByText('表证')).toBeTruthy();
    fireEvent.click(screen.getByTestId('training-shown-four-diagnoses/pulse-floating'));
    await waitFor(
      () =>
        expect(calls.find((c) => c.path === TRAINING_PATHS.questionHidden(starter.id))?.body).toEqual({ hidden: true }),
      SLOW,
    );
  });
});
