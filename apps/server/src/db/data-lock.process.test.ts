import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AUTH_PATHS, CONSOLE_PATHS } from '@tcm/contract';
import { basicHeader } from '../modules/auth/client-auth.js';
import { SEED_PASSWORD_FOR_TESTS } from '../test/global-setup.js';
import { runServerScript, spawnServer, untilReady, type ServerProcess } from '../test/server-process.js';

const dataDir = mkdtempSync(join(tmpdir(), 'tcm-lock-proc-'));
const folder = join(dataDir, 'db');
const running: ServerProcess[] = [];
afterAll(() => {
  for (const s of running) s.child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(): Promise<ServerProcess> {
  const s = await spawnServer(dataDir);
  running.push(s);
  return s;
}

async function adminToken(s: ServerProcess): Promise<string> {
  const res = await fetch(s.base + AUTH_PATHS.pwdSignin, {
    method: 'POST',
    headers: {
      authorization: basicHeader('tcm-web', 'tcm-web-secret'),
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ loginName: 'admin', loginPassword: SEED_PASSWORD_FOR_TESTS }),
  });
  const body = (await res.json()) as { code: number; data: { access_token: string } };
  expect(body.code).toBe(0);
  return body.data.access_token;
}

async function teamNames(s: ServerProcess): Promise<string[]> {
  const res = await fetch(s.base + CONSOLE_PATHS.teamList, {
    headers: { authorization: `Bearer ${await adminToken(s)}` },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { name: string }[] }).data.map((t) => t.name);
}

const checkFolder = () => runServerScript(['src/db/check-cli.ts'], { DATA_DIR: dataDir });

// Real processes on one real folder, one after the other (several PGlite starts with migrations
// and the seed: minutes on the shared 2-core machine).
describe('one embedded data folder, several server processes (issue 35 items 1-2)', () => {
  it("refuses a second server with the holder named, keeps the first one's record, takes over a killed one's lock, names a damaged folder and the way back", async () => {
    const first = await start();
    await untilReady(first);
    const created = await fetch(first.base + CONSOLE_PATHS.teamAdd, {
      method: 'POST',
      headers: { authorization: `Bearer ${await adminToken(first)}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: '锁 lock team' }),
    });
    expect(created.status).toBe(200);

    // The second process on the folder: exits at once, non-zero, naming the folder and the holder.
    const second = await start();
    expect(await second.exited).not.toBe(0);
    const holder = JSON.parse(readFileSync(`${folder}.lock`, 'utf8')) as { startedAt: string };
    expect(second.output()).toContain(
      `the embedded database in ${folder} is in use by pid ${first.child.pid} on host ${hostname()}, started ${holder.startedAt}`,
    );
    expect(second.output()).not.toContain('Aborted');
    expect(await teamNames(first)).toContain('锁 lock team');
    // db:check is refused too while a server runs: it would be a second process on the folder.
    const busy = await checkFolder();
    expect(busy.code).toBe(1);
    expect(busy.output).toContain(`in use by pid ${first.child.pid}`);

    // kill -9 leaves its lock behind; the next start judges it stale and takes it over.
    first.child.kill('SIGKILL');
    await first.exited;
    expect(existsSync(`${folder}.lock`)).toBe(true);
    const third = await start();
    await untilReady(third);
    expect(await teamNames(third)).toContain('锁 lock team');
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
    expect(existsSync(`${folder}.lock`)).toBe(false);

    const good = await checkFolder();
    expect(good.output).toMatch(/ok {3}\d+ of \d+ migrations applied/);
    expect(good.output).toMatch(/ok {3}\d+ tables read to their end/);
    expect(good.code).toBe(0);

    // A damaged folder (its write-ahead log zeroed: PGlite's bare `Aborted()` before this fix).
    const wal = join(folder, 'pg_wal');
    for (const f of readdirSync(wal).filter((n) => /^[0-9A-F]{24}$/.test(n)))
      writeFileSync(join(wal, f), Buffer.alloc(16 * 1024 * 1024));
    const damaged = await start();
    expect(await damaged.exited).toBe(1);
    const said = damaged.output();
    expect(said).toContain(`the embedded database in ${folder} could not start (phase: opening the data folder)`);
    expect(said).toContain(`DATA_DIR=${dataDir} npm run -s backup -w @tcm/server -- restore <file> --force`);
    expect(said).toContain(`DATA_DIR=${dataDir} npm run -s db:check -w @tcm/server`);
    // The failed start leaves no lock behind.
    expect(existsSync(`${folder}.lock`)).toBe(false);
    const bad = await checkFolder();
    expect(bad.code).toBe(1);
    expect(bad.output).toContain('phase: opening the data folder');
  }, 900_000);
});
