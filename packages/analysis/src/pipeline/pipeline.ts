import type {
  EngineOutcome,
  EngineVersion,
  Finding,
  RecordEngine,
  RecordFailure,
  RecordResults,
  TeamAdviceConfig,
  Vitals,
} from '@tcm/contract';
import { CONSTITUTION_ENGINE_VERSION, scoreConstitution } from '../constitution/index.js';
import { assessVitals, VITALS_ENGINE_VERSION } from '../vitals/index.js';
import { KB_VERSION, synthesize, SYNTHESIS_ENGINE_VERSION } from '../synthesis/index.js';
import { isEngineError } from '../common/index.js';
import { setOutcome } from '@tcm/contract';
import { CAPTURE_SLOTS, captureStep } from './capture-steps.js';
import { storedFindings } from './findings.js';

/** What the pipeline needs of a record: its files' bytes and its inputs. */
export interface PipelineInput {
  files: Partial<Record<'tongue' | 'face' | 'pulse' | 'voice', { bytes: Uint8Array; name: string }>>;
  sex?: 'female' | 'male';
  inquiry?: { answers: Record<string, number> } | null;
  vitals?: Vitals | null;
  /** Earlier vitals of the same person, for trends. */
  history: { date: string; vitals: Vitals }[];
  date: string;
  lang: 'zh' | 'en';
  /** The team's conclusion configuration version in force when the job ran (docs/member.md); absent: the defaults. */
  adviceConfig?: TeamAdviceConfig;
  /**
   * Outcomes saved before that stay as they are (a redo of one capture, docs/records.md "Redo"):
   * their engines do not run again; their findings and inputs still reach the synthesis, which
   * always runs.
   */
  kept?: RecordResults;
}

export interface PipelineHooks {
  onStep(engine: RecordEngine): Promise<void>;
  onOutcome(engine: RecordEngine, outcome: EngineOutcome): Promise<void>;
  /** Extra artefacts to store (the tongue mask PNG). */
  onTongueMask?(png: Uint8Array, size: { width: number; height: number }): Promise<void>;
}

/** A done outcome before its time is known: each step names its own engine and result type. */
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
export type DoneOutcome = DistributiveOmit<Extract<EngineOutcome, { status: 'done' }>, 'ms'>;

export interface Step {
  engine: RecordEngine;
  /** The version a failure is saved with (a done outcome carries its own, e.g. tongue + features). */
  version: EngineVersion;
  run(): Promise<{ done: DoneOutcome; findings?: Finding[] }>;
}

/** The result type of one engine's done outcome. */
type ResultOf<E extends RecordEngine> = Extract<DoneOutcome, { engine: E }>['result'];

/**
 * The step of an engine whose done outcome carries the version the step names (all but the
 * tongue's, whose result names its own): `analyze` runs when the step does, and `findingsOf`
 * (capture engines) reads the findings the synthesis takes from its result.
 */
export function engineStep<E extends RecordEngine>(
  engine: E,
  version: EngineVersion,
  analyze: () => ResultOf<E> | Promise<ResultOf<E>>,
  findingsOf?: (result: ResultOf<E>) => Finding[],
): Step {
  return {
    engine,
    version,
    run: async () => {
      const result = await analyze();
      // TypeScript cannot pair a generic engine name with its result type; the signature does.
      const done = { engine, status: 'done', version, result } as DoneOutcome;
      return findingsOf ? { done, findings: findingsOf(result) } : { done };
    },
  };
}

/** The engines a record runs, in order; the synthesis is always last. */
export function planEngines(i: {
  files: Partial<Record<'tongue' | 'face' | 'pulse' | 'voice', unknown>>;
  inquiry?: unknown;
  vitals?: Vitals | null;
}): RecordEngine[] {
  const out: RecordEngine[] = [];
  for (const slot of CAPTURE_SLOTS) if (i.files[slot]) out.push(slot);
  if (i.inquiry) out.push('constitution');
  if (i.vitals && Object.keys(i.vitals).length) out.push('vitals');
  out.push('synthesis');
  return out;
}

const failureOf = (
  engine: RecordEngine,
  e: { code: number; def: { zh: string; en: string } },
  lang: 'zh' | 'en',
): RecordFailure => ({
  code: e.code,
  msg: e.def[lang],
  engine,
});

/** What the vitals and synthesis steps read of a record (the trend repair passes the same). */
type TrendInput = Pick<PipelineInput, 'sex' | 'date' | 'history' | 'adviceConfig'>;

