import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { startJobs, stopJobs } from '../jobs/boss.js';
import { openDatabase } from './client.js';
import { migrationsFolder, runMigrations } from './migrate.js';

const serverRoot = fileURLToPath(new URL('../..', import.meta.url));

describe('migrations', () => {
  it('match the Drizzle schema (drizzle-kit generate finds nothing new)', () => {
    // drizzle-kit takes --out relative to its cwd, so the scratch copy lives in the workspace.
    const rel = `.migration-check-${process.pid}-${Date.now()}`;
    const out = join(serverRoot, rel);
    cpSync(migrationsFolder(), out, { recursive: true });
    try {
      const before = readdirSync(out).filter((f) => f.endsWith('.sql'));
      const log = execFileSync(
        process.execPath,
        [
          join(serverRoot, '../../node_modules/drizzle-kit/bin.cjs'),
          'generate',
          '--dialect',
          'postgresql',
          '--schema',
          './src/db/schema/index.ts',
          '--out',
          `./${rel}`,
        ],
        { cwd: serverRoot, stdio: 'pipe', encoding: 'utf8' },
      );
      const after = readdirSync(out).filter((f) => f.endsWith('.sql'));
      expect(after, 'run `npm run db:generate -w @tcm/server` and commit the new migration').toEqual(before);
      // drizzle-kit exits 0 even when it fails to read the folder: require its positive answer.
      expect(log).toContain('No schema changes');
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});

describe('embedded database', () => {
  it('opens PGlite in DATA_DIR/db, migrates, runs pg-boss and reopens with the data kept', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tcm-embedded-'));
    const first = await openDatabase({ dataDir });
    expect(first.embedded).toBe(true);
    await runMigrations(first.db);
    const boss = await startJobs(first);
    await boss.createQueue('smoke');
    const id = await boss.send('smoke', { n: 1 });
    expect(id).toBeTruthy();
    const [job] = await boss.fetch<{ n: number }>('smoke');
    expect(job?.data.n).toBe(1);
    await stopJobs(boss, 1000);
    await first.pool.query(`insert into teams (name) values ('kept')`);
    await first.close();

    const again = await openDatabase({ dataDir });
    await runMigrations(again.db);
    const { rows } = await again.pool.query(`select name from teams`);
    expect(rows.map((r) => r.name)).toEqual(['kept']);
    await again.close();
    expect(readdirSync(join(dataDir, 'db')).length).toBeGreaterThan(0);
  }, 120000);
});
