// `npm run -s analyze -- face [--overlay DIR] FILE|FOLDER... [--from LIST|-]`: one JSON line per
// photo. With --overlay the annotated PNG is written to DIR/<name>.face.png and its path is added.
import { writeFile } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { FACE_ERRORS } from '@tcm/contract';
import { readInputFile, photoCli } from '../common/index.js';
import { analyzeFace } from './analyze.js';

/** Runs the face engine on the files in `args`; returns the exit code (0 ok, 1 a file failed, 2 usage). */
export const runCli = photoCli('face', '--overlay', async (file, folder) => {
  const { result, overlayPng } = await analyzeFace(await readInputFile(file, FACE_ERRORS.FACE_NOT_AN_IMAGE), {
    overlay: Boolean(folder),
  });
  if (!folder || !overlayPng) return result;
  await folder.make();
  const path = join(folder.path, `${basename(file, extname(file))}.face.png`);
  await writeFile(path, overlayPng);
  return { ...result, overlay: path };
});
