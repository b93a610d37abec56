import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { describe, expect, it, inject } from 'vitest';
import { basicHeader } from './modules/auth/client-auth.js';
import { encodeBmp } from '@tcm/analysis/common';
import { SEED_PASSWORD_FOR_TESTS } from './test/global-setup.js';

const serverRoot = fileURLToPath(new URL('..', import.meta.url));

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

// The process `npm start` ends in: the esbuild bundle, run with node, on the suite's database.
describe('built server process', () => {
  it('migrates, runs pending repairs, prints URL and where the accounts are but never SEED_PASSWORD, serves sign-in, and exits 0 on SIGTERM', async () => {
    const out = join(serverRoot, `.test-dist-${process.pid}`);
    execFileSync(process.execPath, [join(serverRoot, 'scripts/build.mjs')], {
      env: { ...process.env, OUT_DIR: out },
      stdio: 'pipe',
    });
    // The start runs the one-time repairs not yet recorded (docs/server.md): make one pending.
    const sql = new pg.Client({ connectionString: inject('databaseUrl') });
    await sql.connect();
    await sql.query(`delete from maintenance_runs where name = 'rescope-trends'`);
    const port = await freePort();
    const child = spawn(process.execPath, [join(out, 'main.js')], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: inject('databaseUrl'),
        DATA_DIR: mkdtempSync(join(tmpdir(), 'tcm-main-')),
        SEED_PASSWORD: SEED_PASSWORD_FOR_TESTS,
        // Password sign-in of the back-office without the jigsaw, to see the process serve it.
        LOGIN_CAPTCHA_ENTRANCES: 'none',
        LOG_LEVEL: 'warn',
        // On the suites' shared database, like the in-process test apps: 127.0.0.1 is every suite's address.
        LOGIN_IP_MAX_FAILURES: '100000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    try {
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', () => output.includes('accounts') && resolve());
        child.on('exit', (code) => reject(new Error(`server exited ${code}: ${output}`)));
      });
      expect(output).toContain(`http://localhost:${port}/pc/`);
      expect(output).toContain('SEED_PASSWORD (not printed)');
      expect(output).not.toContain(SEED_PASSWORD_FOR_TESTS);
      expect(output).toContain('rescope-trends: ');
      expect((await sql.query(`select 1 from maintenance_runs where name = 'rescope-trends'`)).rowCount).toBe(1);
      const res = await fetch(`http://127.0.0.1:${port}/backend/auth/user/pwd/signin`, {
        method: 'POST',
        headers: {
          authorization: basicHeader('tcm-web', 'tcm-web-secret'),
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({ loginName: 'admin', loginPassword: SEED_PASSWORD_FOR_TESTS }),
      });
      expect(((await res.json()) as { code: number }).code).toBe(0);
      // The bundled engine pool (dist/engine-worker.js, forked beside main.js) decodes a BMP upload.
      const body = new FormData();
      const bmp = encodeBmp({ data: new Uint8Array(4 * 4 * 3).fill(200), width: 4, height: 4 });
      body.append('file', new Blob([bmp]), 'pool.bmp');
      const up = await fetch(`http://127.0.0.1:${port}/backend/portal/ossFile/upload`, { method: 'POST', body });
      expect(await up.json()).toMatchObject({ code: 0, data: { name: 'pool.png', mime: 'image/png', width: 4 } });
      const exit = new Promise<number | null>((resolve) => child.on('exit', resolve));
      child.kill('SIGTERM');
      expect(await exit).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      await sql.end();
      rmSync(out, { recursive: true, force: true });
    }
  }, 60000);
});
