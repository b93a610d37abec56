import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { printPraatSignals } from './praat-signals.js';

const dir = mkdtempSync(join(tmpdir(), 'voice-praat-'));
try {
  printPraatSignals(dir);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
