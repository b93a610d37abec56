import { describe, expect, it } from 'vitest';
import { questionsFor } from '@tcm/contract/questionnaire';
import { initialWizard, stepProblem, wizardReducer, type WizardAction, type WizardState } from './wizard-machine.js';

const file = (name: string) => new File(['x'], name);
const run = (s: WizardState, ...actions: WizardAction[]) => actions.reduce(wizardReducer, s);
const next = { type: 'next', checks: {} } as const;
const at = (step: WizardState['step'], patch: Partial<WizardState> = {}): WizardState => ({
  ...initialWizard('zh'),
  person: { sex: 'female' },
  files: { tongue: file('t.jpg') },
  step,
  ...patch,
});

describe('capture wizard state machine', () => {
  it('holds the person step without a sex and the tongue step without a photo; neither can be skipped', () => {
    const s0 = initialWizard('zh');
    const held = run(s0, next);
    expect(held.step).toBe('person');
    expect(held.problem).toBe('record.wizard.sexRequired');
    expect(run(held, { type: 'skip' })).toBe(held);
    const s1 = run(s0, { type: 'person', person: { sex: 'male' } }, next);
    expect(s1.step).toBe('tongue');
    expect(s1.problem).toBeNull();
    const s2 = run(s1, next, { type: 'skip' });
    expect(s2.step).toBe('tongue');
    expect(s2.problem).toBe('record.wizard.tongueRequired');
    // Giving input clears the shown problem.
    expect(run(s2, { type: 'file', slot: 'tongue', file: file('t.jpg') }).problem).toBeNull();
  });

  it('holds an optional step with no usable input until the person skips it (issue 34: an empty pulse file)', () => {
    // The pulse picker refused the empty CSV on the client, so no file reached the wizard.
    const held = run(at('pulse'), next);
    expect(held.step).toBe('pulse');
    expect(held.problem).toBe('record.wizard.inputOrSkip');
    const skipped = run(held, { type: 'skip' });
    expect(skipped.step).toBe('voice');
    expect(skipped.skipped).toEqual(['pulse']);
    // Back on the skipped step, "next" goes on: the skip stands until input is given again.
    expect(run(skipped, { type: 'prev' }, next).step).toBe('voice');
    // A file given later makes the step count again (no longer skipped).
    expect(run(skipped, { type: 'file', slot: 'pulse', file: file('p.csv') }).skipped).toEqual([]);
  });

  it('leaves a skipped part out of the record, whatever was entered before', () => {
    const face = run(at('face', { files: { tongue: file('t.jpg'), face: file('f.jpg') } }), { type: 'skip' });
    expect(Object.keys(face.files)).toEqual(['tongue']);
    const q = run(at('questionnaire', { answers: { A1: 3 } }), { type: 'skip' });
    expect(q.answers).toEqual({});
    expect(q.step).toBe('vitals');
    const v = run(at('vitals', { vitals: { heartRate: 400 } }), { type: 'skip' });
    expect(v.vitals).toEqual({});
    expect(v.step).toBe('submit');
    expect(v.skipped).toEqual(['vitals']);
  });

  it('holds a capture step while its check runs or after its engine refused the file (issue 17)', () => {
    const s = at('pulse', { files: { tongue: file('t.jpg'), pulse: file('p.csv') } });
    expect(stepProblem(s, { pulse: { status: 'checking' } })).toBe('record.wizard.checking');
    // Unreadable or too short: the engine's check refuses it.
    expect(stepProblem(s, { pulse: { status: 'failed', msg: 'too short', code: 3300002 } })).toBe(
      'record.wizard.checkFailed',
    );
    expect(run(s, { type: 'next', checks: { pulse: { status: 'failed', msg: 'x', code: null } } }).step).toBe('pulse');
    // Uploaded but not checkable now (busy engines): the record's analysis still reads it.
    expect(stepProblem(s, { pulse: { status: 'unchecked', uuid: 'u' } })).toBeNull();
    expect(run(s, { type: 'next', checks: { pulse: { status: 'ok', uuid: 'u', outcome: {} as never } } }).step).toBe(
      'voice',
    );
  });

  it('needs a whole questionnaire or a skip, and valid vitals or a skip', () => {
    expect(stepProblem(at('questionnaire'))).toBe('record.wizard.inputOrSkip');
    expect(stepProblem(at('questionnaire', { answers: { A1: 3 } }))).toBe('record.wizard.questionnairePartial');
    const all = Object.fromEntries(questionsFor('female').map((q) => [q.id, 3]));
    expect(stepProblem(at('questionnaire', { answers: all }))).toBeNull();
    expect(stepProblem(at('vitals'))).toBe('record.wizard.inputOrSkip');
    expect(stepProblem(at('vitals', { vitals: { systolic: 70, diastolic: 90 } }))).toBe('record.vitalsInvalid');
    expect(stepProblem(at('vitals', { vitals: { systolic: 120, diastolic: 80 } }))).toBeNull();
  });

  it('moves only on next, prev, skip and reset: input and checks never change the step', () => {
    const s = at('face');
    for (const a of [
      { type: 'file', slot: 'face', file: file('f.jpg') },
      { type: 'answers', answers: { A1: 1 } },
      { type: 'vitals', vitals: { heightCm: 170 } },
      { type: 'lang', lang: 'en' },
      { type: 'source', source: 'team' },
      { type: 'person', person: { sex: 'male' } },
    ] as WizardAction[])
      expect(wizardReducer(s, a).step).toBe('face');
    expect(run(at('submit'), next).step).toBe('submit');
    expect(run(at('person'), { type: 'prev' }).step).toBe('person');
    expect(run(at('vitals', { skipped: ['pulse'] }), { type: 'reset', lang: 'en' })).toEqual(initialWizard('en'));
  });
});
