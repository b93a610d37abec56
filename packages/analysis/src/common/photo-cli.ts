import { mkdir } from 'node:fs/promises';
import { PHOTO_EXTENSIONS } from './batch-input.js';
import { runBatch, type PerFileOptions } from './cli-output.js';

/** The folder a photo engine's command line writes an image per photo into (`--overlay`, `--masks`). */
export interface ImageFolder {
  path: string;
  /** Makes the folder (with its parents) the first time it is called; later calls do nothing. */
  make(): Promise<void>;
}

function imageFolder(path: string): ImageFolder {
  let made = false;
  return {
    path,
    make: async () => {
      if (made) return;
      await mkdir(path, { recursive: true });
      made = true;
    },
  };
}

/**
 * The command line of a photo engine: photos from files, folders or a list, one JSON line each,
 * and one option (`option` DIR) naming a folder for an image per photo; `analyze` gets that folder
 * (undefined without the option) and makes it when it needs it. The command returns the exit code
 * (0 ok, 1 a file failed, 2 usage).
 */
export function photoCli(
  engine: string,
  option: string,
  analyze: (file: string, folder: ImageFolder | undefined) => Promise<Record<string, unknown>>,
) {
  return (args: readonly string[], out?: (line: string) => void, opts: PerFileOptions = {}): Promise<number> => {
    let folder: ImageFolder | undefined;
    const usage = `[${option} DIR] FILE|FOLDER... [--from LIST|-]`;
    return runBatch(
      args,
      { engine, usage, extensions: PHOTO_EXTENSIONS, valued: [option] },
      (_option, dir) => (folder = imageFolder(dir)),
      (file) => analyze(file, folder),
      { out, ...opts },
    );
  };
}
