import type { AppConfig } from '../config.js';
import type { Database } from '../db/client.js';
import { runMigrations } from '../db/migrate.js';
import { runPendingMaintenance } from '../maintenance/maintenance.js';
import { seedIfEmpty, seedLines } from '../seed/seed.js';
import { startJobs, stopJobs } from '../jobs/boss.js';
import { ANALYZE_QUEUE } from '../modules/analysis/queue.js';
import { WEBHOOK_QUEUE } from '../modules/open-api/webhooks.js';
import { RESEARCH_QUEUE } from '../modules/research/research.queue.js';

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
 * pg-boss's schema and the app's queues, made once by a cluster's primary before it forks its
 * workers (ops/cluster.ts). Two workers installing them at the same moment met PostgreSQL's
 * "deadlock detected" and one exited at start (bench:mixed with WORKERS=2, session 22); the
 * primary's restart hid it. Each worker's own start then finds them made.
 */
export async function prepareQueues(database: Database): Promise<void> {
  const boss = await startJobs(database);
  try {
    for (const queue of [ANALYZE_QUEUE, WEBHOOK_QUEUE, RESEARCH_QUEUE]) await boss.createQueue(queue);
  } finally {
    await stopJobs(boss, 1000);
  }
}

export function bannerLines(config: AppConfig, embedded: boolean, seconds: number, workers = 1): string[] {
  const base = `http://localhost:${config.port}`;
  return [
    '',
    `TCM platform ready in ${seconds.toFixed(1)} s (${embedded ? `embedded PGlite in ${config.dataDir}/db` : 'PostgreSQL from DATABASE_URL'}${workers > 1 ? `, ${workers} worker processes` : ''})`,
    `  web app : ${base}/pc/${config.webDist ? '' : '  (not built)'}`,
    `  API     : ${base}/backend/   docs: ${base}/backend/docs`,
    ...(config.metrics.port ? [`  metrics : http://${config.metrics.host}:${config.metrics.port}/metrics`] : []),
  ];
}
