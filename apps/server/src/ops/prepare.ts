import pg from 'pg';
import type { AppConfig } from '../config.js';
import type { Database } from '../db/client.js';
import { runMigrations } from '../db/migrate.js';
import { runPendingMaintenance } from '../maintenance/maintenance.js';
import { seedIfEmpty, seedLines } from '../seed/seed.js';
import { startJobs, stopJobs } from '../jobs/boss.js';
import { createQueues } from '../jobs/queues.js';

/**
 * The once-per-start work on the database: migrations, pending one-time repairs, the first
 * seed. A cluster's primary does it before forking, so workers never race each other at it.
 * Returns the lines about seeded accounts for the banner.
 */
export async function prepareDatabase(database: Database, config: AppConfig): Promise<string[]> {
  await runMigrations(database.db);
  // One-time repairs of stored data, recorded in maintenance_runs (docs/server.md).
  await runPendingMaintenance(database.db, console);
  return seedLines(await seedIfEmpty(database.db, config));
}

/**
 * pg-boss's schema and the app's queues (jobs/queues.ts), made once by a cluster's primary before it forks its
 * workers (ops/cluster.ts). Two workers installing them at the same moment met PostgreSQL's
 * "deadlock detected" and one exited at start (bench:mixed with WORKERS=2, session 22); the
 * primary's restart hid it. Each worker's own start then finds them made.
 */
export async function prepareQueues(database: Database): Promise<void> {
  const boss = await startJobs(database);
  try {
    await createQueues(boss);
  } finally {
    await stopJobs(boss, 1000);
  }
}

/** Advisory lock (two-key form) held while one process prepares a shared database; apart from queue-limits.ts's space. */
export const PREPARE_LOCK: readonly [number, number] = [0x74636d, 1];

/**
 * Runs a start's preparation while holding a session advisory
 * lock on PostgreSQL, on a connection of its own (a pool of one stays free for `prepare`): hosts
 * started together on one database prepare it one after the other, and the later ones find it
 * done. Without it, two hosts starting at once both ran the same migration or installed
 * pg-boss's schema together ("deadlock detected", docs/deploy.md "Several processes"), and one
 * exited at start. Ending the connection releases the lock, whatever `prepare` did.
 */
async function oneAtATime<T>(databaseUrl: string, prepare: () => Promise<T>): Promise<T> {
  const lock = new pg.Client({ connectionString: databaseUrl });
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock($1, $2)', [...PREPARE_LOCK]);
    return await prepare();
  } finally {
    await lock.end().catch(() => undefined);
  }
}

/**
 * The start's preparation on PostgreSQL (a single process, or a cluster's primary): the
 * database, then the queues, one host at a time. Returns the banner's seed lines.
 */
export const prepareShared = (database: Database, config: AppConfig, databaseUrl: string): Promise<string[]> =>
  oneAtATime(databaseUrl, async () => {
    const lines = await prepareDatabase(database, config);
    await prepareQueues(database);
    return lines;
  });

export function bannerLines(config: AppConfig, embedded: boolean, seconds: number, workers = 1): string[] {
  const base = `http://localhost:${config.port}`;
  return [
    '',
    `TCM platform ready in ${seconds.toFixed(1)} s (${embedded ? `embedded PGlite in ${config.dataDir}/db` : 'PostgreSQL from DATABASE_URL'}${workers > 1 ? `, ${workers} worker processes` : ''})`,
    `  web app : ${base}/pc/${config.webDist ? '' : '  (not built)'}`,
    `  API     : ${base}/backend/   docs: ${base}/backend/docs`,
    ...(config.metrics.port ? [`  metrics : http://${config.metrics.host}:${config.metrics.port}/metrics`] : []),
    ...(embedded ? [] : unsharedKeysLine(config)),
  ];
}

/**
 * On PostgreSQL, the keys every host must share that this one keeps in its own
 * DATA_DIR/secrets.json (generated there, not set in the env): fine for one host, but a second
 * host would generate others and refuse this one's tokens, partner secrets and file URLs
 * (docs/deploy.md "Several hosts on one database"). Said at start, so it is set before that.
 */
function unsharedKeysLine(config: AppConfig): string[] {
  const unset = Object.entries({
    JWT_SECRET: config.jwtSecret,
    OPEN_API_SECRET_KEY: config.openApi.secretKey,
    FILE_URL_KEY: config.files.urlKey,
  }).flatMap(([name, value]) => (value ? [] : [name]));
  if (!unset.length) return [];
  return [
    `  keys    : ${unset.join(', ')} generated into this host's DATA_DIR/secrets.json; set them in the env, the same on every host, before adding another (docs/deploy.md "Several hosts on one database")`,
  ];
}
