import { constants } from 'node:fs';
import { access, readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { ErrorDef } from '@tcm/contract';
import { batchFiles, parseBatchArgs } from './batch-input.js';
import { EngineError, isEngineError } from './engine-error.js';
import { Progress } from './progress.js';

/** Internal failure code for an unexpected exception: the CLI must never crash on bad input. */
export const UNEXPECTED_FAILURE_CODE = 2000500;

/** How one file's line is printed and where the progress goes. */
export interface PerFileOptions {
  /** Where each JSON line goes (standard output by default). */
  out?: (line: string) => void;
  /** The progress line and the final summary (standard error by default); none without it. */
  progress?: Progress;
}

/** The failure line's fields for an error: its catalog code, or the internal one. */
function failureOf(e: unknown): Record<string, unknown> {
  if (isEngineError(e)) return { code: e.code, msg: e.message, ...(e.detail ? { detail: e.detail } : {}) };
  return { code: UNEXPECTED_FAILURE_CODE, msg: String((e as Error)?.message ?? e) };
}

/**
 * Runs `analyze` on each file and prints one JSON line per file, success or failure, the
 * shape every engine's command line shares: `file` (its name), `path` (as given or found) and
 * `ok`, then the result or `code`, `msg` and `detail`. The files may come from a generator:
 * each line is printed as soon as its file is done and nothing is kept, so a batch of any
 * length runs in constant memory. Returns the process exit code: 0 when every file was
 * analyzed, 1 when any failed.
 */
export async function runPerFile(
  files: Iterable<string> | AsyncIterable<string>,
  analyze: (file: string) => Promise<Record<string, unknown>>,
  { out = (l) => process.stdout.write(l + '\n'), progress }: PerFileOptions = {},
): Promise<number> {
  let failed = 0;
  for await (const file of files) {
    const head = { file: basename(file), path: file };
    let line: Record<string, unknown>;
    try {
      line = { ...head, ok: true, ...(await analyze(file)) };
    } catch (e) {
      failed++;
      line = { ...head, ok: false, ...failureOf(e) };
    }
    out(JSON.stringify(line));
    progress?.tick(line.ok === true);
  }
  progress?.finish();
  return failed ? 1 : 0;
}

/**
 * The command line of a per-file engine: parses `args` (the engine's `valued` options go to
 * `set`), then analyses every file named, found in a folder (files with one of `extensions`)
 * or listed by `--from`, with progress and a summary on standard error. Returns the exit code:
 * 0 all analyzed, 1 any failed, 2 a usage error (printed with `usage`).
 */
export async function runBatch(
  args: readonly string[],
  spec: { engine: string; usage: string; extensions: readonly string[]; valued?: readonly string[] },
  set: (option: string, value: string) => void,
  analyze: (file: string) => Promise<Record<string, unknown>>,
  opts: PerFileOptions = {},
): Promise<number> {
  const parsed = parseBatchArgs(args, spec.valued ?? [], set);
  if ('usage' in parsed) {
    process.stderr.write(`${parsed.usage}\nusage: npm run -s analyze -- ${spec.engine} ${spec.usage}\n${BATCH_HELP}`);
    return 2;
  }
  if (parsed.from !== undefined && parsed.from !== '-') {
    try {
      await access(parsed.from, constants.R_OK);
    } catch {
      process.stderr.write(`--from ${parsed.from}: cannot read the list\n`);
      return 2;
    }
  }
  const progress = opts.progress ?? (opts.out ? undefined : new Progress(spec.engine));
  return runPerFile(batchFiles(parsed, spec.extensions), analyze, { out: opts.out, progress });
}

const BATCH_HELP =
  'FILE and FOLDER may be repeated; a folder gives its files (recursively). --from LIST reads one\n' +
  'path per line from LIST, or from standard input with --from -.\n';

/**
 * Reads an input file for a command line; a missing or unreadable file becomes the engine's own
 * "cannot be read" error (with the system reason in `detail`) instead of an internal failure.
 */
export async function readInputFile(path: string, unreadable: ErrorDef): Promise<Uint8Array> {
  try {
    return new Uint8Array(await readFile(path));
  } catch (e) {
    throw new EngineError(unreadable, { reason: (e as NodeJS.ErrnoException)?.code ?? String(e) });
  }
}
