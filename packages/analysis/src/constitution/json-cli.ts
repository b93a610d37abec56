import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { CONSTITUTION_ERRORS } from '@tcm/contract';
import { isEngineError } from '../common/engine-error.js';
import { runBatch, UNEXPECTED_FAILURE_CODE } from '../common/cli-output.js';
import { fieldError } from './field-error.js';

/** Reads and parses one JSON file; a read or parse failure becomes a coded EngineError. */
export async function readJsonFile(file: string, read: (f: string, enc: 'utf8') => Promise<string>): Promise<unknown> {
  let text: string;
  try {
    text = await read(file, 'utf8');
  } catch (e) {
    throw fieldError(CONSTITUTION_ERRORS.INPUT_FILE_UNREADABLE, basename(file), { reason: (e as Error).message });
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    throw fieldError(CONSTITUTION_ERRORS.INPUT_FILE_UNREADABLE, basename(file), { reason: (e as Error).message });
  }
}

/**
 * Runs `run` on the single FILE argument and prints one JSON document (pretty-printed):
 * the result with ok: true, or { ok: false, code, msg, detail }. Returns the exit code.
 */
export async function printDocument(
  args: readonly string[],
  usage: string,
  run: (file: string) => Promise<object>,
  out: (text: string) => void = (t) => process.stdout.write(t + '\n'),
): Promise<number> {
  const file = args[0];
  if (args.length !== 1 || !file) {
    process.stderr.write(`usage: npm run -s analyze -- ${usage}\n`);
    return 2;
  }
  const name = basename(file);
  try {
    out(JSON.stringify({ file: name, ok: true, ...(await run(file)) }, null, 2));
    return 0;
  } catch (e) {
    const failure = isEngineError(e)
      ? { code: e.code, msg: e.message, detail: e.detail }
      : { code: UNEXPECTED_FAILURE_CODE, msg: String((e as Error)?.message ?? e) };
    out(JSON.stringify({ file: name, ok: false, ...failure }, null, 2));
    return 1;
  }
}

/**
 * The command line of a JSON engine: one FILE gives one pretty-printed document as always;
 * several files, a folder (its .json files, recursively) or `--from LIST|-` give one compact
 * JSON line per file, the batch shape the other engines print, with a summary on standard error.
 */
export async function printDocuments(
  args: readonly string[],
  engine: string,
  run: (file: string) => Promise<object>,
  out?: (text: string) => void,
): Promise<number> {
  const single = args.length === 1 && !args[0]!.startsWith('--');
  const folder = single && (await stat(args[0]!).catch(() => null))?.isDirectory();
  if (single && !folder) return printDocument(args, `${engine} FILE.json`, run, out);
  return runBatch(
    args,
    { engine, usage: 'FILE.json|FOLDER... [--from LIST|-]', extensions: ['.json'] },
    () => undefined,
    async (file) => ({ ...(await run(file)) }),
    { out },
  );
}
