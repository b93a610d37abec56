// What a command line analyses: the files it names, the files under the folders it names, and
// the paths listed in a file or on standard input (`--from FILE`, `--from -`), one per line.
// Paths are produced one at a time, so a list of any length costs no memory: only the names of
// the folder being walked are held, to sort them.
import { createReadStream, type Stats } from 'node:fs';
import { opendir, stat } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { createInterface } from 'node:readline';

/** Photo formats (what a folder contributes to the tongue and face engines; sharp reads them). */
export const PHOTO_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.webp', '.bmp'];

export interface BatchArgs {
  /** Files and folders named on the command line, in order. */
  paths: string[];
  /** `--from FILE` (or `-` for standard input): a list of paths, one per line. */
  from?: string;
}

/**
 * Splits `args` into the engine's own options (`valued`: each takes the next argument, handed
 * to `set`), `--from FILE` and the paths. Returns a usage message instead for an option without
 * its value, an unknown option or no input at all.
 */
export function parseBatchArgs(
  args: readonly string[],
  valued: readonly string[],
  set: (option: string, value: string) => void,
): BatchArgs | { usage: string } {
  const out: BatchArgs = { paths: [] };
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--from' || valued.includes(a)) {
      const value = args[++i];
      if (value === undefined || value === '') return { usage: `${a} needs a value` };
      if (a === '--from') out.from = value;
      else set(a, value);
    } else if (a.startsWith('--')) return { usage: `unknown option ${a}` };
    else out.paths.push(a);
  }
  if (!out.paths.length && out.from === undefined) return { usage: 'no file, folder or --from list given' };
  return out;
}

/** The lines of a list file or of standard input, trimmed, blank lines skipped. */
async function* listedPaths(from: string): AsyncGenerator<string> {
  const input = from === '-' ? process.stdin : createReadStream(from, 'utf8');
  const lines = createInterface({ input, crlfDelay: Infinity });
  for await (const line of lines) {
    const path = line.trim();
    if (path) yield path;
  }
}

async function statOrNull(path: string): Promise<Stats | null> {
  try {
    return await stat(path);
  } catch {
    return null;
  }
}

/**
 * The files under `dir` whose extension is one of `extensions`, folders included (recursive),
 * in name order; hidden entries (".name") are skipped and symbolic links followed, a folder
 * already on the way down (a link loop) is not entered again.
 */
async function* walk(dir: string, extensions: readonly string[], above: Set<string>): AsyncGenerator<string> {
  const names: string[] = [];
  for await (const entry of await opendir(dir)) if (!entry.name.startsWith('.')) names.push(entry.name);
  names.sort();
  for (const name of names) {
    const path = join(dir, name);
    const info = await statOrNull(path);
    if (info?.isDirectory()) {
      const key = `${info.dev}:${info.ino}`;
      if (above.has(key)) continue;
      above.add(key);
      yield* walk(path, extensions, above);
      above.delete(key);
    } else if (info?.isFile() && extensions.includes(extname(name).toLowerCase())) yield path;
  }
}

/**
 * Every file to analyze, one at a time. A named file is taken whatever its extension (and a
 * missing one too: the engine reports it as unreadable, on its own line); a folder gives its
 * files with one of `extensions` (lower case, with the dot).
 */
export async function* batchFiles(args: BatchArgs, extensions: readonly string[]): AsyncGenerator<string> {
  async function* expand(path: string): AsyncGenerator<string> {
    const info = await statOrNull(path);
    if (info?.isDirectory()) yield* walk(path, extensions, new Set([`${info.dev}:${info.ino}`]));
    else yield path;
  }
  for (const path of args.paths) yield* expand(path);
  if (args.from !== undefined) for await (const path of listedPaths(args.from)) yield* expand(path);
}
