import { PULSE_ERRORS } from '@tcm/contract';
import { readInputFile, runBatch, type PerFileOptions } from '../common/index.js';
import { analyzePulse } from './analyze.js';
import { readPulseFile, type PulseReadOptions } from './input.js';

/**
 * `npm run -s analyze -- pulse [--column NAME] [--rate HZ] FILE|FOLDER... [--from LIST|-]`: one
 * JSON line per file; a folder gives its .csv, .txt, .json and .wav files.
 */
export async function runCli(args: string[], out?: (line: string) => void, opts: PerFileOptions = {}): Promise<number> {
  const read: PulseReadOptions = {};
  return runBatch(
    args,
    {
      engine: 'pulse',
      usage: '[--column NAME] [--rate HZ] FILE|FOLDER... [--from LIST|-]',
      extensions: ['.csv', '.txt', '.json', '.wav'],
      valued: ['--column', '--rate'],
    },
    (option, value) => {
      if (option === '--column') read.column = value;
      else read.rate = Number(value);
    },
    async (file) => ({
      ...analyzePulse(readPulseFile(await readInputFile(file, PULSE_ERRORS.PULSE_UNREADABLE), file, read)),
    }),
    { out, ...opts },
  );
}
