// Issue 18 item 5: a server started with its own CLIENT_ID / CLIENT_SECRET (as docs/server.md
// describes) and nothing else set: the web app it serves signs in with that client. This
// journey starts that second server itself (the build of scripts/e2e.sh, a fresh DATA_DIR).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PASSWORD } from './browser.js';
import { journeyHooks } from './hooks.js';
import { fillLogin } from './helpers.js';

const CLIENT = { id: 'clinic-portal-e2e', secret: `s-${Math.random().toString(36).slice(2)}` };
let page: Page;
let errors: string[];
let server: ChildProcess;
let dataDir: string;
let base: string;

journeyHooks(
  { viewport: { width: 1400, height: 900 } },
  (j) => ({ page, errors } = j),
  () => page,
);

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'tcm-e2e-client-'));
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ['apps/server/dist/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_PASSWORD: PASSWORD,
      WEB_DIST: join(process.cwd(), 'apps/web/dist'),
      LOG_LEVEL: 'warn',
      CLIENT_ID: CLIENT.id,
      CLIENT_SECRET: CLIENT.secret,
    },
    stdio: 'ignore',
  });
  for (let i = 0; i < 240; i++) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    if (
      await fetch(`${base}/pc/`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not start');
}, 150_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe('sign-in with the client the server is configured with', () => {
  it('a doctor signs in through the page of a server with its own CLIENT_ID / CLIENT_SECRET', async () => {
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/signin')) sent.push(r.headers()['authorization'] ?? '');
    });
    await page.goto(`${base}/pc/keyan-login`);
    await fillLogin(page, 'doctor');
    await page.waitForURL(/\/pc\/doctor\/home$/);
    expect(sent).toEqual([`Basic ${Buffer.from(`${CLIENT.id}:${CLIENT.secret}`).toString('base64')}`]);
    expect(errors).toEqual([]);
  });
});
