import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ensurePoppler, inspectPdf } from './testing/poppler.js';

const cli = fileURLToPath(new URL('./cli.ts', import.meta.url));
const examples = fileURLToPath(new URL('../examples/', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'tcm-report-cli-'));
const run = (...args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', cli, ...args], { encoding: 'utf8' });

describe('report command line', () => {
  it('writes the PDF of an example model and prints one JSON line', () => {
    const out = join(dir, 'record.pdf');
    const r = run(join(examples, 'medical-record.zh.json'), out);
    expect(r.status, r.stderr).toBe(0);
    const line = JSON.parse(r.stdout.trim()) as { ok: boolean; bytes: number };
    expect(line.ok).toBe(true);
    const pdf = readFileSync(out);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.length).toBe(line.bytes);
  }, 60_000);

  it('answers bad JSON and an invalid model with a code, and no arguments with usage', () => {
    const broken = join(dir, 'broken.json');
    writeFileSync(broken, '{ "kind": "health-report", ');
    const a = run(broken, join(dir, 'x.pdf'));
    expect(a.status).toBe(1);
    expect(JSON.parse(a.stdout.trim())).toMatchObject({ ok: false, code: 3600001 });

    const invalid = join(dir, 'invalid.json');
    writeFileSync(invalid, JSON.stringify({ kind: 'medical-record', header: { organisation: 'x' } }));
    const b = run(invalid, join(dir, 'y.pdf'));
    expect(b.status).toBe(1);
    const line = JSON.parse(b.stdout.trim()) as { code: number; detail: { issues: string[] } };
    expect(line.code).toBe(3600001);
    expect(line.detail.issues.join(' ')).toContain('header.reportId');

    const c = run();
    expect(c.status).toBe(2);
    expect(c.stderr).toContain('usage');
  }, 60_000);

  it('writes the PDF of a whole record from its captures (record): the pipeline and the mapping the server uses', () => {
    const out = join(dir, 'whole.pdf');
    const face = fileURLToPath(new URL('../../../../shared/data/face/02-woman.jpg', import.meta.url));
    const r = run(
      'record',
      '--face',
      face,
      '--vitals',
      '{"systolic":150,"diastolic":95}',
      '--lang',
      'en',
      '--name',
      'Ada',
      out,
    );
    expect(r.status, r.stderr).toBe(0);
    const line = JSON.parse(r.stdout.trim()) as {
      ok: boolean;
      bytes: number;
      results: Record<string, { status: string }>;
    };
    expect([line.ok, line.results.face?.status, line.results.vitals?.status]).toEqual([true, 'done', 'done']);
    ensurePoppler();
    const text = inspectPdf(readFileSync(out)).text;
    expect(text).toContain('Ada');
    expect(text).toContain('150/95');
    expect(run('record', '--face', face).status).toBe(2);
  }, 120_000);
});
