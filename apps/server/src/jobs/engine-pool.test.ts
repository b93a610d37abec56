import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_ERRORS, USER_PATHS } from '@tcm/contract';
import { isAppError, type AppError } from '../http/app-error.js';
import { call } from '../test/http.js';
import { DATA, dataFile, userWithToken } from '../test/records-helpers.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { loadConfig } from '../config.js';
import { EnginePool } from './engine-pool.js';

let t: TestApp;
let token: string;
/** One child, test jobs allowed: the crash, hang and busy cases of the pool. */
const pool = new EnginePool({ size: 1, maxQueue: 1, testJobs: true });
const PULSE = { kind: 'decode', capture: 'pulse', name: 'ppg.csv' } as const;

beforeAll(async () => {
  t = await createTestApp();
  token = (await userWithToken(t, { entrance: 'member' })).token;
});
afterAll(async () => {
  await pool.close();
  await t.close();
});

const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => 0,
    (e: unknown) => (isAppError(e) ? e.def.code : -1),
  );

/** Calls a light route every 20 ms until `stop` settles; answers the statuses and the slowest answer. */
async function keepCalling(stop: Promise<unknown>) {
  let done = false;
  void stop.finally(() => (done = true)).catch(() => undefined);
  const statuses: number[] = [];
  let slowest = 0;
  while (!done) {
    const t0 = performance.now();
    statuses.push((await call(t.app, 'GET', USER_PATHS.currentUser, token)).status);
    slowest = Math.max(slowest, performance.now() - t0);
    await new Promise((r) => setTimeout(r, 20));
  }
  return { statuses, slowest };
}

describe('engine pool: crash isolation, timeouts, bounded queue', () => {
  it('a child that exits or is killed fails only its job (4003002); the next job runs in a fresh child, the server answers throughout', async () => {
    const bytes = dataFile('pulse/bidmc01.csv');
    expect(await pool.run({ ...PULSE, source: { bytes } }, { timeoutMs: 30000 })).toBeNull();
    for (const act of ['exit', 'kill'] as const) {
      const crash = pool.run({ kind: 'test', act }, { timeoutMs: 30000 });
      const [code, light] = await Promise.all([codeOf(crash), keepCalling(crash)]);
      expect(code, act).toBe(JOB_ERRORS.ENGINE_CRASHED.code);
      expect(await crash.catch((e: { data: unknown }) => e.data)).toEqual(
        act === 'exit' ? { exitCode: 70, signal: null } : { exitCode: null, signal: 'SIGKILL' },
      );
      expect(light.statuses.every((s) => s === 200)).toBe(true);
      expect(await pool.run({ ...PULSE, source: { bytes } }, { timeoutMs: 30000 }), `after ${act}`).toBeNull();
    }
  });

  it('a hung job is killed after its timeout (4003003) and the pool goes on', async () => {
    const hang = pool.run({ kind: 'test', act: 'hang' }, { timeoutMs: 1500 });
    const [code, light] = await Promise.all([codeOf(hang), keepCalling(hang)]);
    expect(code).toBe(JOB_ERRORS.ENGINE_TIMEOUT.code);
    // The busy loop ran in the child: the API answered all along.
    expect(light.statuses.length).toBeGreaterThan(5);
    expect(light.slowest).toBeLessThan(1000);
    expect(
      await pool.run({ ...PULSE, source: { bytes: dataFile('pulse/bidmc01.csv') } }, { timeoutMs: 30000 }),
    ).toBeNull();
  });

  it('answers 4003001 (busy) when the queue is full, and engine errors keep their own code', async () => {
    const running = pool.run({ kind: 'test', act: 'sleep', ms: 1500 }, { timeoutMs: 30000 });
    await new Promise((r) => setTimeout(r, 100));
    const queued = pool.run({ ...PULSE, source: { bytes: dataFile('pulse/bidmc01.csv') } }, { timeoutMs: 30000 });
    const busy = await pool.run({ kind: 'test', act: 'sleep', ms: 1 }, { timeoutMs: 30000 }).catch((e: unknown) => e);
    expect((busy as AppError).def.code).toBe(JOB_ERRORS.ENGINE_BUSY.code);
    // It says when to come back (the error handler's Retry-After): a refusal, not a failure.
    expect((busy as AppError).data).toMatchObject({ queued: 1, retryAfterS: 2 });
    expect(pool.load).toEqual({ queued: 1, running: 1 });
    await running;
    expect(await queued).toBeNull();
    // An unreadable file is the decoder's answer (4000004), not a pool failure.
    const junk = new TextEncoder().encode('a,b\nx,y\n');
    const junkCode = await codeOf(pool.run({ ...PULSE, source: { bytes: junk } }, { timeoutMs: 30000 }));
    expect(junkCode).toBeGreaterThan(0);
    expect(Object.values(JOB_ERRORS).map((d) => d.code)).not.toContain(junkCode);
  });

  it('refuses test jobs where they are not enabled (the server’s own pool)', async () => {
    expect(await codeOf(t.app.ctx.engines.run({ kind: 'test', act: 'exit' }, { timeoutMs: 30000 }))).toBe(-1);
    expect(
      await codeOf(
        t.app.ctx.engines.run({ ...PULSE, source: { bytes: dataFile('pulse/bidmc01.csv') } }, { timeoutMs: 30000 }),
      ),
    ).toBe(0);
  });

  it('the models load in the children, out of reach of a 30 KB command line of the API process (issue 18)', async () => {
    // onnxruntime-node 1.30 segfaults creating a session in such a process; inline, this one crashes.
    const cli = fileURLToPath(new URL('../test/pool-analyze-cli.ts', import.meta.url));
    const tsx = createRequire(import.meta.url).resolve('tsx');
    const longArgs = Array.from({ length: 6000 }, (_, i) => String(100000 + i));
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', tsx, cli, `${DATA}tongue/images/TE0000458.jpg`, ...longArgs],
      { env: { ...process.env, ENGINE_POOL_SIZE: '1' }, timeout: 120_000 },
    );
    expect(stdout.trim()).toBe('tongue done');
  }, 150_000);
});

/** Child processes of this process (any of its threads may have forked them). */
function childPids(): Set<number> {
  const out = new Set<number>();
  for (const task of readdirSync(`/proc/${process.pid}/task`)) {
    const list = readFileSync(`/proc/${process.pid}/task/${task}/children`, 'utf8').trim();
    for (const pid of list.split(/\s+/).filter(Boolean)) out.add(Number(pid));
  }
  return out;
}

describe('engine children yield the CPU to the API process (issue 25 item 7)', () => {
  it('run ENGINE_NICE (default 10) nicer than the API process', async () => {
    expect(loadConfig({}).engines.nice).toBe(10);
    const before = childPids();
    const nice = new EnginePool({ size: 2, maxQueue: 1, nice: 7 });
    try {
      nice.warm();
      const mine = [...childPids()].filter((pid) => !before.has(pid));
      expect(mine).toHaveLength(2);
      // No job is run here: on a shared, loaded machine a niced child waits behind everyone else.
      for (const pid of mine) expect(getPriority(pid)).toBe(Math.min(19, getPriority() + 7));
    } finally {
      await nice.close();
    }
  });
});
