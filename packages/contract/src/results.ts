import { z } from 'zod';
import { engineVersionSchema } from './engine.js';
import { tongueResultSchema } from './tongue.js';
import { faceResultSchema } from './face.js';
import { pulseResultSchema } from './pulse.js';
import { voiceResultSchema } from './voice.js';
import { constitutionResultSchema } from './constitution.js';
import { vitalsResultSchema } from './vitals.js';
import { synthesisResultSchema } from './synthesis.js';
import { upgradeStoredOutcome } from './legacy-ids.js';

// The typed spine of a record (issue 16, docs/spine.md): what each engine run leaves, one union
// discriminated by engine, so every reader (server findings, PDF mapping, web, research) gets the
// engine's own result type without casting.

/** Engines a record may run, in run order; synthesis last. */
export const RECORD_ENGINES = ['tongue', 'face', 'pulse', 'voice', 'constitution', 'vitals', 'synthesis'] as const;
export const recordEngineSchema = z.enum(RECORD_ENGINES);
export type RecordEngine = z.infer<typeof recordEngineSchema>;

/** A failure with a catalog code and a message in the record's language. */
export const failureSchema = z.object({
  code: z.number().int(),
  msg: z.string(),
  engine: recordEngineSchema.optional(),
});
export type RecordFailure = z.infer<typeof failureSchema>;

/** Each engine's own result schema. */
export const ENGINE_RESULT_SCHEMAS = {
  tongue: tongueResultSchema,
  face: faceResultSchema,
  pulse: pulseResultSchema,
  voice: voiceResultSchema,
  constitution: constitutionResultSchema,
  vitals: vitalsResultSchema,
  synthesis: synthesisResultSchema,
} as const;

/**
 * One engine's outcome: done with its result, or failed with a per-engine failure (unusable
 * photo...); the record fails only when nothing usable is left (docs/records.md).
 */
function outcomeSchemaOf<const E extends RecordEngine, R extends (typeof ENGINE_RESULT_SCHEMAS)[E]>(
  engine: E,
  result: R,
) {
  const common = { engine: z.literal(engine), version: engineVersionSchema, ms: z.number().nonnegative() };
  return z.discriminatedUnion('status', [
    z.object({ ...common, status: z.literal('done'), result }),
    z.object({ ...common, status: z.literal('failed'), error: failureSchema }),
  ]);
}

export const tongueOutcomeSchema = outcomeSchemaOf('tongue', tongueResultSchema);
export const faceOutcomeSchema = outcomeSchemaOf('face', faceResultSchema);
export const pulseOutcomeSchema = outcomeSchemaOf('pulse', pulseResultSchema);
export const voiceOutcomeSchema = outcomeSchemaOf('voice', voiceResultSchema);
export const constitutionOutcomeSchema = outcomeSchemaOf('constitution', constitutionResultSchema);
export const vitalsOutcomeSchema = outcomeSchemaOf('vitals', vitalsResultSchema);
export const synthesisOutcomeSchema = outcomeSchemaOf('synthesis', synthesisResultSchema);

/** The stored outcome of one engine run: a union discriminated by `engine`, then by `status`. */
export const engineOutcomeSchema = z.discriminatedUnion('engine', [
  tongueOutcomeSchema,
  faceOutcomeSchema,
  pulseOutcomeSchema,
  voiceOutcomeSchema,
  constitutionOutcomeSchema,
  vitalsOutcomeSchema,
  synthesisOutcomeSchema,
]);
export type EngineOutcome = z.infer<typeof engineOutcomeSchema>;
/** The outcome of engine `E`. */
export type OutcomeOf<E extends RecordEngine> = Extract<EngineOutcome, { engine: E }>;
/** The result of engine `E` when it is done. */
export type ResultOf<E extends RecordEngine> = Extract<OutcomeOf<E>, { status: 'done' }>['result'];

/** A record's outcomes by engine (`results` of a record); each key holds that engine's outcome. */
export const recordResultsSchema = z.object({
  tongue: tongueOutcomeSchema.optional(),
  face: faceOutcomeSchema.optional(),
  pulse: pulseOutcomeSchema.optional(),
  voice: voiceOutcomeSchema.optional(),
  constitution: constitutionOutcomeSchema.optional(),
  vitals: vitalsOutcomeSchema.optional(),
  synthesis: synthesisOutcomeSchema.optional(),
});
export type RecordResults = z.infer<typeof recordResultsSchema>;

/** The done results of a record by engine (a failed or missing engine has none). */
export type DoneResults = { [E in RecordEngine]?: ResultOf<E> };

