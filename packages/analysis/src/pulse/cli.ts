import { PULSE_ERRORS } from '@tcm/contract';
import { readInputFile, runPerFile } from '../common/index.js';
import { analysePulse } from './analyse.js';
import { readPulseFile, type PulseReadOptions } from './input.js';

/** `npm run -s analyze -- pulse [--column NAME] [--rate HZ] FILE...`: one JSON line per file. */
export async function runCli(args: string[], out?: (line: string) => void): Promise<number> {
  const opts: PulseReadOptions = {};
  const files: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--column') opts.column = args[++i];
    else if (a === '--rate') opts.rate = Number(args[++i]);
    else files.push(a);
  }
  if (!files.length) {
    process.stderr.write('usage: npm run -s analyze -- pulse [--column NAME] [--rate HZ] FILE...\n');
    return 2;
  }
  return runPerFile(
    files,
    async (file) => ({
      ...analysePulse(readPulseFile(await readInputFile(file, PULSE_ERRORS.PULSE_UNREADABLE), file, opts)),
    }),
    out,
  );
}
