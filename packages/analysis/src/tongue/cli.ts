// `npm run -s analyze -- tongue [--masks DIR] FILE|FOLDER... [--from LIST|-]`: one JSON line per
// photo. With --masks the mask is written to DIR/<base name>.png: white tongue on black, the
// photo's size.
import { readFile, writeFile } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { photoCli } from '../common/index.js';
import { analyzeTongue } from './analyze.js';

/** Runs the tongue engine on the files in `args`; returns the exit code (0 ok, 1 a file failed, 2 usage). */
export const runCli = photoCli('tongue', '--masks', async (file, folder) => {
  await folder?.make();
  const { result, maskPng } = await analyzeTongue(await readFile(file), { mask: Boolean(folder) });
  if (folder && maskPng) await writeFile(join(folder.path, `${basename(file, extname(file))}.png`), maskPng);
  return result;
});
