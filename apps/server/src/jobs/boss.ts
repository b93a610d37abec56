import PgBoss from 'pg-boss';
import type { Database } from '../db/client.js';

/**
 * Starts the pg-boss queue on the app's own pool (schema `pgboss`). Sharing the pool matters
 * for PGlite, which serves a single connection; on PostgreSQL it simply saves connections.
 * Later issues register queues and workers on the returned instance.
 */
export async function startJobs(database: Database, opts: { onError?: (e: Error) => void } = {}): Promise<PgBoss> {
  const boss = new PgBoss({
    db: { executeSql: (text, values) => database.pool.query(text, values) },
    schema: 'pgboss',
    // Maintenance and cron polling every few seconds would keep PGlite's one connection busy.
    supervise: true,
    schedule: false,
    maintenanceIntervalSeconds: 300,
  });
  boss.on('error', (e: Error) => opts.onError?.(e));
  await boss.start();
  return boss;
}

/** Stops the queue, letting running jobs finish for up to `graceMs`. */
export async function stopJobs(boss: PgBoss, graceMs = 5000): Promise<void> {
  await boss.stop({ graceful: true, timeout: graceMs, wait: true, close: false });
}
