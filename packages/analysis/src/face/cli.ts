// `npm run -s analyze -- face [--overlay DIR] FILE|FOLDER... [--from LIST|-]`: one JSON line per
// photo. With --overlay the annotated PNG is written to DIR/<name>.face.png and its path is added.
import { mkdir, writeFile } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { FACE_ERRORS } from '@tcm/contract';
import { PHOTO_EXTENSIONS, readInputFile, runBatch, type PerFileOptions } from '../common/index.js';
import { analyzeFace } from './analyze.js';

/** Runs the face engine on the files in `args`; returns the exit code (0 ok, 1 a file failed, 2 usage). */
export async function runCli(args: string[], out?: (line: string) => void, opts: PerFileOptions = {}): Promise<number> {
  let overlayDir: string | undefined;
  let made = false;
  return runBatch(
    args,
    {
      engine: 'face',
      usage: '[--overlay DIR] FILE|FOLDER... [--from LIST|-]',
      extensions: PHOTO_EXTENSIONS,
      valued: ['--overlay'],
    },
    (_option, dir) => (overlayDir = dir),
    async (file) => {
      const { result, overlayPng } = await analyzeFace(await readInputFile(file, FACE_ERRORS.FACE_NOT_AN_IMAGE), {
        overlay: Boolean(overlayDir),
      });
      if (!overlayDir || !overlayPng) return result;
      if (!made) {
        await mkdir(overlayDir, { recursive: true });
        made = true;
      }
      const path = join(overlayDir, `${basename(file, extname(file))}.face.png`);
      await writeFile(path, overlayPng);
      return { ...result, overlay: path };
    },
    { out, ...opts },
  );
}
