// The batch command line: one JSON line per file, failures as { file, ok: false, code, msg },
// and --masks writing white-on-black PNGs of each photo's size.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { engineFailureSchema, TONGUE_ERRORS, tongueResultSchema } from '@tcm/contract';
import { tempDirs } from '../common/test-temp-dirs.js';
import { runCli } from './cli.js';
import { imagePath, validationIds } from './test-data.js';

const tempDir = tempDirs();

describe('tongue command line', () => {
  it('prints one result per file and writes the masks', async () => {
    const dir = await tempDir('tongue-cli-');
    const bad = join(dir, 'notes.jpg');
    await writeFile(bad, 'not a photo');
    const id = validationIds()[0]!;
    const lines: string[] = [];
    const rc = await runCli(['--masks', join(dir, 'masks'), imagePath(id), bad], (l) => lines.push(l));
    expect(rc).toBe(1);
    expect(lines).toHaveLength(2);
    const ok = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(ok).toMatchObject({ file: `${id}.jpg`, ok: true });
    tongueResultSchema.parse(ok);
    expect(Object.keys(ok)).toEqual(expect.arrayContaining(['version', 'quality', 'features', 'mask']));
    const fail = engineFailureSchema.parse(JSON.parse(lines[1]!));
    expect(fail).toMatchObject({ file: 'notes.jpg', ok: false, code: TONGUE_ERRORS.TONGUE_NOT_AN_IMAGE.code });
    const png = await readFile(join(dir, 'masks', `${id}.png`));
    const meta = await sharp(png).metadata();
    const photo = await sharp(imagePath(id)).metadata();
    expect([meta.width, meta.height]).toEqual([photo.width, photo.height]);
    const px = await sharp(png).greyscale().raw().toBuffer();
    expect(new Set(px)).toEqual(new Set([0, 255]));
  }, 30_000);

  it('answers a usage error without files', async () => {
    expect(await runCli([], () => undefined)).toBe(2);
    expect(await runCli(['--masks'], () => undefined)).toBe(2);
  }, 30_000);
});
