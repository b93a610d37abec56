import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createRng } from './rng.js';

const CLI = fileURLToPath(new URL('./cli.ts', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'research-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The command line as a reader runs it (tsx, a real file); its standard output parsed. */
function research(...args: string[]): Record<string, unknown> {
  const out = execFileSync(process.execPath, ['--import', 'tsx', CLI, ...args], { encoding: 'utf8' });
  expect(out.trim().split('\n')).toHaveLength(1);
  return JSON.parse(out) as Record<string, unknown>;
}

/** 60 samples: two groups apart in rate and weight; thirst mostly with "hot"; a few empty cells. */
function writePool(): string {
  const rng = createRng(4);
  const lines = ['rate,weight,thirst,tongue,syndrome'];
  for (let i = 0; i < 60; i++) {
    const hot = i % 2 === 0;
    const rate = (hot ? 90 : 65) + 8 * rng.next();
    const weight = (hot ? 70 : 55) + 6 * rng.next();
    const thirst = rng.next() < (hot ? 0.8 : 0.2) ? 1 : 0;
    lines.push(
      `${rate.toFixed(2)},${i === 7 ? '' : weight.toFixed(2)},${thirst},${hot ? 'red' : 'pale'},${hot ? 'hot' : 'cold'}`,
    );
  }
  const file = join(dir, 'pool.csv');
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

describe('research command line', { timeout: 60_000 }, () => {
  const file = writePool();

  it('kmeans prints inertia, sizes, labels and centers that agree with each other and the file', () => {
    const r = research('kmeans', file, '--k', '2', '--restarts', '4', '--seed', '3', '--columns', 'rate,weight');
    expect(r).toMatchObject({ kind: 'kmeans', k: 2, restarts: 4, seed: 3, samples: 60, columns: ['rate', 'weight'] });
    const labels = r['labels'] as number[];
    const centers = r['centers'] as number[][];
    expect(labels).toHaveLength(60);
    expect([...(r['sizes'] as number[])].sort()).toEqual([30, 30]);
    // Recompute the inertia here: columns standardised (sample sd), the empty weight filled with its mean.
    const rows = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => l.split(',').slice(0, 2))
      .map((c) => c.map((v) => (v === '' ? Number.NaN : Number(v))));
    const z = [0, 1].map((j) => {
      const known = rows.map((r) => r[j] as number).filter((v) => !Number.isNaN(v));
      const mean = known.reduce((s, v) => s + v, 0) / known.length;
      const sd = Math.sqrt(known.reduce((s, v) => s + (v - mean) ** 2, 0) / (known.length - 1));
      return { mean, sd };
    });
    let inertia = 0;
    rows.forEach((row, i) => {
      const c = centers[labels[i] as number] as number[];
      row.forEach((v, j) => {
        const x = ((Number.isNaN(v) ? z[j]!.mean : v) - z[j]!.mean) / z[j]!.sd;
        inertia += (x - (c[j] as number)) ** 2;
      });
    });
    expect(r['inertia']).toBeCloseTo(inertia, 9);
    // The two groups, whatever their numbering.
    expect(new Set(labels.filter((_, i) => i % 2 === 0)).size).toBe(1);
    expect(r['warnings']).toEqual([]);
  });

  it('frequency, relate and classify print the result of their job kind', () => {
    const f = research('frequency', file);
    expect(f['kind']).toBe('frequency');
    const relate = research('relate', file, '--target', 'syndrome');
    expect(relate['kind']).toBe('association');
    expect((relate['findings'] as Array<{ variable: string }>).map((x) => x.variable)).toEqual([
      'thirst',
      'tongue',
      'tongue',
    ]);
    const c = research(
      'classify',
      file,
      '--target',
      'syndrome',
      '--classifier',
      'naive-bayes',
      '--columns',
      'rate,thirst',
    );
    expect(c['kind']).toBe('classification');
    expect(c['evaluation']).toMatchObject({ baseline: { accuracy: 0.5 }, samples: 60 });
  });

  it('exits 2 with the usage for a bad call and 1 with the reason when the data is refused', () => {
    const bad = spawnSync(process.execPath, ['--import', 'tsx', CLI, 'kmeans', file, '--colour', 'x'], {
      encoding: 'utf8',
    });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/usage: npm run -s research/);
    const refused = spawnSync(process.execPath, ['--import', 'tsx', CLI, 'kmeans', file, '--k', '61'], {
      encoding: 'utf8',
    });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/k = 61 needs at least 61 samples/);
  });
});
