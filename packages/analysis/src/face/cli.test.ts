import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './cli.js';
import { portraitPath } from './test-images.js';

describe('face command line', () => {
  it('prints one JSON line per file, failures included, and writes overlays on request', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'face-cli-'));
    try {
      const bad = join(dir, 'bad.jpg');
      await writeFile(bad, 'not a jpeg');
      const lines: string[] = [];
      const code = await runCli(['--overlay', join(dir, 'out'), portraitPath('02-woman'), bad], (l) => lines.push(l));
      expect(code).toBe(1);
      expect(lines).toHaveLength(2);
      const [ok, failed] = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
      expect(ok).toMatchObject({ file: '02-woman.jpg', ok: true });
      expect(ok!.overlay).toMatch(/02-woman\.face\.png$/);
      expect(failed).toMatchObject({ file: 'bad.jpg', ok: false, code: 3200003 });
      expect(await readdir(join(dir, 'out'))).toEqual(['02-woman.face.png']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('answers usage errors with exit code 2', async () => {
    expect(await runCli([], () => {})).toBe(2);
  });
});
