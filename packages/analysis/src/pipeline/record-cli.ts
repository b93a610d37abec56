import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import {
  CONSTITUTION_ERRORS,
  FACE_ERRORS,
  PULSE_ERRORS,
  TONGUE_ERRORS,
  VOICE_ERRORS,
  vitalsSchema,
  type ErrorDef,
  type RecordResults,
  type Vitals,
} from '@tcm/contract';
import { EngineError, isEngineError, readInputFile } from '../common/index.js';
import { CAPTURE_SLOTS, type CaptureSlotName } from './capture-steps.js';
import { runPipeline, type PipelineInput } from './pipeline.js';

/**
 * A whole record from the command line: the same pipeline the server's analysis job runs
 * (`runPipeline`), on the captures and answers given as files, so a researcher can reproduce a
 * record's results — or the PDF (`npm run -s report -- record ... OUT.pdf`) — without a server.
 */
export const RECORD_USAGE =
  'record [--tongue PHOTO] [--face PHOTO] [--pulse FILE] [--voice WAV] [--answers ANSWERS.json]\n' +
  '       [--sex female|male] [--age N] [--name NAME] [--vitals VITALS.json|JSON] [--lang zh|en] [--date ISO]';

export interface RecordArgs {
  files: Partial<Record<CaptureSlotName, string>>;
  answers?: string;
  vitals?: string;
  sex?: 'female' | 'male';
  age?: number;
  name?: string;
  lang: 'zh' | 'en';
  date: string;
  /** Arguments that are not options (the report command's output path). */
  rest: string[];
}

/** Parses the options; a wrong one is a usage error (the message says which). */
export function parseRecordArgs(args: string[]): RecordArgs | { usage: string } {
  const out: RecordArgs = { files: {}, lang: 'zh', date: new Date().toISOString(), rest: [] };
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (!a.startsWith('--')) {
      out.rest.push(a);
      continue;
    }
    const value = args[++i];
    if (value === undefined) return { usage: `${a} needs a value` };
    const slot = a.slice(2);
    if ((CAPTURE_SLOTS as readonly string[]).includes(slot)) out.files[slot as CaptureSlotName] = value;
    else if (a === '--answers') out.answers = value;
    else if (a === '--vitals') out.vitals = value;
    else if (a === '--name') out.name = value;
    else if (a === '--sex' && (value === 'female' || value === 'male')) out.sex = value;
    else if (a === '--age' && /^\d{1,3}$/.test(value)) out.age = Number(value);
    else if (a === '--lang' && (value === 'zh' || value === 'en')) out.lang = value;
    else if (a === '--date' && !Number.isNaN(Date.parse(value))) out.date = new Date(value).toISOString();
    else return { usage: `unknown option or value: ${a} ${value}` };
  }
  if (!Object.keys(out.files).length && !out.answers && !out.vitals)
    return { usage: 'give at least one capture, --answers or --vitals' };
  return out;
}

const UNREADABLE: Record<CaptureSlotName, ErrorDef> = {
  tongue: TONGUE_ERRORS.TONGUE_NOT_AN_IMAGE,
  face: FACE_ERRORS.FACE_NOT_AN_IMAGE,
  pulse: PULSE_ERRORS.PULSE_UNREADABLE,
  voice: VOICE_ERRORS.VOICE_UNREADABLE,
};

/** A JSON file (or inline JSON) the command line was given; unreadable or not JSON → 3500000. */
async function jsonInput(arg: string): Promise<unknown> {
  try {
    return JSON.parse(arg.trimStart().startsWith('{') ? arg : await readFile(arg, 'utf8'));
  } catch (e) {
    throw new EngineError(CONSTITUTION_ERRORS.INPUT_FILE_UNREADABLE, { file: arg, reason: String(e) });
  }
}

/** The pipeline's input from parsed arguments: files read, answers and vitals checked. */
export async function recordInput(a: RecordArgs): Promise<PipelineInput> {
  const files: PipelineInput['files'] = {};
  for (const slot of CAPTURE_SLOTS) {
    const path = a.files[slot];
    if (path) files[slot] = { bytes: await readInputFile(path, UNREADABLE[slot]), name: basename(path) };
  }
  let answers: Record<string, number> | undefined;
  if (a.answers) {
    const raw = await jsonInput(a.answers);
    const table = (raw as { answers?: unknown })?.answers ?? raw;
    const valid =
      table !== null &&
      typeof table === 'object' &&
      Object.values(table).every((v) => typeof v === 'number' && Number.isFinite(v));
    if (!valid) throw new EngineError(CONSTITUTION_ERRORS.CONSTITUTION_INPUT_INVALID, { file: a.answers });
    answers = table as Record<string, number>;
  }
  let vitals: Vitals | undefined;
  if (a.vitals) {
    const parsed = vitalsSchema.safeParse(await jsonInput(a.vitals));
    if (!parsed.success)
      throw new EngineError(CONSTITUTION_ERRORS.INPUT_FILE_UNREADABLE, {
        file: a.vitals,
        reason: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
      });
    vitals = parsed.data;
  }
  return {
    files,
    sex: a.sex,
    inquiry: answers ? { answers } : null,
    vitals: vitals ?? null,
    history: [],
    date: a.date,
    lang: a.lang,
  };
}

/** Runs the whole pipeline on an input; progress (each engine as it starts) on standard error. */
export function runRecord(input: PipelineInput): Promise<RecordResults> {
  return runPipeline(input, {
    onStep: async (engine) => void process.stderr.write(`[record] ${engine}\n`),
    onOutcome: async () => undefined,
  });
}

/**
 * `npm run -s analyze -- record ...`: one JSON line, `{ok, results, ms}` — the typed results a
 * record stores (every engine's outcome: done with its result, or failed with code and message).
 */
export async function runCli(args: string[], out: (line: string) => void = (l) => process.stdout.write(l)) {
  const parsed = parseRecordArgs(args);
  if ('usage' in parsed) {
    process.stderr.write(`${parsed.usage}\nusage: npm run -s analyze -- ${RECORD_USAGE}\n`);
    return 2;
  }
  const started = performance.now();
  try {
    const results = await runRecord(await recordInput(parsed));
    out(JSON.stringify({ ok: true, results, ms: Math.round(performance.now() - started) }) + '\n');
    return 0;
  } catch (e) {
    if (!isEngineError(e)) throw e;
    out(JSON.stringify({ ok: false, code: e.code, msg: e.message, detail: e.detail }) + '\n');
    return 1;
  }
}
