import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Scheduled backups (src/backup): one row per schedule slot. The process whose insert of a slot
 * succeeds makes that slot's dump, so several processes on one database dump once (docs/deploy.md).
 */
export const backupRuns = pgTable('backup_runs', {
  slot: timestamp('slot', { withTimezone: true }).primaryKey(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  /** The file's name in the backup folder of `host`. */
  file: text('file'),
  bytes: bigint('bytes', { mode: 'number' }),
  error: text('error'),
  host: text('host').notNull(),
});
