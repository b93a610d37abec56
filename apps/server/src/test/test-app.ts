import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig, type AppConfig } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';
import { basicHeader } from '../modules/auth/client-auth.js';
import { startJobs, stopJobs } from '../jobs/boss.js';
import { eq } from 'drizzle-orm';
import { loginFailures } from '../db/schema/auth.js';
import { loginKeys } from '../modules/auth/login-guard.service.js';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: AppConfig;
  /** The fixed client Basic header. */
  client: string;
  close(): Promise<void>;
}

/** An in-process app on the suite's shared database; `env` overrides configuration. */
export async function createTestApp(
  env: Record<string, string> = {},
  extraPlugins: FastifyPluginAsync[] = [],
  opts: { jobs?: boolean; logStream?: Writable } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tcm-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    // All suites' records come from 127.0.0.1 and would add up (queue-limits.test.ts sets its own).
    QUEUED_RECORDS_PER_ADDRESS: '100000',
    // Suites leave records queued in the shared database; analysis-queue.test.ts sets its own bound.
    ANALYSIS_QUEUE_MAX: '0',
    // Engine children at the runner's priority: on a shared, loaded machine a niced child waits
    // behind every other process and the record suites' analyses would time out
    // (engine-pool.test.ts checks ENGINE_NICE).
    ENGINE_NICE: '0',
    // A failed analysis is retried after 1 s and 2 s instead of 2 s and 4 s: the suites that
    // exhaust the retries wait on the clock, in both server runs of `npm test` (docs/conventions.md).
    ANALYSIS_RETRY_DELAY_S: '1',
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    LOG_LEVEL: 'silent',
    // Every inject comes from 127.0.0.1: tests of the IP lock and of the registration limits use
    // their own remoteAddress and limits.
    LOGIN_IP_MAX_FAILURES: '100000',
    // Suites sign in to the back-office by password; the captcha suites switch it back on.
    LOGIN_CAPTCHA_ENTRANCES: 'none',
    // No proof of work in suites that sign in through a captcha for other reasons; captcha suites ask for it.
    CAPTCHA_POW_BITS: '0',
    REGISTER_PER_HOUR: '100000',
    REGISTER_CHECKS_PER_HOUR: '100000',
    ...env,
  });
  // A single connection, like PGlite serves; pool clients share nothing across files.
  const database = await openDatabase({ databaseUrl: inject('databaseUrl'), poolMax: 1 });
  // Every inject comes from 127.0.0.1 and the suites share one database: failed sign-ins that an
  // earlier suite left on that address (refused captchas count since issue 35) must not lock the
  // next suite out. Suites that test the address lock use addresses of their own.
  await database.db.delete(loginFailures).where(eq(loginFailures.key, loginKeys('', '127.0.0.1').ip));
  // The record suites run the real pg-boss queue and its worker on the suite's database.
  const boss = opts.jobs ? await startJobs(database) : undefined;
  const app = await buildApp(config, { database, extraPlugins, boss, logStream: opts.logStream });
  await app.ready();
  return {
    app,
    database,
    config,
    client: basicHeader(config.clientId, config.clientSecret),
    async close() {
      await app.close();
      if (boss) await stopJobs(boss, 1000);
      await database.pool.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