/** The vitals step: the record's measures, and their trends against `history`. */
export function vitalsStep(input: TrendInput, vitals: Vitals): Step {
  return engineStep('vitals', { engine: VITALS_ENGINE_VERSION }, () =>
    assessVitals({ sex: input.sex, date: input.date, vitals, history: input.history }),
  );
}

/**
 * The synthesis step over the findings of the capture engines, the answers when the
 * constitution engine scored them and the vitals (with `history`) when the vitals engine took
 * them: null for what is missing or failed.
 */
export function synthesisStep(
  input: TrendInput,
  from: { findings: Finding[]; inquiry: PipelineInput['inquiry']; vitals: Vitals | null | undefined },
): Step {
  const { inquiry, vitals } = from;
  return engineStep('synthesis', { engine: SYNTHESIS_ENGINE_VERSION, model: KB_VERSION }, () =>
    synthesize({
      sex: input.sex,
      date: input.date,
      findings: from.findings,
      ...(inquiry ? { inquiry } : {}),
      ...(vitals ? { vitals, history: input.history } : {}),
      ...(input.adviceConfig ? { adviceConfig: input.adviceConfig } : {}),
    }),
  );
}

/** Runs one step: its outcome (an engine's rejection of its input as a failed one) and findings. */
export async function runStep(
  step: Step,
  lang: 'zh' | 'en',
): Promise<{ outcome: EngineOutcome; findings?: Finding[] }> {
  const t0 = performance.now();
  try {
    const { done, findings } = await step.run();
    return { outcome: { ...done, ms: Math.round(performance.now() - t0) }, findings };
  } catch (e) {
    if (!isEngineError(e)) throw e;
    return {
      outcome: {
        engine: step.engine,
        status: 'failed',
        version: step.version,
        error: failureOf(step.engine, e, lang),
        ms: Math.round(performance.now() - t0),
      },
    };
  }
}

/**
 * Runs the engines on a record's captures (the server's analysis job, the example reports and
 * the web's result fixture all run this; docs/spine.md). An engine's rejection of its input (EngineError:
 * no tongue found, unreadable pulse...) is saved as that engine's failure; any other exception
 * propagates, so the job is retried (docs/records.md).
 */
export async function runPipeline(input: PipelineInput, hooks: PipelineHooks): Promise<RecordResults> {
  const { files, lang } = input;
  const findings: Finding[] = [];
  const outcomes: RecordResults = {};
  let constitutionOk = false;
  let vitalsOk = false;
  const steps: Step[] = [];
  for (const slot of CAPTURE_SLOTS) {
    const file = files[slot];
    if (file) steps.push(captureStep(slot, file, hooks));
  }
  const inquiry = input.inquiry;
  if (inquiry)
    steps.push(
      engineStep('constitution', { engine: CONSTITUTION_ENGINE_VERSION }, () => {
        const r = scoreConstitution({ sex: input.sex, answers: inquiry.answers });
        constitutionOk = true;
        return r;
      }),
    );
  const vitals = input.vitals;
  if (vitals && Object.keys(vitals).length)
    steps.push({
      engine: 'vitals',
      version: { engine: VITALS_ENGINE_VERSION },
      run: async () => {
        const r = await vitalsStep(input, vitals).run();
        vitalsOk = true;
        return r;
      },
    });
  // Built when it runs: it takes only what the engines before it delivered.
  steps.push({
    ...synthesisStep(input, { findings, inquiry: null, vitals: null }),
    run: () =>
      synthesisStep(input, {
        findings,
        inquiry: constitutionOk ? inquiry : null,
        vitals: vitalsOk ? vitals : null,
      }).run(),
  });

  const kept = input.kept ?? {};
  for (const step of steps) {
    const keep = step.engine === 'synthesis' ? undefined : kept[step.engine];
    if (keep) {
      // Stands for its engine's run, in the same place: a done capture gives the synthesis the
      // findings a fresh run would (storedFindings maps them the same way), a done constitution
      // or vitals its input.
      findings.push(...storedFindings({ [step.engine]: keep }));
      if (keep.engine === 'constitution') constitutionOk = keep.status === 'done';
      if (keep.engine === 'vitals') vitalsOk = keep.status === 'done';
      setOutcome(outcomes, keep);
      continue;
    }
    await hooks.onStep(step.engine);
    const { outcome, findings: f } = await runStep(step, lang);
    if (f) findings.push(...f);
    setOutcome(outcomes, outcome);
    await hooks.onOutcome(step.engine, outcome);
  }
  return outcomes;
}
