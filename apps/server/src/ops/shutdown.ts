import type { Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type PgBoss from 'pg-boss';
import type { BackupScheduler } from '../backup/scheduler.js';
import type { Database } from '../db/client.js';
import { stopJobs } from '../jobs/boss.js';

export interface ServerParts {
  app: FastifyInstance;
  database: Database;
  boss?: PgBoss | undefined;
  scheduler?: BackupScheduler | undefined;
  metrics?: Server | undefined;
}

const closeServer = (s: Server | undefined) => new Promise<void>((r) => (s ? s.close(() => r()) : r()));

/**
 * Graceful shutdown (SIGTERM): /readyz turns 503 and event streams end (the app's preClose),
 * the listener closes so no new request is taken, in-flight requests finish, the analyses
 * running here finish (the app's onClose stops the queue after the current job), a running
 * backup finishes, then pg-boss and the database close. True when all of it ended within
 * `graceMs`; false when the limit cut it short (jobs left running are taken up again by the
 * queue's retry and the stale-record sweep, docs/records.md "Jobs").
 */
export async function shutdown(parts: ServerParts, graceMs: number): Promise<boolean> {
  const deadline = Date.now() + graceMs;
  const work = (async () => {
    await parts.app.close();
    await parts.scheduler?.stop();
    if (parts.boss) await stopJobs(parts.boss, Math.max(1000, deadline - Date.now()));
    await closeServer(parts.metrics);
    await parts.database.close();
    return true;
  })();
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), graceMs);
  });
  try {
    return await Promise.race([work, limit]);
  } finally {
    clearTimeout(timer);
  }
}