/** The result of each engine that ran and is done. */
export function doneResults(r: RecordResults): DoneResults {
  return {
    tongue: r.tongue?.status === 'done' ? r.tongue.result : undefined,
    face: r.face?.status === 'done' ? r.face.result : undefined,
    pulse: r.pulse?.status === 'done' ? r.pulse.result : undefined,
    voice: r.voice?.status === 'done' ? r.voice.result : undefined,
    constitution: r.constitution?.status === 'done' ? r.constitution.result : undefined,
    vitals: r.vitals?.status === 'done' ? r.vitals.result : undefined,
    synthesis: r.synthesis?.status === 'done' ? r.synthesis.result : undefined,
  };
}

/** The result of `engine` when it ran and is done, else undefined. */
export const doneResult = <E extends RecordEngine>(results: RecordResults, engine: E): DoneResults[E] =>
  doneResults(results)[engine];

/** A failed part as the record lists carry it: the engine and the failure's code (worded by `failureText`). */
export const missingPartSchema = z.object({ engine: recordEngineSchema, code: z.number().int() });
export type MissingPart = z.infer<typeof missingPartSchema>;

/** A part of a record that failed: its engine and its failure (worded from `code`: `failureText`). */
export interface FailedPart {
  engine: RecordEngine;
  code: number;
  msg: string;
}

/**
 * The requested parts that failed, in engine order (docs/records.md "Partial records"): what makes
 * a finished record `partial` rather than `done`. The synthesis is not a part a person asked for;
 * when it fails the whole record fails.
 */
export function failedParts(r: RecordResults): FailedPart[] {
  const out: FailedPart[] = [];
  for (const engine of RECORD_ENGINES) {
    const o = r[engine];
    if (engine !== 'synthesis' && o?.status === 'failed') out.push({ engine, code: o.error.code, msg: o.error.msg });
  }
  return out;
}

/** The first few schema issues, one line (for a log). */
const issuesOf = (e: z.ZodError) =>
  e.issues
    .slice(0, 3)
    .map((i) => `${i.path.join('.')}: ${i.message}`)
    .join('; ');

/** What is kept of an unreadable outcome: its version and time when they still read. */
const unreadableShell = z
  .object({ version: engineVersionSchema.catch({ engine: 'unknown' }), ms: z.number().nonnegative().catch(0) })
  .catch({ version: { engine: 'unknown' }, ms: 0 });

/** What `parseStoredResults` did with an outcome that its engine's schema no longer reads. */
export interface UnreadableOutcome {
  engine: RecordEngine;
  issues: string;
}

/**
 * Reads a record's stored `results` (JSON written by any earlier version) once, where a record is
 * read from the database. Rows saved before the outcomes carried `engine` get it from their key.
 * An outcome its engine's schema cannot read (a shape from an older engine) is kept as that
 * engine's failure with `unreadable` (code and message of the caller's catalog), so the record
 * still opens and the other engines still show; `onUnreadable` hears of each.
 */
export function parseStoredResults(
  raw: unknown,
  unreadable: (engine: RecordEngine) => RecordFailure,
  onUnreadable?: (u: UnreadableOutcome) => void,
): RecordResults {
  const out: RecordResults = {};
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return out;
  const stored: Record<string, unknown> = { ...raw };
  for (const engine of RECORD_ENGINES) {
    // Codes saved before issue 38 (kebab case) are read as today's ids, here, once.
    const value = upgradeStoredOutcome(engine, stored[engine]);
    if (value === undefined || value === null) continue;
    const withEngine = typeof value === 'object' && !Array.isArray(value) ? { engine, ...value } : value;
    const parsed = engineOutcomeSchema.safeParse(withEngine);
    if (parsed.success && parsed.data.engine === engine) {
      setOutcome(out, parsed.data);
      continue;
    }
    onUnreadable?.({ engine, issues: parsed.success ? 'wrong engine' : issuesOf(parsed.error) });
    setOutcome(out, { engine, status: 'failed', ...unreadableShell.parse(value), error: unreadable(engine) });
  }
  return out;
}

/** Puts an outcome under its own engine's key (the union's engine decides the key). */
export function setOutcome(out: RecordResults, o: EngineOutcome): void {
  switch (o.engine) {
    case 'tongue':
      out.tongue = o;
      break;
    case 'face':
      out.face = o;
      break;
    case 'pulse':
      out.pulse = o;
      break;
    case 'voice':
      out.voice = o;
      break;
    case 'constitution':
      out.constitution = o;
      break;
    case 'vitals':
      out.vitals = o;
      break;
    case 'synthesis':
      out.synthesis = o;
      break;
  }
}
