import { execFileSync, execSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { analyseVoice } from './analyse.js';

// Praat is the reference tool (Debian package `praat`); install it when missing, as the test
// command installs its other system dependencies.
function praatBinary(): string {
  const has = () => {
    try {
      return execSync('command -v praat', { encoding: 'utf8' }).trim();
    } catch {
      return '';
    }
  };
  let bin = has();
  if (!bin) {
    const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
    execSync(`${sudo}apt-get update -qq && ${sudo}apt-get install -y -qq praat`, { stdio: 'ignore' });
    bin = has();
  }
  return bin;
}

const dataDir = new URL('../../../../../shared/data/voice/', import.meta.url);
const script = fileURLToPath(new URL('./praat-reference.praat', import.meta.url));

interface PraatRef {
  f0Mean: number;
  jitterLocal: number;
  shimmerLocal: number;
  hnr: number;
  intensity: number;
}

describe('voice engine against Praat', () => {
  const praat = praatBinary();
  for (const name of ['sustained-a-118hz.wav', 'pcgita-sustained-a.wav']) {
    it(`matches Praat on ${name}`, () => {
      const file = fileURLToPath(new URL(name, dataDir));
      expect(existsSync(file)).toBe(true);
      const ref = JSON.parse(execFileSync(praat, ['--run', script, file], { encoding: 'utf8' }).trim()) as PraatRef;
      const ours = analyseVoice(new Uint8Array(readFileSync(file)));
      const rel = (a: number, b: number) => Math.abs(a - b) / Math.abs(b);
      // Differences are printed so the report can quote them.
      console.log(
        `${name}: F0 ${ours.pitch.meanHz} vs ${ref.f0Mean.toFixed(2)} Hz, jitter ${ours.jitterLocalPct}% vs ${(ref.jitterLocal * 100).toFixed(3)}%, ` +
          `shimmer ${ours.shimmerLocalPct}% vs ${(ref.shimmerLocal * 100).toFixed(3)}%, HNR ${ours.hnrDb} vs ${ref.hnr.toFixed(2)} dB`,
      );
      expect(rel(ours.pitch.meanHz, ref.f0Mean)).toBeLessThan(0.02);
      expect(rel(ours.jitterLocalPct! / 100, ref.jitterLocal)).toBeLessThan(0.2);
      expect(rel(ours.shimmerLocalPct! / 100, ref.shimmerLocal)).toBeLessThan(0.2);
      expect(Math.abs(ours.hnrDb! - ref.hnr)).toBeLessThan(2);
      expect(Math.abs(ours.intensityDb - ref.intensity)).toBeLessThan(1);
    });
  }
});
