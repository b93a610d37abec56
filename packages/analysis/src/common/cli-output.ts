import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { ErrorDef } from '@tcm/contract';
import { EngineError, isEngineError } from './engine-error.js';

/** Internal failure code for an unexpected exception: the CLI must never crash on bad input. */
export const UNEXPECTED_FAILURE_CODE = 2000500;

/**
 * Runs `analyse` on each file and prints one JSON line per file, success or failure, the
 * shape every engine's command line shares. Returns the process exit code: 0 when every file
 * was analysed, 1 when any failed.
 */
export async function runPerFile(
  files: readonly string[],
  analyse: (file: string) => Promise<Record<string, unknown>>,
  out: (line: string) => void = (l) => process.stdout.write(l + '\n'),
): Promise<number> {
  let failed = 0;
  for (const file of files) {
    try {
      const result = await analyse(file);
      out(JSON.stringify({ file: basename(file), ok: true, ...result }));
    } catch (e) {
      failed++;
      if (isEngineError(e)) out(JSON.stringify({ file: basename(file), ok: false, code: e.code, msg: e.message }));
      else
        out(
          JSON.stringify({
            file: basename(file),
            ok: false,
            code: UNEXPECTED_FAILURE_CODE,
            msg: String((e as Error)?.message ?? e),
          }),
        );
    }
  }
  return failed ? 1 : 0;
}

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
