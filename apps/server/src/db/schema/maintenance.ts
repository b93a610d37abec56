import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { moment } from './columns.js';

/**
 * One-time repairs of stored data that have finished (apps/server/src/maintenance): a name is
 * here once its repair ran to the end, so the server start runs it no more (docs/server.md).
 */
export const maintenanceRuns = pgTable('maintenance_runs', {
  name: text('name').primaryKey(),
  finishedAt: moment('finished_at').notNull().defaultNow(),
  /** What the run did, e.g. `{ repaired: 3 }`: counts only, never names or phones. */
  detail: jsonb('detail').$type<Record<string, unknown>>(),
});
