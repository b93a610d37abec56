import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { pulseResultSchema, voiceResultSchema } from '@tcm/contract';
import { runCli as pulseCli } from './cli.js';
import { regularIntervals, syntheticPulse } from './synthetic.js';
import { runCli as voiceCli } from '../voice/cli.js';

const data = (p: string) => fileURLToPath(new URL(`../../../../../shared/data/${p}`, import.meta.url));

/** Runs a command line and returns its exit code and parsed JSON lines. */
async function run(cli: typeof pulseCli, args: string[]) {
  const lines: string[] = [];
  const code = await cli(args, (l) => lines.push(l));
  return { code, rows: lines.map((l) => JSON.parse(l) as Record<string, unknown>) };
}

describe('pulse and voice command lines (issue 4 item 7)', () => {
  it('pulse: one line per file, --column picks the series, failures carry their code, exit 1', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pulse-cli-'));
    try {
      const short = join(dir, 'short.json');
      await writeFile(
        short,
        JSON.stringify({ rate: 100, samples: Array.from({ length: 300 }, (_, i) => Math.sin(i / 8)) }),
      );
      const { code, rows } = await run(pulseCli, [
        '--column',
        'PLETH',
        data('pulse/bidmc01.csv'),
        short,
        join(dir, 'missing.csv'),
      ]);
      expect(code).toBe(1);
      expect(rows).toHaveLength(3);
      const [ok, tooShort, missing] = rows;
      expect(ok).toMatchObject({ file: 'bidmc01.csv', ok: true, sampleRateHz: 125 });
      const { file: _f, ok: _o, ...result } = ok!;
      expect(pulseResultSchema.parse(result).quality.index).toBeGreaterThan(0.8);
      expect(tooShort).toMatchObject({ file: 'short.json', ok: false, code: 3300004 });
      expect(missing).toMatchObject({ file: 'missing.csv', ok: false, code: 3300001 });
      expect(typeof missing!.msg).toBe('string');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('pulse: --rate gives the rate of a bare series; all files good means exit 0', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pulse-cli-'));
    try {
      const bare = join(dir, 'bare.txt');
      // 30 s of synthetic pulse at 72 bpm and 100 Hz, one number per line, no header, no time.
      const x = syntheticPulse({ rate: 100, intervals: regularIntervals(72, 30), noise: 0.01 });
      await writeFile(bare, Array.from(x).join('\n'));
      const { code, rows } = await run(pulseCli, ['--rate', '100', bare]);
      expect(code).toBe(0);
      expect(rows[0]).toMatchObject({ file: 'bare.txt', ok: true, sampleRateHz: 100 });
      expect(Math.abs((rows[0]!.rateBpm as number) - 72)).toBeLessThan(1);
      expect(await pulseCli([], () => {})).toBe(2);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('voice: one line per WAV with version and quality; a non-WAV file gets its code', async () => {
    const { code, rows } = await run(voiceCli, [
      data('voice/pcgita-sustained-a.wav'),
      data('pulse/goda-ppg-125hz.csv'),
    ]);
    expect(code).toBe(1);
    const [ok, bad] = rows;
    expect(ok).toMatchObject({ file: 'pcgita-sustained-a.wav', ok: true });
    const { file: _f, ok: _o, ...result } = ok!;
    const parsed = voiceResultSchema.parse(result);
    expect(parsed.version.engine).toMatch(/^voice@/);
    expect(parsed.quality.sampleRateHz).toBe(16000);
    expect(bad).toMatchObject({ file: 'goda-ppg-125hz.csv', ok: false, code: 3400001 });
    expect(await voiceCli([], () => {})).toBe(2);
  });
});
