import { VOICE_ERRORS } from '@tcm/contract';
import { readInputFile, runBatch, type PerFileOptions } from '../common/index.js';
import { analyzeVoice } from './analyze.js';

/** `npm run -s analyze -- voice FILE|FOLDER... [--from LIST|-]`: one JSON line per WAV file. */
export async function runCli(args: string[], out?: (line: string) => void, opts: PerFileOptions = {}): Promise<number> {
  return runBatch(
    args,
    { engine: 'voice', usage: 'FILE.wav|FOLDER... [--from LIST|-]', extensions: ['.wav'] },
    () => undefined,
    async (file) => ({ ...analyzeVoice(await readInputFile(file, VOICE_ERRORS.VOICE_UNREADABLE)) }),
    { out, ...opts },
  );
}
