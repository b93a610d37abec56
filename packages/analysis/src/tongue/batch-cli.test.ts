// Issue 18 item 1: `analyze tongue DIR/*.jpg` over a large folder died at once with a
// segmentation fault inside onnxruntime (common/onnx.ts says why). The command line here names
// 1,000 paths (about 40 KB of arguments, as a shell glob over a folder makes them): links in a
// temporary folder. Every 50th (the first included, so the models load under the long command
// line) is a small shared photo; the others are a file that is not a photo, refused at once, so
// the suite pays for 20 analyses rather than 1,000 while every path still gets its line.
import { spawnSync } from 'node:child_process';
import { symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tempDirs } from '../common/test-temp-dirs.js';
import { imagePath } from './test-data.js';

const CLI = fileURLToPath(new URL('../cli.ts', import.meta.url));
const tempDir = tempDirs();

describe('tongue batch over 1,000 paths (issue 18 item 1)', () => {
  it('prints 1,000 JSON lines (photos analyzed, non-photos refused) and a summary, no crash', async () => {
    const dir = await tempDir('tongue-batch-1000-');
    // The smallest photo of the shared set (about 350 px): the test pays for analysis, not decoding.
    const photo = imagePath('TE0004365');
    const notAPhoto = join(dir, 'not-a-photo.txt');
    await writeFile(notAPhoto, 'this is not a photo\n');
    const paths = Array.from({ length: 1000 }, (_, i) => join(dir, `photo-${String(i).padStart(4, '0')}.jpg`));
    const isPhoto = (i: number) => i % 50 === 0;
    await Promise.all(paths.map((p, i) => symlink(isPhoto(i) ? photo : notAPhoto, p)));
    expect(paths.join(' ').length).toBeGreaterThan(30_000);
    const child = spawnSync(process.execPath, ['--import', 'tsx', CLI, 'tongue', ...paths], {
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
      timeout: 1_500_000,
    });
    expect(child.signal, child.stderr.slice(-2000)).toBeNull();
    // 1: some files failed (the non-photos), as the command line documents.
    expect(child.status, child.stderr.slice(-2000)).toBe(1);
    const lines = child.stdout.trim().split('\n');
    expect(lines).toHaveLength(1000);
    const rows = lines.map((l) => JSON.parse(l) as { path: string; ok: boolean });
    expect(rows.map((r) => r.path)).toEqual(paths);
    expect(rows.map((r) => r.ok)).toEqual(paths.map((_, i) => isPhoto(i)));
    expect(child.stderr).toMatch(/tongue: 1000 files, 20 ok, 980 failed, .*, done\n$/);
  }, 1_600_000);
});
