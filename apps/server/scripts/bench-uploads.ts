/**
 * Event-loop stall under a burst of 10 MB pulse uploads (issue 24 item 7), inline vs the engine
 * pool: `npm run bench:uploads -w @tcm/server`. For each mode it builds the real app on one fresh
 * embedded database, uploads BENCH_UPLOADS (6) files of 10 MB, BENCH_CONCURRENCY (2) at a time,
 * each followed by a record whose pulse engine runs on it, while a light request (the current
 * user) is sent every 20 ms. It prints the max event-loop delay and the p50/p99/max of the light
 * request over the burst, after the same figures over BENCH_BASELINE_S (10) seconds of light
 * requests alone (the reference). Issue 35 item 10's burst: BENCH_UPLOADS=20 BENCH_CONCURRENCY=20.
 * ENGINE_POOL_SIZE=0 is the code as it was: decode and engines on the API thread. Requests go
 * through `app.inject` in this process, so the client shares the loop.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { FILE_PATHS, MAX_UPLOAD_BYTES, RECORD_PATHS, USER_PATHS } from '@tcm/contract';
import { buildApp } from '../src/app.js';
import { loadConfig, type AppConfig } from '../src/config.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { runMigrations } from '../src/db/migrate.js';
import { startJobs, stopJobs } from '../src/jobs/boss.js';
import { basicHeader } from '../src/modules/auth/client-auth.js';
import { bigPulseCsv } from '../src/test/big-pulse.js';
import { multipart, userWithToken } from '../src/test/records-helpers.js';
import type { TestApp } from '../src/test/test-app.js';
import { profiled, summarize } from './bench-profile.js';

const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 6);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 2);
/** Seconds of light requests alone, measured first as the reference (0: none). */
const BASELINE_S = Number(process.env.BENCH_BASELINE_S ?? 10);
/** A .cpuprofile path: the burst runs under the V8 profiler and its top frames are printed. */
const PROFILE = process.env.BENCH_PROFILE;

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0;
};

/** A signed-in member, through the tests' own sign-in helper (it follows the sign-in rules). */
async function token(app: FastifyInstance, database: Database, config: AppConfig): Promise<string> {
  const t: TestApp = {
    app,
    database,
    config,
    client: basicHeader(config.clientId, config.clientSecret),
    close: async () => {},
  };
  return (await userWithToken(t, { entrance: 'member' })).token;
}

async function uploadAndAnalyze(app: FastifyInstance, auth: string, file: ReturnType<typeof multipart>) {
  const up = await app.inject({
    method: 'POST',
    url: FILE_PATHS.upload,
    headers: { ...file.headers, authorization: auth },
    payload: file.payload,
  });
  const answer = up.json<{ code: number; data?: { uuid: string } }>();
  // A burst beyond the upload and engine queue limits is answered 503 busy: counted, not fatal.
  if (answer.code !== 0 || !answer.data) return `upload refused ${up.statusCode} ${answer.code}`;
  const created = await app.inject({
    method: 'POST',
    url: RECORD_PATHS.create,
    headers: { authorization: auth },
    payload: { files: { pulse: answer.data.uuid } },
  });
  const record = created.json<{ code: number; data?: { recordId: string } }>();
  if (record.code !== 0 || !record.data) return `record refused ${created.statusCode} ${record.code}`;
  const id = record.data.recordId;
  for (;;) {
    const r = await app.inject({ method: 'GET', url: RECORD_PATHS.detail(id), headers: { authorization: auth } });
    const status = r.json<{ data: { status: string } }>().data.status;
    if (status === 'done' || status === 'failed') return status;
    await new Promise((res) => setTimeout(res, 200));
  }
}

async function measure(database: Database, poolSize: string, withBurst: boolean) {
  const dataDir = mkdtempSync(join(tmpdir(), 'tcm-bench-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ENGINE_POOL_SIZE: poolSize,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
  });
  const boss = await startJobs(database);
  const app = await buildApp(config, { database, boss });
  await app.ready();
  try {
    const auth = `Bearer ${await token(app, database, config)}`;
    const file = multipart([{ field: 'file', filename: 'long.csv', value: bigPulseCsv(MAX_UPLOAD_BYTES - 4096) }]);
    await uploadAndAnalyze(app, auth, file); // warm-up: pool child start, engine code loaded

    const statuses: string[] = [];
    let next = 0;
    const burst = async (): Promise<void> => {
      if (!withBurst) return new Promise<void>((r) => setTimeout(r, BASELINE_S * 1000));
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (next < UPLOADS) {
            next++;
            statuses.push(await uploadAndAnalyze(app, auth, file));
          }
        }),
      );
    };
    const loop = monitorEventLoopDelay({ resolution: 10 });
    const light: number[] = [];
    let busy = true;
    loop.enable();
    const t0 = performance.now();
    const pinger = (async () => {
      while (busy) {
        const s = performance.now();
        await app.inject({ method: 'GET', url: USER_PATHS.currentUser, headers: { authorization: auth } });
        light.push(performance.now() - s);
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    try {
      if (PROFILE && withBurst) console.log(summarize(await profiled(PROFILE, burst), 25));
      else await burst();
    } finally {
      busy = false;
      await pinger;
    }
    loop.disable();
    const pool = poolSize === '0' ? 'inline (before)' : `pool of ${config.engines.poolSize} (after)`;
    return {
      mode: withBurst ? pool : `no burst, ${pool}`,
      seconds: ((performance.now() - t0) / 1000).toFixed(1),
      done: statuses.filter((s) => s === 'done').length,
      refused: [...new Set(statuses.filter((s) => s.includes('refused')))].map(
        (r) => `${statuses.filter((s) => s === r).length}× ${r}`,
      ),
      maxLoopDelayMs: Math.round(loop.max / 1e6),
      light: light.length,
      p50: Math.round(quantile(light, 0.5)),
      p99: Math.round(quantile(light, 0.99)),
      max: Math.round(Math.max(...light)),
    };
  } finally {
    await app.close();
    await stopJobs(boss, 1000);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const dbDir = mkdtempSync(join(tmpdir(), 'tcm-bench-db-'));
const database = await openDatabase({ dataDir: dbDir });
await runMigrations(database.db);
const modes = (process.env.BENCH_MODES ?? `0,${loadConfig({}).engines.poolSize}`).split(',');
console.log(
  `burst: ${UPLOADS} uploads of 10 MB pulse CSV, ${CONCURRENCY} at a time, each analyzed; light GET every 20 ms`,
);
const runs = [
  ...(BASELINE_S > 0 ? [{ mode: modes[modes.length - 1]!, withBurst: false }] : []),
  ...modes.map((mode) => ({ mode, withBurst: true })),
];
for (const { mode, withBurst } of runs) {
  const r = await measure(database, mode, withBurst);
  console.log(
    `${r.mode.padEnd(28)} ${r.seconds} s, ${withBurst ? `${r.done}/${UPLOADS} done${r.refused.length ? ` (${r.refused.join(', ')})` : ''}` : 'no uploads'} | max event-loop delay ${r.maxLoopDelayMs} ms | ` +
      `light request (n=${r.light}) p50 ${r.p50} ms, p99 ${r.p99} ms, max ${r.max} ms`,
  );
}
await database.close();
rmSync(dbDir, { recursive: true, force: true });
