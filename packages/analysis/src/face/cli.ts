// `npm run -s analyze -- face [--overlay DIR] FILE...`: one JSON line per photo. With
// --overlay the annotated PNG is written to DIR/<name>.face.png and its path is added.
import { mkdir, writeFile } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { FACE_ERRORS } from '@tcm/contract';
import { readInputFile, runPerFile } from '../common/index.js';
import { analyzeFace } from './analyze.js';

/** Runs the face engine on the files named in `args`; returns the exit code (0 ok, 1 a file failed, 2 usage). */
export async function runCli(args: string[], out?: (line: string) => void): Promise<number> {
  let overlayDir: string | undefined;
  const files: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--overlay') overlayDir = args[++i];
    else files.push(a);
  }
  if (!files.length || (args.includes('--overlay') && !overlayDir)) {
    process.stderr.write('usage: npm run -s analyze -- face [--overlay DIR] FILE...\n');
    return 2;
  }
  if (overlayDir) await mkdir(overlayDir, { recursive: true });
  return runPerFile(
    files,
    async (file) => {
      const { result, overlayPng } = await analyzeFace(await readInputFile(file, FACE_ERRORS.FACE_NOT_AN_IMAGE), {
        overlay: Boolean(overlayDir),
      });
      if (!overlayDir || !overlayPng) return result;
      const path = join(overlayDir, `${basename(file, extname(file))}.face.png`);
      await writeFile(path, overlayPng);
      return { ...result, overlay: path };
    },
    out,
  );
}
