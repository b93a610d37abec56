/**
 * `npm run -s praat:voice-reference -w @tcm/analysis`: runs Praat (`praat-reference.praat`) once
 * on every recording of the comparison set and stores its measures in `praat-reference.json`,
 * with the Praat version and the script, so that the test and `compare:voice` need only our
 * engine. Rerun after changing the set or the script.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { VOICE_SET } from './voice-set.js';

const script = fileURLToPath(new URL('../praat-reference.praat', import.meta.url));
const out = fileURLToPath(new URL('./praat-reference.json', import.meta.url));
const praatVersion = execFileSync('praat', ['--version'], { encoding: 'utf8' }).trim();
const dir = mkdtempSync(join(tmpdir(), 'voice-set-'));
const measures: Record<string, unknown> = {};
try {
  for (const item of VOICE_SET) {
    const file = join(dir, item.name);
    writeFileSync(file, item.bytes());
    measures[item.name] = JSON.parse(execFileSync('praat', ['--run', script, file], { encoding: 'utf8' }).trim());
    process.stderr.write(`${item.name}\n`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
const fixture = {
  praat: praatVersion,
  script: 'packages/analysis/src/voice/praat-reference.praat',
  made: new Date().toISOString().slice(0, 10),
  measures,
};
writeFileSync(out, `${JSON.stringify(fixture, null, 2)}\n`);
