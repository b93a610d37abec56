import { VOICE_ERRORS } from '@tcm/contract';
import { readInputFile, runPerFile } from '../common/index.js';
import { analyseVoice } from './analyse.js';

/** `npm run -s analyze -- voice FILE...`: one JSON line per WAV file. */
export async function runCli(args: string[], out?: (line: string) => void): Promise<number> {
  const files = args.filter((a) => !a.startsWith('--'));
  if (!files.length) {
    process.stderr.write('usage: npm run -s analyze -- voice FILE.wav...\n');
    return 2;
  }
  return runPerFile(
    files,
    async (file) => ({ ...analyseVoice(await readInputFile(file, VOICE_ERRORS.VOICE_UNREADABLE)) }),
    out,
  );
}
