// Issue 18 item 1: every engine's command line takes files, folders (recursively) and lists
// (--from FILE, --from - for standard input), prints one JSON line per file with its path, and
// reports progress and a summary on standard error. Run here with the pulse and the JSON engines
// (fast); the tongue engine's run over 1,000 paths is in tongue/batch-cli.test.ts.
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli as pulseCli } from '../pulse/cli.js';
import { runCli as constitutionCli } from '../constitution/cli.js';
import { Progress } from './progress.js';

const data = (p: string) => fileURLToPath(new URL(`../../../../../shared/data/${p}`, import.meta.url));
const examples = (p: string) => fileURLToPath(new URL(`../../examples/${p}`, import.meta.url));
const CLI = fileURLToPath(new URL('../cli.ts', import.meta.url));

let dir: string;
beforeAll(async () => {
  // dir/a.csv, dir/sub/b.csv, dir/sub/deeper/c-125hz.csv (links to shared recordings), plus a
  // file of another type and a hidden file, which a folder does not contribute.
  dir = await mkdtemp(join(tmpdir(), 'batch-'));
  await mkdir(join(dir, 'sub', 'deeper'), { recursive: true });
  await symlink(data('pulse/bidmc01.csv'), join(dir, 'a.csv'));
  await symlink(data('pulse/bidmc01.csv'), join(dir, 'sub', 'b.csv'));
  await symlink(data('pulse/goda-ppg-125hz.csv'), join(dir, 'sub', 'deeper', 'c-125hz.csv'));
  await symlink(join(dir, 'sub'), join(dir, 'sub', 'deeper', 'loop'));
  await writeFile(join(dir, 'notes.md'), 'not a recording');
  await writeFile(join(dir, '.hidden.csv'), 'x');
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function run(cli: typeof pulseCli, args: string[]) {
  const lines: string[] = [];
  const stderr: string[] = [];
  const code = await cli(args, (l) => lines.push(l), {
    progress: new Progress('pulse', { write: (t) => stderr.push(t) }, 2),
  });
  return { code, rows: lines.map((l) => JSON.parse(l) as Record<string, unknown>), stderr: stderr.join('') };
}

describe('batch command lines (issue 18 item 1)', () => {
  it('a folder gives its recordings recursively, in name order, once each, with their paths', async () => {
    const { code, rows, stderr } = await run(pulseCli, [dir]);
    expect(code).toBe(0);
    expect(rows.map((r) => r.path)).toEqual([
      join(dir, 'a.csv'),
      join(dir, 'sub', 'b.csv'),
      join(dir, 'sub', 'deeper', 'c-125hz.csv'),
    ]);
    expect(rows.every((r) => r.ok === true)).toBe(true);
    expect(rows[2]).toMatchObject({ file: 'c-125hz.csv', sampleRateHz: 125 });
    // a progress line every 2 files, then the summary
    expect(stderr).toMatch(/^pulse: 2 files, 2 ok, 0 failed, .*\npulse: 3 files, 3 ok, 0 failed, .*, done\n$/);
  }, 60_000);

  it('--from reads a list (blank lines skipped, folders expanded) after the named files', async () => {
    const list = join(dir, 'list.txt');
    await writeFile(list, `\n${join(dir, 'sub', 'deeper')}\n  ${join(dir, 'a.csv')}  \n\n${join(dir, 'gone.csv')}\n`);
    const { code, rows, stderr } = await run(pulseCli, [join(dir, 'sub', 'b.csv'), '--from', list]);
    expect(code).toBe(1);
    // From sub/deeper the link "loop" leads to sub, which is not above it there: it is followed
    // (b.csv again), and sub/deeper is not entered twice.
    expect(rows.map((r) => r.file)).toEqual(['b.csv', 'c-125hz.csv', 'b.csv', 'a.csv', 'gone.csv']);
    expect(rows[4]).toMatchObject({ ok: false, code: 3300001 });
    expect(stderr).toMatch(/pulse: 5 files, 4 ok, 1 failed, .*, done\n$/);
  }, 60_000);

  it('--from - reads standard input; stdout stays one JSON line per file, the summary goes to stderr', () => {
    const child = spawnSync(process.execPath, ['--import', 'tsx', CLI, 'pulse', '--from', '-'], {
      input: `${join(dir, 'a.csv')}\n${join(dir, 'notes.md')}\n`,
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(child.status).toBe(1);
    const rows = child.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(rows.map((r) => [r.file, r.ok])).toEqual([
      ['a.csv', true],
      ['notes.md', false],
    ]);
    expect(child.stderr).toMatch(/^pulse: 2 files, 1 ok, 1 failed, .*, done\n$/);
  }, 130_000);

  it('usage errors: an unknown option, an option without value, an unreadable list, nothing to do', async () => {
    for (const args of [['--bogus', dir], ['--rate'], ['--from', join(dir, 'no-list.txt')], []])
      expect(await pulseCli(args, () => undefined)).toBe(2);
  });

  it('the JSON engines: one file prints one document as before, a folder one line per file', async () => {
    const one: string[] = [];
    expect(await constitutionCli([examples('constitution-mixed-male.json')], (t) => one.push(t))).toBe(0);
    expect(one).toHaveLength(1);
    expect(one[0]).toContain('\n  "file": "constitution-mixed-male.json"');
    const folder = join(dir, 'answers');
    await mkdir(folder);
    for (const name of ['constitution-balanced-male.json', 'constitution-mixed-male.json'])
      await symlink(examples(name), join(folder, name));
    const lines: string[] = [];
    expect(await constitutionCli([folder], (t) => lines.push(t))).toBe(0);
    expect(lines.map((l) => JSON.parse(l) as Record<string, unknown>)).toMatchObject([
      { file: 'constitution-balanced-male.json', ok: true },
      { file: 'constitution-mixed-male.json', ok: true },
    ]);
  });
});
