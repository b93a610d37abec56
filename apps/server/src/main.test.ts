import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { describe, expect, it, inject } from 'vitest';
import { basicHeader } from './modules/auth/client-auth.js';
import { encodeBmp } from '@tcm/analysis/common';
import { SEED_PASSWORD_FOR_TESTS } from './test/global-setup.js';
import { buildServer, spawnBuilt } from './test/server-process.js';

const serverRoot = fileURLToPath(new URL('..', import.meta.url));

// The process `npm start` ends in: the esbuild bundle, run with node, on the suite's database.
describe('built server process', () => {
  it('migrates, runs pending repairs, prints URL and where the accounts are but never SEED_PASSWORD, serves sign-in, and exits 0 on SIGTERM', async () => {
    const out = join(serverRoot, `.test-dist-${process.pid}`);
    buildServer(out);
    // The start runs the one-time repairs not yet recorded (docs/server.md): make one pending.
    const sql = new pg.Client({ connectionString: inject('databaseUrl') });
    await sql.connect();
    await sql.query(`delete from maintenance_runs where name = 'rescope-trends'`);
    const { child, port, output } = await spawnBuilt(out, {
      // Password sign-in of the back-office without the jigsaw, to see the process serve it.
      LOGIN_CAPTCHA_ENTRANCES: 'none',
    });
    try {
      await new Promise<void>((resolve, reject) => {
        child.stdout?.on('data', () => output().includes('accounts') && resolve());
        child.on('exit', (code) => reject(new Error(`server exited ${code}: ${output()}`)));
      });
      expect(output()).toContain(`http://localhost:${port}/pc/`);
      expect(output()).toContain('SEED_PASSWORD (not printed)');
      expect(output()).not.toContain(SEED_PASSWORD_FOR_TESTS);
      expect(output()).toContain('rescope-trends: ');
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
