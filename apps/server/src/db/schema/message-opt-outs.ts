import { pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * Messages a person has stopped by the unsubscribe link (docs/member.md "Unsubscribe"): one row
 * per person and message kind; the sender of that kind skips them. The row goes with the account.
 */
export const messageOptOuts = pgTable(
  'message_opt_out',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);
