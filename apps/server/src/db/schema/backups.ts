import { bigint, pgTable, text } from 'drizzle-orm/pg-core';
import { moment } from './columns.js';

/**
 * Scheduled backups (src/backup): one row per schedule slot. The process whose insert of a slot
 * succeeds makes that slot's dump, so several processes on one database dump once (docs/deploy.md).
 */
export const backupRuns = pgTable('backup_runs', {
  slot: moment('slot').primaryKey(),
  startedAt: moment('started_at').notNull().defaultNow(),
  finishedAt: moment('finished_at'),
  /** The file's name in the backup folder of `host`. */
  file: text('file'),
  bytes: bigint('bytes', { mode: 'number' }),
  error: text('error'),
  host: text('host').notNull(),
});
