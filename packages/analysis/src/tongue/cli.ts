// `npm run -s analyze -- tongue [--masks DIR] FILE|FOLDER... [--from LIST|-]`: one JSON line per
// photo. With --masks the mask is written to DIR/<base name>.png: white tongue on black, the
// photo's size.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { PHOTO_EXTENSIONS, runBatch, type PerFileOptions } from '../common/index.js';
import { analyzeTongue } from './analyze.js';

/** Runs the tongue engine on the files in `args`; returns the exit code (0 ok, 1 a file failed, 2 usage). */
export async function runCli(args: string[], out?: (line: string) => void, opts: PerFileOptions = {}): Promise<number> {
  let masksDir: string | undefined;
  let made = false;
  return runBatch(
    args,
    {
      engine: 'tongue',
      usage: '[--masks DIR] FILE|FOLDER... [--from LIST|-]',
      extensions: PHOTO_EXTENSIONS,
      valued: ['--masks'],
    },
    (_option, dir) => (masksDir = dir),
    async (file) => {
      if (masksDir && !made) {
        await mkdir(masksDir, { recursive: true });
        made = true;
      }
      const { result, maskPng } = await analyzeTongue(await readFile(file), { mask: Boolean(masksDir) });
      if (masksDir && maskPng) await writeFile(join(masksDir, `${basename(file, extname(file))}.png`), maskPng);
      return result;
    },
    { out, ...opts },
  );
}
