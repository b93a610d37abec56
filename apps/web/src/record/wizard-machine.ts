import type { CaptureSlot, RecordPerson, ReportLanguage, Vitals } from '@tcm/contract';
import { questionnaireComplete, type Answers } from './Questionnaire.js';
import { vitalsProblem } from './VitalsForm.js';
import type { CaptureCheckState } from './use-capture-checks.js';

export const STEPS = ['person', 'tongue', 'face', 'pulse', 'voice', 'questionnaire', 'vitals', 'submit'] as const;
export type Step = (typeof STEPS)[number];

/**
 * Steps a person may leave out, each only by an explicit skip (issue 34: an empty pulse file was
 * refused on screen while "Next" went on, and the record silently lacked the pulse). Person and
 * tongue are never skipped: every record is built on the tongue photo.
 */
export const SKIPPABLE: readonly Step[] = ['face', 'pulse', 'voice', 'questionnaire', 'vitals'];

export type Checks = Partial<Record<CaptureSlot, CaptureCheckState>>;

export interface WizardState {
  step: Step;
  person: RecordPerson;
  files: Partial<Record<CaptureSlot, File>>;
  answers: Answers;
  vitals: Vitals;
  lang: ReportLanguage;
  /** A leader capturing for a person of the team says `team` (listed under teamRecord). */
  source: 'member' | 'team';
  /** Steps the person chose to leave out; the record is created without their parts. */
  skipped: readonly Step[];
  /** The i18n key of what held the last "next", shown until the person changes something. */
  problem: string | null;
}

/**
 * Everything that changes the wizard. The step moves only on `next` (when nothing holds it),
 * `prev`, `skip` and `reset`: never by an async effect, a check finishing or a refetch, so a
 * journey (or a person) that sees `data-step` change has seen the one click that changed it.
 */
export type WizardAction =
  | { type: 'person'; person: RecordPerson }
  | { type: 'source'; source: WizardState['source'] }
  | { type: 'file'; slot: CaptureSlot; file: File | null }
  | { type: 'answers'; answers: Answers }
  | { type: 'vitals'; vitals: Vitals }
  | { type: 'lang'; lang: ReportLanguage }
  | { type: 'next'; checks: Checks }
  | { type: 'prev' }
  | { type: 'skip' }
  | { type: 'reset'; lang: ReportLanguage; person?: RecordPerson };

export const isSlot = (step: Step): step is CaptureSlot =>
  step === 'tongue' || step === 'face' || step === 'pulse' || step === 'voice';

/** A fresh wizard; `person` pre-fills the first step (a doctor's capture: the case's patient). */
export function initialWizard(lang: ReportLanguage, person: RecordPerson = {}): WizardState {
  return {
    step: 'person',
    person,
    files: {},
    answers: {},
    vitals: {},
    lang,
    source: 'member',
    skipped: [],
    problem: null,
  };
}

/**
 * What blocks leaving a step (an i18n key), or null. A capture whose check is running, or that
 * its engine refused, holds its step (issue 17); a step with no usable input holds until the
 * person gives one or skips it (issue 34).
 */
export function stepProblem(s: WizardState, checks: Checks = {}): string | null {
  const step = s.step;
  const skipped = s.skipped.includes(step);
  if (step === 'person') return s.person.sex ? null : 'record.wizard.sexRequired';
  if (isSlot(step)) {
    if (!s.files[step]) {
      if (step === 'tongue') return 'record.wizard.tongueRequired';
      return skipped ? null : 'record.wizard.inputOrSkip';
    }
    const c = checks[step]?.status;
    if (c === 'checking') return 'record.wizard.checking';
    if (c === 'failed') return 'record.wizard.checkFailed';
    return null;
  }
  if (step === 'questionnaire') {
    if (Object.keys(s.answers).length === 0) return skipped ? null : 'record.wizard.inputOrSkip';
    if (!s.person.sex || !questionnaireComplete(s.person.sex, s.answers)) return 'record.wizard.questionnairePartial';
    return null;
  }
  if (step === 'vitals') {
    if (Object.keys(s.vitals).length === 0) return skipped ? null : 'record.wizard.inputOrSkip';
    return vitalsProblem(s.vitals) ? 'record.vitalsInvalid' : null;
  }
  return null;
}

const move = (s: WizardState, by: 1 | -1): Step => {
  const i = STEPS.indexOf(s.step) + by;
  return STEPS[Math.min(Math.max(i, 0), STEPS.length - 1)]!;
};

/** A step given input again is no longer skipped. */
const unskip = (s: WizardState, step: Step): readonly Step[] => s.skipped.filter((k) => k !== step);

/** The wizard's pure state machine (unit-tested in wizard-machine.test.ts). */
export function wizardReducer(s: WizardState, a: WizardAction): WizardState {
  switch (a.type) {
    case 'person':
      return { ...s, person: a.person, problem: null };
    case 'source':
      return { ...s, source: a.source };
    case 'file': {
      const files = { ...s.files };
      if (a.file) files[a.slot] = a.file;
      else delete files[a.slot];
      return { ...s, files, skipped: a.file ? unskip(s, a.slot) : s.skipped, problem: null };
    }
    case 'answers':
      return { ...s, answers: a.answers, skipped: unskip(s, 'questionnaire'), problem: null };
    case 'vitals':
      return { ...s, vitals: a.vitals, skipped: unskip(s, 'vitals'), problem: null };
    case 'lang':
      return { ...s, lang: a.lang };
    case 'next': {
      if (s.step === 'submit') return s;
      const problem = stepProblem(s, a.checks);
      return problem ? { ...s, problem } : { ...s, step: move(s, 1), problem: null };
    }
    case 'prev':
      return { ...s, step: move(s, -1), problem: null };
    case 'skip': {
      if (!SKIPPABLE.includes(s.step)) return s;
      // A skipped part is left out of the record entirely, whatever was entered before.
      const next = { ...s, skipped: [...unskip(s, s.step), s.step], step: move(s, 1), problem: null };
      if (isSlot(s.step)) {
        const files = { ...s.files };
        delete files[s.step];
        return { ...next, files };
      }
      if (s.step === 'questionnaire') return { ...next, answers: {} };
      return { ...next, vitals: {} };
    }
    case 'reset':
      return initialWizard(a.lang, a.person);
  }
}
