import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CONSTITUTION_ERRORS, TONGUE_ERRORS, type RecordResults } from '@tcm/contract';
import { questionsFor } from '../constitution/index.js';
import { parseRecordArgs, runCli } from './record-cli.js';

const data = (rel: string) => fileURLToPath(new URL(`../../../../../shared/data/${rel}`, import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'tcm-record-cli-'));

/** Runs the command and returns its exit code and the one JSON line it printed. */
async function record(args: string[]) {
  let line = '';
  const code = await runCli(args, (l) => (line += l));
  return { code, out: line ? (JSON.parse(line) as { ok: boolean; results: RecordResults; code?: number }) : null };
}

describe('whole-record command line', () => {
  it('names what is wrong with the options', () => {
    expect(parseRecordArgs([])).toEqual({ usage: expect.stringContaining('at least one capture') });
    expect(parseRecordArgs(['--tongue'])).toEqual({ usage: '--tongue needs a value' });
    expect(parseRecordArgs(['--sex', 'other', '--answers', 'a.json'])).toMatchObject({
      usage: expect.stringContaining('--sex other'),
    });
    expect(parseRecordArgs(['--color', 'x'])).toMatchObject({ usage: expect.stringContaining('--color') });
    expect(parseRecordArgs(['--pulse', 'p.csv', '--lang', 'en', 'out.pdf'])).toMatchObject({
      files: { pulse: 'p.csv' },
      lang: 'en',
      rest: ['out.pdf'],
    });
  });

  it('runs the server pipeline on a tongue photo, a pulse file, answers and vitals: every engine done', async () => {
    const answers = join(dir, 'answers.json');
    writeFileSync(answers, JSON.stringify(Object.fromEntries(questionsFor('female').map((q) => [q.id, 4]))));
    const { code, out } = await record([
      '--tongue',
      data('tongue/images/TE0000007.jpg'),
      '--pulse',
      data('pulse/bidmc01.csv'),
      '--answers',
      answers,
      '--sex',
      'female',
      '--vitals',
      '{"systolic":150,"diastolic":95}',
    ]);
    expect(code).toBe(0);
    const r = out!.results;
    expect(Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v.status]))).toEqual({
      tongue: 'done',
      pulse: 'done',
      constitution: 'done',
      vitals: 'done',
      synthesis: 'done',
    });
    // What the synthesis read: the constitution scored from the answers, the blood pressure flagged.
    expect(
      r.synthesis?.status === 'done' && r.synthesis.result.advice.keys.some((k) => k.startsWith('constitution:')),
    ).toBe(true);
  }, 120_000);

  it('keeps the engines that succeed when one capture is refused, as a record does', async () => {
    const { code, out } = await record(['--tongue', data('voice/praat-hid.wav'), '--pulse', data('pulse/bidmc01.csv')]);
    expect(code).toBe(0);
    expect(out!.results.tongue).toMatchObject({ status: 'failed' });
    expect(out!.results.pulse).toMatchObject({ status: 'done' });
  }, 120_000);

  it('answers a missing file and unreadable answers with the catalog code', async () => {
    const missing = await record(['--tongue', join(dir, 'nope.jpg')]);
    expect([missing.code, missing.out]).toEqual([
      1,
      expect.objectContaining({ ok: false, code: TONGUE_ERRORS.TONGUE_NOT_AN_IMAGE.code }),
    ]);
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, '{"q1": ');
    const answers = await record(['--answers', bad, '--sex', 'male']);
    expect(answers.out).toMatchObject({ ok: false, code: CONSTITUTION_ERRORS.INPUT_FILE_UNREADABLE.code });
  });
});
