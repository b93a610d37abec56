// `npm run -s analyze -- tongue [--masks DIR] FILE...`: one JSON line per photo. With --masks
// the mask is written to DIR/<base name>.png: white tongue on black, the photo's size.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { runPerFile } from '../common/index.js';
import { analyzeTongue } from './analyze.js';

const USAGE = 'usage: npm run -s analyze -- tongue [--masks DIR] FILE...\n';

/** Runs the tongue engine on the files named in `args`; returns the exit code (0 ok, 1 a file failed, 2 usage). */
export async function runCli(args: string[], out?: (line: string) => void): Promise<number> {
  let masksDir: string | undefined;
  const files: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--masks') {
      masksDir = args[++i];
      if (!masksDir) {
        process.stderr.write(USAGE);
        return 2;
      }
    } else files.push(a);
  }
  if (!files.length) {
    process.stderr.write(USAGE);
    return 2;
  }
  if (masksDir) await mkdir(masksDir, { recursive: true });
  return runPerFile(
    files,
    async (file) => {
      const { result, maskPng } = await analyzeTongue(await readFile(file), { mask: Boolean(masksDir) });
      if (masksDir && maskPng) await writeFile(join(masksDir, `${basename(file, extname(file))}.png`), maskPng);
      return result;
    },
    out,
  );
}
